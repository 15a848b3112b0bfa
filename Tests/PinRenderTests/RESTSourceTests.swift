import Foundation
import Testing

/// `--pins http://...` against real HTTP servers on loopback (Tests/Fixtures/pins_server.py),
/// honest ones and hostile ones.
@Suite struct RESTSourceTests {
    /// Three servers, "main", "other" and "tls" (a certificate nobody trusts), and the log of
    /// every request they received.
    final class PinsServer {
        let process = Process()
        let log: URL
        let main: Int
        let other: Int
        let tls: Int

        init() throws {
            log = try Support.scratch().appendingPathComponent("requests.jsonl")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Support.path("Tests/Fixtures/pins_server.py"), log.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line holds the three ports.
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line.append(chunk)
            }
            let ports = String(decoding: line, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            guard ports.count == 3 else { throw CocoaError(.fileReadCorruptFile) }
            (main, other, tls) = (ports[0], ports[1], ports[2])
        }

        deinit { process.terminate() }

        var base: String { "http://127.0.0.1:\(main)" }

        /// The log's lines so far.
        private func entries() throws -> [[String: Any]] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return try text.split(separator: "\n").map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            }
        }

        /// The requests received so far: server name, Host, path and headers (lowercased names).
        func requests() throws -> [(server: String, host: String, path: String, headers: [String: String])] {
            try entries().filter { $0["headers"] != nil }.map { entry in
                (entry["server"] as? String ?? "", entry["host"] as? String ?? "", entry["path"] as? String ?? "",
                 entry["headers"] as? [String: String] ?? [:])
            }
        }

        /// How far the body of `path` went, once it ended or its client hung up: the bytes the
        /// server sent, and whether that was all of it. The server logs it as soon as it knows
        /// (a minute is a bound against a hang, not a timing).
        func body(of path: String) throws -> (sent: Int, whole: Bool) {
            var body: [String: Any]?
            _ = try Support.eventually {
                body = try entries().compactMap { $0["path"] as? String == path ? $0["body"] as? [String: Any] : nil }.first
                return body != nil
            }
            let found = try #require(body, "\(log.path): no body of \(path)")
            return (found["sent"] as? Int ?? -1, found["whole"] as? Bool ?? true)
        }
    }

    /// Renders a canvas with pins from `url`; returns the run and the output path.
    private func render(_ url: String, _ extra: [String] = []) throws -> (run: Support.Run, output: String) {
        let out = try Support.scratch().appendingPathComponent("rest.png").path
        let run = try Support.pinrender(["render", "--canvas", "400x300", "--pins", url, "-o", out] + extra)
        return (run, out)
    }

    /// A failure: exit 2, one line naming the URL and saying `words`, no token, nothing written.
    private func expectRefusal(_ url: String, _ extra: [String] = [], saying words: [String],
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (run, out) = try render(url, extra + ["--header", "Authorization: Bearer secret"])
        #expect(run.status == 2, "\(url): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.hasPrefix("pinrender: \(url): "), "\(url): \(run.stderr)", sourceLocation: sourceLocation)
        for word in words {
            #expect(run.stderr.contains(word), "\(url): expected \"\(word)\" in \(run.stderr)", sourceLocation: sourceLocation)
        }
        #expect(!run.stderr.contains("secret"), "\(url): a token in \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: out), "\(url): wrote \(out)", sourceLocation: sourceLocation)
    }

    @Test func fetchesPinsAndReportsEveryFailureClearly() throws {
        let server = try PinsServer()
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("rest.png").path

        let ok = try Support.pinrender(["render", "--canvas", "400x300", "--pins", "\(server.base)/pins",
                                        "--header", "Authorization: Bearer secret", "-o", out, "--tooltips", "all",
                                        "--summary-json", dir.appendingPathComponent("s.json").path])
        #expect(ok.status == 0, "\(ok.stderr)")
        let summary = try String(contentsOf: dir.appendingPathComponent("s.json"), encoding: .utf8)
        #expect(summary.contains("From the REST endpoint"))

        let cases: [([String], String)] = [
            (["--pins", "\(server.base)/pins"], "HTTP 401"),
            (["--pins", "\(server.base)/missing"], "HTTP 404"),
            (["--pins", "\(server.base)/500"], "HTTP 500"),
            (["--pins", "\(server.base)/garbage"], "not valid JSON"),
            (["--pins", "\(server.base)/slow", "--timeout", "1"], "took longer than 1 s"),
            (["--pins", "http://127.0.0.1:9/pins", "--timeout", "2"], "cannot fetch"),
            (["--pins", "https://127.0.0.1:\(server.tls)/pins", "--timeout", "2"], "TLS certificate"),
        ]
        for (arguments, words) in cases {
            let result = try Support.pinrender(["render", "--canvas", "400x300", "-o", out] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(words) && result.stderr.contains("127.0.0.1"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    /// As curl --location does: credentials follow a redirect to the same scheme, host and
    /// port, and nothing of them reaches another port or host.
    @Test func redirectElsewhereDropsCredentials() throws {
        let server = try PinsServer()
        let credentials = ["--header", "Authorization: Bearer secret", "--header", "Cookie: session=s3cr3t",
                           "--header", "X-Api-Key: k3y", "--header", "Proxy-Authorization: Basic cHJveHk="]
        let same = try render("\(server.base)/redirect/same", credentials)
        #expect(same.run.status == 0, "same origin keeps the token: \(same.run.stderr)")
        for path in ["/redirect/other-port", "/redirect/localhost"] {
            let (run, _) = try render(server.base + path, credentials)
            #expect(run.status == 0, "\(path): \(run.stderr)")
        }
        let requests = try server.requests()
        let redirected = requests.filter { $0.path == "/open-pins" }
        #expect(Set(redirected.map(\.server)) == ["main", "other"], "\(requests.map(\.path))")
        #expect(redirected.contains { $0.host.hasPrefix("localhost:") }, "\(redirected.map(\.host))")
        for request in redirected {
            for name in ["authorization", "cookie", "x-api-key", "proxy-authorization"] {
                #expect(request.headers[name] == nil, "\(request.server) \(request.host) received \(name)")
            }
        }
    }

    @Test func refusesRedirectsToOtherSchemesAndEndlessRedirects() throws {
        let server = try PinsServer()
        try expectRefusal("\(server.base)/redirect/file",
                          saying: ["file:///etc/passwd", "only http and https"])
        try expectRefusal("\(server.base)/redirect/loop", saying: ["more than 10 redirects"])
        let paths = try server.requests().map(\.path)
        #expect(!paths.contains("/etc/passwd"), "the file:// redirect reached the server: \(paths)")
        #expect(paths.filter { $0 == "/redirect/loop" }.count == 11, "\(paths)")
    }

    @Test func refusesBodiesOverTheLimitWhileReading() throws {
        let server = try PinsServer()
        try expectRefusal("\(server.base)/endless", ["--max-response", "1048576"],
                          saying: ["more than 1048576 bytes", "--max-response"])
        try expectRefusal("\(server.base)/padded", saying: ["more than 67108864 bytes", "--max-response"])
        try expectRefusal("\(server.base)/gzip-bomb", saying: ["more than 67108864 bytes", "decompressed", "--max-response"])
        try expectRefusal("\(server.base)/gzip-bomb", ["--max-response", "1048576"],
                          saying: ["more than 1048576 bytes", "decompressed"])
        try expectRefusal("\(server.base)/announced-huge", saying: ["10737418240 bytes", "--max-response"])
        let below = try render("\(server.base)/padded", ["--max-response", "70000000"])
        #expect(below.run.status == 0, "raising the limit lets it through: \(below.run.stderr)")
    }

    @Test func rejectsBadOptionsWithoutShowingThem() throws {
        for value in ["0", "-5", "lots", "1.5"] {
            let (run, _) = try render("http://127.0.0.1:9/pins", ["--max-response", value])
            #expect(run.status == 2 && run.stderr.contains("--max-response needs"), "\(value): \(run.stderr)")
        }
        for header in ["Authorization Bearer t0ken", "Authorization: Bearer t0ken\r\nX-Injected: 1", ": t0ken"] {
            let (run, _) = try render("http://127.0.0.1:9/pins", ["--header", "Accept: application/json", "--header", header])
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("http://127.0.0.1:9/pins") && run.stderr.contains("--header number 2"), "\(run.stderr)")
            #expect(!run.stderr.contains("t0ken"), "\(run.stderr)")
        }
    }

    /// A password or query in the pins URL itself (`https://user:pw@host/pins?token=...`) is
    /// never printed: not by a fetch error, the pins decoder, nor the thread warnings.
    @Test func secretsInThePinsURLAreNeverShown() throws {
        let server = try PinsServer()
        let secret = "http://reviewer:pw5ecret@127.0.0.1:\(server.main)"
        for path in ["/garbage?token=q5ecret", "/500?token=q5ecret", "/redirect/file?token=q5ecret"] {
            let (run, out) = try render(secret + path)
            #expect(run.status == 2, "\(path): \(run.stderr)")
            #expect(run.stderr.hasPrefix("pinrender: http://reviewer:***@127.0.0.1:\(server.main)/"), "\(run.stderr)")
            #expect(!run.stderr.contains("5ecret"), "\(path): a secret in \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    /// The body of a redirect or an error is never read: the server, sending far more than
    /// any buffer holds (and far less than a minute's reading), is hung up on before its end.
    @Test func unreadBodiesAreDroppedNotDrained() throws {
        let server = try PinsServer()
        let redirect = try render("\(server.base)/redirect/huge-body", ["--timeout", "60"])
        #expect(redirect.run.status == 0, "\(redirect.run.stderr)")
        try expectRefusal("\(server.base)/500-huge", ["--timeout", "60"], saying: ["HTTP 500 Internal Server Error"])
        for path in ["/redirect/huge-body", "/500-huge"] {
            let body = try server.body(of: path)
            #expect(!body.whole, "\(path): the body was drained, all \(body.sent) bytes")
        }
    }

    /// --timeout bounds the whole request: connection, every redirect and the body. A byte
    /// every half second, 1000 of them, and six redirects 0.6 s apart: a limit
    /// for each read or each hop would let both through, the limit of 2 s for the whole
    /// request stops both before their end (the server sent part of the body; the chain's
    /// end was never asked for).
    @Test func timeoutIsADeadlineForTheWholeRequest() throws {
        let server = try PinsServer()
        for path in ["/trickle", "/redirect/chain/5"] {
            try expectRefusal(server.base + path, ["--timeout", "2"], saying: ["took longer than 2 s", "--timeout"])
        }
        let trickle = try server.body(of: "/trickle")
        #expect(!trickle.whole, "all \(trickle.sent) bytes of the trickle were sent")
        let paths = try server.requests().map(\.path)
        #expect(paths.contains("/redirect/chain/5") && !paths.contains("/open-pins"), "\(paths)")
    }
}
