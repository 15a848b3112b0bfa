import Foundation
import PinPlatform
import PinRender

/// Why pins could not be fetched from a URL. ``problem`` is the sentence shown after the
/// URL; it never holds a header value.
enum FetchError: Error, Equatable {
    /// The `--pins` URL cannot be parsed.
    case invalidURL
    /// The n-th `--header` (from 1) is not `Name: value` or holds a line break.
    case badHeader(index: Int)
    /// A redirect to something other than http(s), or to an address that cannot be parsed.
    case unsupportedRedirect(to: String)
    /// A redirect from https to http.
    case insecureRedirect(to: String)
    case tooManyRedirects(limit: Int)
    case redirectWithoutLocation(status: Int)
    /// A final answer that is not 2xx.
    case status(Int, phrase: String)
    /// The server announced a body longer than the limit (`Content-Length`).
    case announcedTooLarge(length: Int64, limit: Int)
    /// The body grew past the limit while reading; `encoding` is the `Content-Encoding`
    /// when the limit was hit on the decompressed bytes.
    case tooLarge(limit: Int, encoding: String?)
    /// The whole request (connection, redirects, body) took longer than `seconds`.
    case deadline(seconds: Double)
    /// The network or the HTTP library failed; the library's message.
    case transport(String)

    /// The fetch's words for a failure of the HTTP client; libsoup's message kept to what
    /// prints on one line.
    init(_ error: HTTPClientError) {
        switch error {
        case .deadline(let seconds): self = .deadline(seconds: seconds)
        case .transport(let message): self = .transport(PinSource.printable(message))
        case .tooLarge(let limit, let encoding): self = .tooLarge(limit: limit, encoding: encoding)
        }
    }

    /// The result of `call`, its ``HTTPClientError`` mapped to the fetch's words.
    static func mapping<T>(_ call: @autoclosure () throws(HTTPClientError) -> T) throws(FetchError) -> T {
        do {
            return try call()
        } catch {
            throw FetchError(error)
        }
    }

    var problem: String {
        switch self {
        case .invalidURL:
            return "not a valid URL"
        case .badHeader(let index):
            return "--header number \(index) is not 'Name: value' on one line (e.g. 'Authorization: Bearer ...')"
        case .unsupportedRedirect(let target):
            return "redirected to \(target): refused, only http and https URLs with a host are followed"
        case .insecureRedirect(let target):
            return "redirected from https to \(target): refused, a redirect never leaves https for http"
        case .tooManyRedirects(let limit):
            return "more than \(limit) redirects: refused (a redirect loop?)"
        case .redirectWithoutLocation(let status):
            return "the server answered HTTP \(status) (a redirect) without a Location"
        case .status(let status, let phrase):
            return "the server answered HTTP \(status) \(phrase)"
        case .announcedTooLarge(let length, let limit):
            return "the server announces \(length) bytes, more than \(limit) bytes (--max-response); "
                + "raise --max-response if the pins are really that large"
        case .tooLarge(let limit, let encoding):
            let decompressed = encoding.map { " once decompressed (Content-Encoding: \($0))" } ?? ""
            return "the response is more than \(limit) bytes\(decompressed) (--max-response); "
                + "raise --max-response if the pins are really that large"
        case .deadline(let seconds):
            return "took longer than \(Self.format(seconds)) s (--timeout, for connecting, redirects and the whole body); "
                + "raise --timeout if the server is slow"
        case .transport(let message):
            return "cannot fetch the pins: \(message)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}
