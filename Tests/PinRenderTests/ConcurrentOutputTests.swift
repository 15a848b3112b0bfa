import Foundation
import Testing
import PinRenderGraphics

/// Two runs writing the same outputs at once: whichever commits last wins, and every file
/// of the set (the page PNGs and the layout JSON) comes from that one run, never some pages
/// of each.
@Suite struct ConcurrentOutputTests {
    /// Where run 0 and run 1 put their pin across every page: left and right.
    static let sides: [Double] = [0.25, 0.75]

    /// A scratch directory with the pins of both runs, and the arguments after `--pins` of
    /// a render of the 4-page floor plan to `out.png` and `out.json` there.
    func twoRuns() throws -> (dir: URL, pins: [String], arguments: [String]) {
        let dir = try Support.scratch()
        let pins = try Self.sides.enumerated().map { run, u in
            try Support.pinsFile((1...4).map { ($0, u, 0.5) }, in: dir, name: "pins-\(run).json")
        }
        return (dir, pins, [Support.path("samples/floorplan.pdf"), "--dpi", "20", "--tooltips", "none",
                            "-o", dir.appendingPathComponent("out.png").path,
                            "--layout-json", dir.appendingPathComponent("out.json").path])
    }

    /// `pinrender render --pins PINS ARGUMENTS` under strace with `options` (what it traces,
    /// where it logs, what it injects).
    func traced(_ pins: String, _ arguments: [String], strace options: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = ["-f", "-qq"] + options + [Support.binary, "render", "--pins", pins] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// strace's options that inject `fault` into the renames of a run.
    func renames(_ fault: String) -> [String] {
        ["-o", "/dev/null", "-e", "trace=rename", "-e", "inject=rename:" + fault]
    }

    /// Run A stops in the middle of its commit: strace holds its second commit rename (page 1
    /// in place, A holds the lock; a run's first rename is Foundation's, writing the layout
    /// JSON's temporary file). Run B, started then, finds the lock held (strace logs its
    /// refused flock) while A is stopped: without the lock, B's whole commit would land there,
    /// and A's last pages over B's. A let go (its strace killed, A goes on), B commits after
    /// A's whole set: every file is B's.
    @Test func twoRunsOfTheSameOutputsNeverMixTheirPages() throws {
        let (dir, pins, arguments) = try twoRuns()
        let tracerA = try traced(pins[0], arguments, strace: renames("delay_enter=600000000:when=3"))
        defer { if tracerA.isRunning { kill(tracerA.processIdentifier, SIGKILL) } }
        let first = dir.appendingPathComponent("out-1.png").path
        try #require(Support.eventually { FileManager.default.fileExists(atPath: first) }, "run A never reached its commit")
        let log = try Support.scratch().appendingPathComponent("flock.log").path
        let runB = try traced(pins[1], arguments, strace: ["-o", log, "-e", "trace=flock"])
        let refused = { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("EAGAIN") == true }
        #expect(Support.eventually { refused() || !runB.isRunning } && refused(), "run B did not wait for the lock")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out-2.png").path),
                "a page renamed while run A held the lock")
        kill(tracerA.processIdentifier, SIGKILL)
        tracerA.waitUntilExit()
        runB.waitUntilExit()
        #expect(runB.terminationStatus == 0)
        let (layoutRun, pageRuns) = try runs(in: dir)
        #expect(layoutRun == 1 && pageRuns == [1, 1, 1, 1], "pages from runs \(pageRuns), layout JSON from run \(layoutRun)")
    }

    /// A run killed (kill -9) while it holds the lock of its outputs, in the middle of its
    /// commit, leaves nothing that blocks the next run.
    @Test func aRunKilledWhileCommittingDoesNotBlockTheNext() throws {
        let (dir, pins, arguments) = try twoRuns()
        // Run A stops for a minute in its second commit rename: page 1 is in place, A holds the lock.
        let tracer = try traced(pins[0], arguments, strace: renames("delay_enter=60000000:when=3"))
        let first = dir.appendingPathComponent("out-1.png").path
        #expect(Support.eventually { FileManager.default.fileExists(atPath: first) }, "run A never reached its commit")
        let children = try String(contentsOfFile: "/proc/\(tracer.processIdentifier)/task/\(tracer.processIdentifier)/children",
                                  encoding: .utf8)
        let runA = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        kill(runA, SIGKILL)
        kill(tracer.processIdentifier, SIGKILL)
        tracer.waitUntilExit()
        // Run B commits, its --timeout bounding any wait for a lock.
        let runB = try Support.pinrender(["render", "--pins", pins[1], "--timeout", "30"] + arguments)
        #expect(runB.status == 0, "\(runB.stderr)")
        let (layoutRun, pageRuns) = try runs(in: dir)
        #expect(layoutRun == 1 && pageRuns == [1, 1, 1, 1], "pages from runs \(pageRuns), layout JSON from run \(layoutRun)")
    }

    /// Which run wrote the layout JSON, and which run's pin each page shows (checked by pixels).
    func runs(in dir: URL) throws -> (layout: Int, pages: [Int]) {
        let scenes = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("out.json")))
            as? [String: Any])["pages"] as? [[String: Any]]
        let first = try #require(scenes?.first)
        let width = try #require(first["width"] as? Double)
        let x = try #require((first["markers"] as? [[String: Any]])?.first?["x"] as? Double)
        var pages: [Int] = []
        for page in 1...4 {
            let image = try PixelBuffer(pngAt: dir.appendingPathComponent("out-\(page).png").path)
            let found = Self.sides.map { u in
                image.centerOfColor(markerFill, tolerance: 8, near: (x: u * Double(image.width), y: Double(image.height) / 2),
                                    window: 12) != nil
            }
            #expect(found[0] != found[1], "page \(page): the pin of neither or of both runs")
            pages.append(found[0] ? 0 : 1)
        }
        return (x < width / 2 ? 0 : 1, pages)
    }
}
