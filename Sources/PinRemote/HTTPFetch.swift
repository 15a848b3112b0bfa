import Foundation
import PinPlatform
import PinRender

/// One GET of a pins URL, safe against a hostile server: redirects followed by hand under
/// ``RedirectPolicy``, the body (decompressed) refused past ``maxResponse`` bytes while it
/// is read, and one deadline for connecting, every redirect and the whole body.
///
/// ``HTTPClient`` (libsoup) does the HTTP: with its redirects off, the policy sees every
/// `Location` as sent, and reading the body stream a block at a time keeps memory at the limit.
struct HTTPFetch {
    var url: URL
    /// The user's headers, sent only to the first URL's scheme, host and port.
    var headers: [(name: String, value: String)]
    /// Seconds for the whole request.
    var timeout: Double
    /// The most body bytes accepted, after decompression.
    var maxResponse: Int

    /// The body of the final 2xx answer.
    func run() throws(FetchError) -> Data {
        guard RedirectPolicy.Origin(url) != nil else { throw .invalidURL }
        let deadline = HTTPDeadline(seconds: timeout)
        let client = try FetchError.mapping(HTTPClient(userAgent: "pinrender"))
        let policy = RedirectPolicy(first: url)
        var hop = RedirectPolicy.Hop(url: url, sendsHeaders: true)
        var redirects = 0
        while true {
            guard let request = HTTPClientRequest(method: "GET", url: hop.url, headers: hop.sendsHeaders ? headers : []) else {
                throw redirects == 0 ? .invalidURL : .unsupportedRedirect(to: PinSource.describe(address: hop.url.absoluteString))
            }
            let body = try FetchError.mapping(client.send(request, before: deadline))
            let status = request.status
            if [301, 302, 303, 307, 308].contains(status) {
                hop = try policy.follow(from: hop.url, location: request.responseHeader("Location"), status: status,
                                        redirectsSoFar: redirects)
                redirects += 1
                continue
            }
            guard (200..<300).contains(status) else { throw .status(status, phrase: request.standardPhrase) }
            if let length = request.announcedLength, length > maxResponse {
                throw .announcedTooLarge(length: length, limit: maxResponse)
            }
            return try FetchError.mapping(body.read(limit: maxResponse, before: deadline))
        }
    }
}
