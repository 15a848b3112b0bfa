import Foundation
import PinPlatform

/// What the server takes from a client on the headers alone, before the route runs: the
/// media type each write declares, where a token may be sent, and, on a server without
/// tokens, that the request was meant for this server (`Host`) by one of its own pages
/// (`Origin`).
///
/// Without tokens anyone who reaches the port may write, so a browser must not be made to:
/// a page of another site can send a form, or a `text/plain` `fetch` (no preflight asks the
/// server first), to 127.0.0.1; and a name of the attacker's that resolves to 127.0.0.1 once
/// its page has loaded (DNS rebinding) reaches the port with that name as `Host`. The writes'
/// media types shut out the first, `Host` and `Origin` the second. With tokens the bearer
/// token is the check: a page cannot send a header with a token it does not know, and
/// `?access_token=` is taken only where a browser cannot send headers (``Route/takesQueryToken``).
///
/// The API grants no other origin (no `Access-Control-Allow-Origin`; a preflight `OPTIONS`
/// is answered 405): a web app is served from the service's own origin, as the live page is.
///
///     try RequestPolicy(configuration).check(route: route, host: "127.0.0.1:8080", origin: nil,
///                                            contentType: "application/json", queryToken: false)
struct RequestPolicy: Sendable {
    /// Whether `Host` and `Origin` are checked: on a server without tokens.
    var checksAddress: Bool
    /// Whether `?access_token=` is read at all: on a server with tokens.
    var checksQueryToken: Bool

    init(_ configuration: ServiceConfiguration) {
        checksAddress = configuration.tokens.isOpen
        checksQueryToken = !configuration.tokens.isOpen
    }

    /// The checks on `request`'s headers (see ``check(route:host:origin:contentType:queryToken:)``).
    func check(_ request: HTTPRequest, _ route: Route) throws(ServiceError) {
        try check(route: route, host: request.header("Host"), origin: request.header("Origin"),
                  contentType: request.header("Content-Type"), queryToken: request.query["access_token"] != nil)
    }

    /// Throws 403 when `host` names another server or `origin` another site (without
    /// tokens), 415 when a write's `contentType` is missing or not one its route takes
    /// (``Route/bodyTypes``), 401 for a token in the query of a route that takes none there.
    func check(route: Route, host: String?, origin: String?, contentType: String?, queryToken: Bool) throws(ServiceError) {
        if checksAddress {
            if let host, !isOwn(host: host) {
                throw ServiceError(status: 403, message: "Host: \"\(host.prefix(100))\" is not this server: without --tokens it answers only to a loopback address or localhost")
            }
            if let origin, !isOwn(origin: origin, host: host) {
                throw ServiceError(status: 403, message: "Origin: \(origin.prefix(100)) is another site; the API takes requests from its own pages only (no CORS)")
            }
        }
        let accepted = route.bodyTypes
        if !accepted.isEmpty {
            let type = contentType.flatMap { $0.split(separator: ";", maxSplits: 1).first }
                .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            guard accepted.contains(type) else {
                let sent = type.isEmpty ? "missing" : "\"\(type.prefix(100))\" is not taken here"
                throw ServiceError(status: 415, message: "Content-Type: \(sent); send \(Self.list(accepted))")
            }
        }
        if checksQueryToken, queryToken, route.access != nil, !route.takesQueryToken {
            throw ServiceError(status: 401, message: "access_token: a token in the query is taken by the events socket and the renders only; send Authorization: Bearer TOKEN")
        }
    }

    /// Whether a `Host` header (`name[:port]`, `[v6][:port]`) names this server, which
    /// listens on loopback without tokens: a loopback address, or `localhost` or a name under
    /// it (which browsers never look up). A name that DNS answers could be anyone's.
    func isOwn(host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("["), let end = name.firstIndex(of: "]") {
            name = name[name.index(after: name.startIndex)..<end]
        } else if let colon = name.lastIndex(of: ":"), !name[..<colon].contains(":"),
                  name[name.index(after: colon)...].allSatisfy(\.isASCIIDigit) {
            name = name[..<colon]
        }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, String(name), &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        if inet_pton(AF_INET6, String(name), &v6) == 1 {
            return withUnsafeBytes(of: &v6) { $0.elementsEqual([UInt8](repeating: 0, count: 15) + [1]) }
        }
        return false
    }

    /// Whether an `Origin` header is this server's own: the scheme and the very `Host` the
    /// request was sent to (`null`, a sandboxed or local page's, never is).
    func isOwn(origin: String, host: String?) -> Bool {
        guard let name = host?.lowercased() else { return false }
        let origin = origin.lowercased()
        return origin == "http://" + name || origin == "https://" + name
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
