import Foundation
import Testing
import PinRender
@testable import PinRemote

/// The redirect rules of `--pins URL`, without a network: what no local server can show
/// (https to http needs a trusted certificate) and the corners of origins.
@Suite struct RedirectPolicyTests {
    private let first = URL(string: "https://api.example/v1/pins")!

    private func hop(_ location: String?, from current: String? = nil, after redirects: Int = 0) throws(FetchError)
        -> RedirectPolicy.Hop {
        try RedirectPolicy(first: first).follow(from: current.flatMap(URL.init(string:)) ?? first, location: location,
                                                status: 302, redirectsSoFar: redirects)
    }

    @Test func headersFollowOnlyToTheFirstSchemeHostAndPort() throws {
        let cases: [(location: String, url: String, sendsHeaders: Bool)] = [
            ("/v2/pins", "https://api.example/v2/pins", true),
            ("pins?page=2", "https://api.example/v1/pins?page=2", true),
            ("https://API.example:443/x", "https://API.example:443/x", true),
            ("https://api.example:8443/x", "https://api.example:8443/x", false),
            ("https://cdn.example/x", "https://cdn.example/x", false),
            ("//evil.example/x", "https://evil.example/x", false),
            ("https://api.example@evil.example/x", "https://api.example@evil.example/x", false),
            ("https://api.example.evil.example/x", "https://api.example.evil.example/x", false),
        ]
        for (location, url, sendsHeaders) in cases {
            let next = try hop(location)
            #expect(next.url.absoluteString == url, "\(location)")
            #expect(next.sendsHeaders == sendsHeaders, "\(location)")
        }
        // Back on the first origin after a detour: it is the one the user trusted (curl does the same).
        #expect(try hop("https://api.example/again", from: "https://cdn.example/x").sendsHeaders)
    }

    @Test func httpToHttpsFollowsWithoutHeadersAndDefaultPortsMatch() throws {
        let policy = RedirectPolicy(first: URL(string: "http://api.example/pins")!)
        let upgrade = try policy.follow(from: URL(string: "http://api.example/pins")!, location: "https://api.example/pins",
                                        status: 301, redirectsSoFar: 0)
        #expect(!upgrade.sendsHeaders, "a scheme change is another origin")
        let explicitPort = try policy.follow(from: URL(string: "http://api.example/pins")!,
                                             location: "http://api.example:80/p", status: 307, redirectsSoFar: 0)
        #expect(explicitPort.sendsHeaders)
    }

    /// Why `location` is not followed, nil when it is.
    private func refusal(_ location: String, from current: String? = nil) -> FetchError? {
        do {
            _ = try hop(location, from: current)
            return nil
        } catch {
            return error
        }
    }

    @Test func neverFromHttpsToHttp() {
        for location in ["http://api.example/v1/pins", "HTTP://cdn.example/x", "http://api.example:443/x"] {
            guard case .insecureRedirect? = refusal(location) else {
                Issue.record("\(location): \(String(describing: refusal(location)))")
                continue
            }
        }
        // Once on http (the user asked for it), http is fine.
        #expect(refusal("http://cdn.example/y", from: "http://cdn.example/x") == nil)
    }

    @Test func onlyHttpAndHttpsTargets() {
        for location in ["file:///etc/passwd", "ftp://api.example/pins", "data:,{}", "javascript:alert(1)",
                         "gopher://api.example/", "https:///nohost"] {
            guard case .unsupportedRedirect? = refusal(location) else {
                Issue.record("\(location): \(String(describing: refusal(location)))")
                continue
            }
        }
        #expect(refusal("file:///etc/passwd") == .unsupportedRedirect(to: "file:///etc/passwd"))
    }

    @Test func atMostTenRedirectsAndALocationIsNeeded() throws {
        #expect(try hop("/next", after: RedirectPolicy.limit - 1).url.path == "/next")
        #expect(throws: FetchError.tooManyRedirects(limit: 10)) { try hop("/next", after: RedirectPolicy.limit) }
        #expect(throws: FetchError.redirectWithoutLocation(status: 302)) { try hop(nil) }
        #expect(throws: FetchError.redirectWithoutLocation(status: 302)) { try hop("") }
    }

    @Test func messagesShowNoPasswordQueryOrControlCharacter() {
        #expect(PinSource.describe(address: "https://user:pw@cdn.example/p.json?token=abc#x") == "https://user:***@cdn.example/p.json")
        #expect(PinSource.describe(address: "file:///etc/passwd") == "file:///etc/passwd")
        #expect(PinSource.describe(address: "gopher://a\u{1B}[31m/\n") == "gopher://a[31m/")
        #expect(PinSource.describe(address: "https://x/" + String(repeating: "a", count: 500)).count == 203)
        #expect(PinSource.printable("Unacceptable TLS certificate\r\n") == "Unacceptable TLS certificate")
    }
}
