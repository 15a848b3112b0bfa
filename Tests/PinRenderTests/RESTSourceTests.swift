import Foundation
import Testing

/// `--pins http://...` against a real HTTP server on loopback.
@Suite struct RESTSourceTests {
    @Test func fetchesPinsAndReportsEveryFailureClearly() throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["python3", Support.path("Tests/Fixtures/pins_server.py")]
        let pipe = Pipe()
        server.standardOutput = pipe
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate() }
        // The first line is the port.
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let port = try #require(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let base = "http://127.0.0.1:\(port)"
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("rest.png").path

        let ok = try Support.pinrender(["render", "--canvas", "400x300", "--pins", "\(base)/pins",
                                        "--header", "Authorization: Bearer secret", "-o", out, "--tooltips", "all",
                                        "--summary-json", dir.appendingPathComponent("s.json").path])
        #expect(ok.status == 0, "\(ok.stderr)")
        let summary = try String(contentsOf: dir.appendingPathComponent("s.json"), encoding: .utf8)
        #expect(summary.contains("From the REST endpoint"))

        let cases: [([String], String)] = [
            (["--pins", "\(base)/pins"], "HTTP 401"),
            (["--pins", "\(base)/missing"], "HTTP 404"),
            (["--pins", "\(base)/500"], "HTTP 500"),
            (["--pins", "\(base)/garbage"], "not valid JSON"),
            (["--pins", "\(base)/slow", "--timeout", "1"], "no answer within 1 s"),
            (["--pins", "http://127.0.0.1:9/pins", "--timeout", "2"], "cannot fetch"),
        ]
        for (arguments, words) in cases {
            let result = try Support.pinrender(["render", "--canvas", "400x300", "-o", out] + arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(words) && result.stderr.contains("127.0.0.1"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }
}
