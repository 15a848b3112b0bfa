import Foundation
import Testing
@testable import PinService

/// What the server takes on the headers alone: the writes' media types, and without tokens
/// the requests meant for it (`Host`) from its own pages (`Origin`).
@Suite struct RequestPolicyTests {
    let open = RequestPolicy(ServiceConfiguration(dataDirectory: URL(fileURLWithPath: "/nonexistent")))

    func status(_ policy: RequestPolicy, _ route: Route, host: String? = "127.0.0.1:8080", origin: String? = nil,
                type: String? = "application/json", queryToken: Bool = false) -> Int {
        do {
            try policy.check(route: route, host: host, origin: origin, contentType: type, queryToken: queryToken)
            return 200
        } catch {
            return error.status
        }
    }

    @Test func hostsOfThisServerOnly() {
        for host in ["127.0.0.1:8080", "127.0.0.1", "127.5.6.7:1", "localhost:8080", "LOCALHOST", "app.localhost:80",
                     "[::1]:8080", "[::1]", "::1"] {
            #expect(open.isOwn(host: host), "\(host)")
        }
        for host in ["evil.example", "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1",
                     "[::2]:8080", "0.0.0.0", "", "127.1", "localhost:8080:1"] {
            #expect(!open.isOwn(host: host), "\(host)")
        }
        #expect(status(open, .listContents, host: "evil.example:8080") == 403)
        #expect(status(open, .listContents, host: nil) == 200, "an HTTP/1.0 request without Host")
    }

    @Test func originsOfThisServerOnly() {
        #expect(status(open, .createPin("plan"), origin: "http://127.0.0.1:8080") == 200)
        #expect(status(open, .createPin("plan"), origin: "HTTPS://127.0.0.1:8080") == 200)
        for origin in ["http://127.0.0.1:8081", "http://evil.example", "null", "http://127.0.0.1", "file://"] {
            #expect(status(open, .createPin("plan"), origin: origin) == 403, "\(origin)")
            #expect(status(open, .events("plan"), origin: origin, type: nil) == 403, "\(origin)")
        }
        #expect(status(open, .createPin("plan"), host: nil, origin: "http://127.0.0.1:8080") == 403)
    }

    @Test func writesNeedTheirDocumentedType() {
        for route in [Route.createPin("plan"), .editPin("plan", "p1"), .sync] {
            #expect(status(open, route, type: "application/json; charset=utf-8") == 200)
            #expect(status(open, route, type: " Application/JSON ") == 200)
            for type in ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                         "multipart/form-data; boundary=x", "application/jsonp", "", nil] {
                #expect(status(open, route, type: type) == 415, "\(route) \(String(describing: type))")
            }
        }
        for type in ["application/pdf", "image/png", "image/jpeg"] { #expect(status(open, .upload("plan"), type: type) == 200) }
        for type in ["application/octet-stream", "application/json", "text/plain", nil] {
            #expect(status(open, .upload("plan"), type: type) == 415, "\(String(describing: type))")
        }
        #expect(status(open, .deletePin("plan", "p1"), type: nil) == 200, "a delete has no body")
        #expect(status(open, .listPins("plan"), type: "text/plain") == 200, "a read has no body")
    }

    @Test func withTokensTheTokenIsTheCheckAndTheQueryTakesItOnlyWhereNoHeaderCan() throws {
        var configuration = ServiceConfiguration(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"tokens": [{"token": "reader-token-1", "contents": ["*"], "role": "read"}]}"#.utf8).write(to: file)
        configuration.tokens = try AccessTokens.load(file.path)
        let guarded = RequestPolicy(configuration)
        #expect(status(guarded, .listPins("plan"), host: "pins.example.com", origin: "https://app.example.com") == 200)
        #expect(status(guarded, .createPin("plan"), host: "pins.example.com", type: "text/plain") == 415)
        for route in [Route.events("plan"), .render("plan", format: "png")] {
            #expect(status(guarded, route, type: nil, queryToken: true) == 200, "\(route)")
        }
        for route in [Route.createPin("plan"), .deletePin("plan", "p1"), .sync, .listPins("plan"), .upload("plan")] {
            #expect(status(guarded, route, type: route.bodyTypes.first, queryToken: true) == 401, "\(route)")
        }
        #expect(status(guarded, .health, type: nil, queryToken: true) == 200, "a route without access reads no token")
        #expect(status(open, .createPin("plan"), queryToken: true) == 200, "without tokens a query token means nothing")
    }
}
