import Foundation
import Testing
import PinRenderGraphics

/// Two runs writing the same outputs at once: whichever commits last wins, and every file
/// of the set (the page PNGs and the layout JSON) comes from that one run, never some pages
/// of each.
@Suite struct ConcurrentOutputTests {
    @Test func twoRunsOfTheSameOutputsNeverMixTheirPages() throws {
        let dir = try Support.scratch()
        // Run A puts one pin on the left of each of the 4 pages, run B on the right.
        let sides: [Double] = [0.25, 0.75]
        let pins = try sides.enumerated().map { run, u in
            try Support.pinsFile((1...4).map { ($0, u, 0.5) }, in: dir, name: "pins-\(run).json")
        }
        let out = dir.appendingPathComponent("out.png").path, layout = dir.appendingPathComponent("out.json").path
        // A run renames its outputs in turn when all are written. strace holds up one rename
        // of each run: A's third output, and B's first, so that without a lock B's whole
        // commit would land between A's second and third renames. (A run's first rename
        // is Foundation's, writing the layout JSON's temporary file.)
        let stalls = ["rename:delay_enter=1000000:when=4", "rename:delay_enter=500000:when=2"]
        for round in 0..<4 {
            let processes = try pins.enumerated().map { run, path -> Process in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
                process.arguments = ["-f", "-qq", "-o", "/dev/null", "-e", "trace=rename", "-e", "inject=" + stalls[run],
                                     Support.binary, "render", Support.path("samples/floorplan.pdf"),
                                     "--pins", path, "--dpi", "20", "--tooltips", "none", "-o", out, "--layout-json", layout]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                try process.run()
                return process
            }
            for process in processes {
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            }
            // The layout says which run wrote it; every page must show that run's pin.
            let scenes = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: layout)))
                as? [String: Any])["pages"] as? [[String: Any]]
            let first = try #require(scenes?.first)
            let width = try #require(first["width"] as? Double)
            let x = try #require((first["markers"] as? [[String: Any]])?.first?["x"] as? Double)
            let winner = x < width / 2 ? 0 : 1
            var fromRun: [Int] = []
            for page in 1...4 {
                let image = try PixelBuffer(pngAt: dir.appendingPathComponent("out-\(page).png").path)
                let found = sides.map { u in
                    image.centerOfColor(markerFill, tolerance: 8, near: (x: u * Double(image.width), y: Double(image.height) / 2),
                                        window: 12) != nil
                }
                #expect(found[0] != found[1], "round \(round), page \(page): the pin of neither or of both runs")
                fromRun.append(found[0] ? 0 : 1)
            }
            #expect(fromRun == Array(repeating: winner, count: 4),
                    "round \(round): pages from runs \(fromRun), layout JSON from run \(winner)")
        }
    }
}
