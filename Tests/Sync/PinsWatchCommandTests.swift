import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics
import PinSync

/// `pinrender pins watch` as a user runs it: another client's changes are printed and drawn
/// (read back from the PNG's pixels), SIGTERM stops it cleanly.
@Suite struct PinsWatchCommandTests {
    /// How many pixels of the opaque `color` are within `radius` of (`x`, `y`) in the PNG at `path`.
    static func count(_ color: Color, near x: Double, _ y: Double, radius: Double = 16, in path: String) throws -> Int {
        let image = try PixelBuffer(pngAt: path)
        var count = 0
        for py in Int(y - radius)...Int(y + radius) {
            for px in Int(x - radius)...Int(x + radius) where hypot(Double(px) + 0.5 - x, Double(py) + 0.5 - y) <= radius {
                let p = image.pixel(x: px, y: py)
                if String(format: "#%02X%02X%02X%02X", p.r, p.g, p.b, p.a) == color.hex { count += 1 }
            }
        }
        return count
    }

    @Test func anotherClientsChangesArePrintedAndDrawn() async throws {
        let service = try TestService()
        try await service.upload()
        let dir = try TestService.scratch()
        let png = dir.appendingPathComponent("live.png").path, out = dir.appendingPathComponent("out.txt")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: TestService.binary)
        watch.arguments = ["pins", "watch", "--store", dir.appendingPathComponent("site.pins").path, "--content", "plan",
                           "--server", service.url.absoluteString, "--render", png,
                           TestService.root.appendingPathComponent("samples/screenshot.png").path]
        watch.standardOutput = try FileHandle(forWritingTo: out)
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        defer { if watch.isRunning { kill(watch.processIdentifier, SIGKILL) } }
        let printed = { String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self) }
        // The point (0.25, 0.5) of the 750 x 1334 screenshot, drawn at scale 1.
        let (x, y) = (187.5, 667.0)
        let (open, resolved) = (Theme().markerFill, Theme().resolvedFill)

        #expect(await eventually { FileManager.default.fileExists(atPath: png) }, "drawn once at the start")
        #expect(try Self.count(open, near: x, y, in: png) == 0)
        let bo = try PinSyncStore.scratch()
        let pin = try bo.create(on: "plan", x: 0.25, y: 0.5, text: "Crack in the plaster", author: "bo")
        _ = try await bo.sync("plan", with: SyncServer(url: service.url))
        #expect(await eventually { printed().contains("seq 1  pin.created  \(pin.pin.id)  bo: Crack in the plaster\n") }, "\(printed())")
        #expect(await eventually { try Self.count(open, near: x, y, in: png) > 100 }, "the new pin's marker at its point")

        try bo.resolve(pin.pin.id, of: "plan")
        _ = try await bo.sync("plan", with: SyncServer(url: service.url))
        #expect(await eventually { printed().contains("seq 2  pin.resolved  \(pin.pin.id)  bo: Crack in the plaster\n") }, "\(printed())")
        #expect(await eventually {
            try Self.count(resolved, near: x, y, in: png) > 100 && Self.count(open, near: x, y, in: png) == 0
        }, "drawn again, resolved")

        kill(watch.processIdentifier, SIGTERM)
        watch.waitUntilExit()
        #expect(watch.terminationReason == .exit && watch.terminationStatus == 0)
        #expect(printed().split(separator: "\n").count == 2, "one line per change: \(printed())")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func badUsageIsOneLineAndWritesNothing() throws {
        let dir = try TestService.scratch()
        let store = dir.appendingPathComponent("site.pins").path, png = dir.appendingPathComponent("live.png").path
        let server = ["--server", "http://127.0.0.1:1"]
        for arguments in [["pins", "watch", "--store", store, "--content", "plan"],
                          ["pins", "watch", "--store", store, "--content", "plan", "--dpi", "72"] + server,
                          ["pins", "watch", "--store", store, "--content", "plan", "--render", png] + server,
                          ["pins", "watch", "--store", store, "--content", "plan", "--render", png, "nothing.pdf"] + server,
                          ["pins", "watch", "--store", store] + server] {
            let run = try PinsCommandTests.pinrender(arguments)
            #expect(run.status == 2 && run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: png))
    }
}
