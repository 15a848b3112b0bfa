import Foundation
import PinRender

/// Which redirects a pins request follows, and whether the user's headers go along: the
/// rules of `curl --location` without `--location-trusted`, and stricter.
///
/// - Only `http` and `https` targets are followed (never `file:`, `ftp:` ...).
/// - A redirect never leaves `https` for `http`.
/// - At most ``limit`` redirects.
/// - The user's headers (`Authorization`, `Cookie`, `Proxy-Authorization`, any `--header`)
///   go only to the scheme, host and port of the first URL.
///
/// ```swift
/// let policy = RedirectPolicy(first: URL(string: "https://api.example/pins")!)
/// let hop = try policy.follow(from: current, location: "https://cdn.example/p.json", redirectsSoFar: 0)
/// // hop.url is the CDN address, hop.sendsHeaders is false
/// ```
struct RedirectPolicy: Sendable {
    /// The most redirects followed for one request.
    static let limit = 10

    /// Scheme, host and port: what must stay the same for the headers to follow.
    struct Origin: Equatable, Sendable {
        var scheme: String
        var host: String
        var port: Int

        /// Nil for a URL that is not http(s) or has no host.
        init?(_ url: URL) {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = url.host?.lowercased(), !host.isEmpty else { return nil }
            self.scheme = scheme
            self.host = host
            port = url.port ?? (scheme == "https" ? 443 : 80)
        }
    }

    /// The next request of a redirect.
    struct Hop: Equatable {
        var url: URL
        /// Whether the user's headers are sent to ``url``.
        var sendsHeaders: Bool
    }

    /// Where the user's headers may go.
    let origin: Origin?

    init(first: URL) {
        origin = Origin(first)
    }

    /// The request that follows a redirect answered by `current`, or why there is none.
    /// - Parameters:
    ///   - current: the URL that answered with a redirect.
    ///   - location: its `Location` header, absolute or relative to `current`; nil when missing.
    ///   - status: the redirect's HTTP status, for messages.
    ///   - redirectsSoFar: how many redirects were followed before this one.
    func follow(from current: URL, location: String?, status: Int, redirectsSoFar: Int) throws(FetchError) -> Hop {
        guard let location, !location.isEmpty else { throw .redirectWithoutLocation(status: status) }
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL else {
            throw .unsupportedRedirect(to: PinSource.describe(address: location))
        }
        guard let next = Origin(target) else { throw .unsupportedRedirect(to: PinSource.describe(address: target.absoluteString)) }
        if current.scheme?.lowercased() == "https", next.scheme == "http" {
            throw .insecureRedirect(to: PinSource.describe(address: target.absoluteString))
        }
        guard redirectsSoFar < Self.limit else { throw .tooManyRedirects(limit: Self.limit) }
        return Hop(url: target, sendsHeaders: next == origin)
    }
}
