import Foundation
import Testing
import PinSync

/// `pinrender pins` end to end: changes made with no server, listed as pending, synced
/// with the refused one reported, then rendered from the store.
@Suite struct PinsCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the built `pinrender` (its small outputs read after it exits).
    static func pinrender(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestService.binary)
        process.arguments = arguments
        let out = try TestService.scratch().appendingPathComponent("out"), err = out.appendingPathExtension("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
                   stderr: try String(contentsOf: err, encoding: .utf8))
    }

    @Test func changesQueueOfflineAndSyncReportsWhatWasRefused() async throws {
        let service = try TestService()
        try await service.upload()
        let store = try TestService.scratch().appendingPathComponent("site.pins").path
        let add = try Self.pinrender(["pins", "add", "--store", store, "--content", "plan", "--at", "0.25,0.5", "--text", "Crack"])
        #expect(add.status == 0, "\(add.stderr)")
        let id = add.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try Self.pinrender(["pins", "add", "--store", store, "--at", "0.5,0.5", "--page", "2", "--text", "Beyond"]).status == 0)
        #expect(try Self.pinrender(["pins", "reply", id, "--store", store, "--text", "Plaster it", "--author", "bo"]).status == 0)
        #expect(try Self.pinrender(["pins", "resolve", id, "--store", store]).status == 0)
        let offline = try Self.pinrender(["pins", "list", "--store", store])
        #expect(offline.stdout.contains("plan: 2 pins, 3 changes queued"))
        #expect(offline.stdout.components(separatedBy: "[pending]").count == 4, "\(offline.stdout)")
        #expect(offline.stdout.contains("\(id)  page 1 at 0.250,0.500  resolved"))

        let unreachable = try Self.pinrender(["pins", "sync", "--store", store, "--server", "http://127.0.0.1:1", "--retries", "1"])
        #expect(unreachable.status == 2)
        #expect(unreachable.stderr.contains("3 changes stay queued"), "\(unreachable.stderr)")

        let sync = try Self.pinrender(["pins", "sync", "--store", store, "--server", service.url.absoluteString])
        #expect(sync.status == 1, "a refused change: exit 1")
        #expect(sync.stdout.contains("plan: 2 applied, 1 refused, 0 lost a conflict"), "\(sync.stdout)")
        #expect(sync.stdout.contains("(\"Beyond\") refused, rolled back: changes[1].pin.page: page 2, but content \"plan\" has 1 page"),
                "\(sync.stdout)")
        let synced = try Self.pinrender(["pins", "list", "--store", store])
        #expect(synced.stdout.contains("plan: 1 pins, 0 changes queued") && !synced.stdout.contains("[pending]"), "\(synced.stdout)")
        #expect(try await service.pins().count == 2)

        // The store renders: one marker, at the pin's point of the 750 x 1334 screenshot.
        let dir = try TestService.scratch()
        let render = try Self.pinrender(["render", TestService.root.appendingPathComponent("samples/screenshot.png").path,
                                         "--pins", "store:" + store, "-o", dir.appendingPathComponent("out.png").path,
                                         "--layout-json", dir.appendingPathComponent("layout.json").path])
        #expect(render.status == 0, "\(render.stderr)")
        let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("layout.json"))) as? [String: Any]
        let markers = ((layout?["pages"] as? [[String: Any]])?.first?["markers"] as? [[String: Any]]) ?? []
        #expect(markers.count == 1)
        #expect(markers.first?["x"] as? Double == 187.5 && markers.first?["y"] as? Double == 667)
        #expect(markers.first?["replies"] as? Int == 1)
    }

    @Test func badStoresAndUsageExitWithOneLine() throws {
        let dir = try TestService.scratch()
        let garbage = dir.appendingPathComponent("garbage.pins").path
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: garbage))
        for arguments in [["pins", "list", "--store", garbage], ["pins", "edit", "nope", "--store", dir.appendingPathComponent("new.pins").path, "--text", "x"],
                          ["pins", "add", "--store", dir.appendingPathComponent("new.pins").path, "--at", "1.5,0", "--text", "x"],
                          ["pins", "frobnicate", "--store", garbage],
                          ["render", "--canvas", "100x100", "--pins", "store:" + garbage, "-o", dir.appendingPathComponent("x.png").path]] {
            let run = try Self.pinrender(arguments)
            #expect(run.status == 2 && run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: garbage)) == Data("not a database".utf8))
    }
}
