import Foundation
import Testing
import PinRenderCore
@testable import PinRender

/// `--timeout` limits the whole job: a job that takes longer stops with exit status 2 and one
/// line saying what it was doing (a ``JobActivity``), leaves no temporary file (beside the
/// outputs or in the temporary directory) and leaves an existing output as it was.
///
/// The limit is reached by work, not by the machine's speed: in process, the job reads a
/// clock the test moves (a second on at every check), so the job stops at the check the limit
/// falls on, on any machine. The command line is checked on jobs that can never finish (pins
/// that never end, outputs another run holds), which stop at the limit on any machine.
@Suite struct TimeoutTests {
    /// A clock the test moves: each reading gives `time`, then moves it on by `tick`
    /// (0: only ``set(_:)`` moves it); counts its readings.
    final class TestClock: Sendable {
        private let state = Exclusive((time: 0.0, readings: 0))
        let tick: Double

        init(tick: Double = 0) { self.tick = tick }

        var jobClock: JobClock {
            JobClock { [state, tick] in
                state.use { state in
                    defer { state.time += tick }
                    state.readings += 1
                    return state.time
                }
            }
        }

        /// Readings so far, the deadline's own first one included.
        var readings: Int { state.use { $0.readings } }

        func set(_ time: Double) { state.use { $0.time = time } }
    }

    /// Runs `options` as a render job on a clock a second on at every check, with a limit of
    /// `seconds`; returns the limit's error, or nil when the job finished, and the clock's
    /// readings.
    func render(_ options: RenderOptions, within seconds: Int) throws -> (stop: LimitError?, readings: Int) {
        var job = RenderJob(options: options)
        job.options.timeout = Double(seconds)
        let clock = TestClock(tick: 1)
        job.clock = clock.jobClock
        do {
            _ = try job.run()
            return (nil, clock.readings)
        } catch let error as LimitError {
            #expect(error.limit == .time(seconds: Double(seconds)))
            #expect(error.subject == options.input)
            return (error, clock.readings)
        }
    }

    /// Every step of a PDF export checks the limit of the whole job, in order: with a limit
    /// of N seconds on a clock a second on at every check, the job stops at its N-th check
    /// (the drawing of page 3, say, after the checks of pages 1 and 2), names that step, and
    /// leaves the old output as it was; one second more than its checks and it finishes.
    @Test func aPDFExportStopsAtTheLimitOfTheWholeJob() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.3, 0.3), (2, 0.6, 0.4), (4, 0.5, 0.7)], in: dir)
        let out = dir.appendingPathComponent("out.pdf")
        try Data("old output".utf8).write(to: out)
        var options = RenderOptions(input: Support.path("samples/floorplan.pdf"), pins: pins, output: out.path)
        options.tooltips = .all
        let pages = Array(1...4)
        let steps: [JobActivity] = [.reading] + pages.map(JobActivity.layingOutPage) + [.layingOutSummary]
            + pages.map(JobActivity.drawingPage) + [.drawingSummary, .layingPins]
            + Array(repeating: .addingComments, count: 3) + [.writing(out.path)]
        var stops: [[JobActivity]] = []
        for seconds in 1...steps.count {
            let (stop, _) = try render(options, within: seconds)
            let error = try #require(stop, "finished within \(seconds) s, after \(stops.count) steps")
            stops.append(error.activities)
            #expect(try String(contentsOf: out, encoding: .utf8) == "old output")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.pdf", "pins.json"])
        }
        #expect(stops == steps.map { [$0] })
        let (stop, readings) = try render(options, within: steps.count + 1)
        #expect(stop == nil && readings == steps.count + 1, "\(String(describing: stop)), \(readings) readings")
        #expect(try Data(contentsOf: out).starts(with: Data("%PDF-".utf8)))
    }

    /// 40 pages to PNG, two workers side by side: a limit that one page and the job's own
    /// steps fit in twice over stops the whole job while it draws its pages, with no page
    /// file left; a limit for each page alone would have let all 40 through.
    @Test func aMultiPagePNGExportStopsAtTheLimitOfTheWholeJob() throws {
        let dir = try Support.scratch()
        let pages = 40
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [\((0..<pages).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages) >>"]
        for page in 0..<pages {
            let content = "0.5 w 40 40 m 560 \(100 + 10 * page) l S"
            objects += ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents \(4 + 2 * page) 0 R >>",
                        "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"]
        }
        let document = dir.appendingPathComponent("sheets.pdf")
        try Support.writePDF(objects, to: document)
        let pins = try Support.pinsFile((0..<pages * 3).map { ($0 % pages + 1, Double($0 % 13) / 13, 0.5) }, in: dir)
        let out = dir.appendingPathComponent("out.png")
        var options = RenderOptions(input: document.path, pins: pins, output: out.path)
        options.size = .dpi(10)

        // How many checks one page takes, as a job of its own, and all 40 (written elsewhere).
        var measured = options
        measured.output = try Support.scratch().appendingPathComponent("measured.png").path
        var one = measured
        one.pages = .list([1])
        let (alone, onePage) = try render(one, within: 1000)
        try #require(alone == nil)
        let (whole, allPages) = try render(measured, within: 1000)
        try #require(whole == nil)
        let limit = 2 * onePage
        try #require(allPages > limit, "\(allPages) checks for 40 pages, \(onePage) for one")
        try Data("old output".utf8).write(to: URL(fileURLWithPath: PageFiles.path(out.path, page: 1)))

        let (stop, _) = try render(options, within: limit)
        let error = try #require(stop, "all 40 pages within \(limit) s")
        let drawn = error.activities.compactMap { if case .drawingPage(let page) = $0 { page } else { nil } }
        #expect(!drawn.isEmpty && drawn.count == error.activities.count && drawn.allSatisfy { $0 < pages },
                "stopped while \(error.activity)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out-1.png", "pins.json", "sheets.pdf"])
        #expect(try String(contentsOfFile: PageFiles.path(out.path, page: 1), encoding: .utf8) == "old output")
    }

    /// The backstop acts on the job's clock: not before the limit and its grace are over (a
    /// step past the limit is left to reach its own check, which stops it), then for the time;
    /// and for memory over the limit at any time.
    @Test func theBackstopWaitsForTheGraceAfterTheLimit() throws {
        let clock = TestClock()
        let deadline = Deadline(seconds: 5, maxMemory: .max, subject: "stuck.pdf", clock: clock.jobClock)
        #expect(deadline.overrunLimit() == nil)
        clock.set(5)
        #expect(throws: LimitError.self) { try deadline.check() }
        #expect(deadline.overrunLimit() == nil)
        clock.set(5 + Deadline.grace - 0.01)
        #expect(deadline.overrunLimit() == nil)
        clock.set(5 + Deadline.grace)
        #expect(deadline.overrunLimit() == .time(seconds: 5))
        let full = Deadline(seconds: 5, maxMemory: 1, subject: "bomb.pdf", clock: TestClock().jobClock)
        #expect(full.overrunLimit() == .memory(bytes: 1))
    }

    /// A step stuck in a call that never returns: once the job's clock is past the limit and
    /// the grace, the backstop removes the temporary files and hands `overrun` the error naming
    /// the step. (`overrun` ends the process; here it and the stuck step wait for ever, on
    /// threads of their own.)
    @Test func theBackstopEndsAStepStuckPastTheLimit() throws {
        let clock = TestClock()
        let deadline = Deadline(seconds: 5, maxMemory: .max, subject: "stuck.pdf", clock: clock.jobClock)
        let outputs = OutputFiles()
        let temporary = outputs.temporaryPath(for: try Support.scratch().appendingPathComponent("out.png").path)
        #expect(FileManager.default.createFile(atPath: temporary, contents: Data("partial".utf8)))
        let inStep = DispatchSemaphore(value: 0), stopped = DispatchSemaphore(value: 0)
        let reported = Exclusive<LimitError?>(nil)
        Thread.detachNewThread {
            _ = try? deadline.guarding(outputs, overrun: { error -> Never in
                reported.use { $0 = error }
                stopped.signal()
                while true { pause() }
            }) {
                try deadline.during(.drawingPage(3)) {
                    inStep.signal()
                    DispatchSemaphore(value: 0).wait()
                }
            }
        }
        // Bounds against a hang, not timings: each wait ends as soon as what it waits for happens.
        try #require(inStep.wait(timeout: .now() + 60) == .success)
        clock.set(5 + Deadline.grace)
        try #require(stopped.wait(timeout: .now() + 60) == .success, "the backstop never fired")
        let error = try #require(reported.use { $0 })
        #expect(error.limit == .time(seconds: 5) && error.activities == [.drawingPage(3)] && error.subject == "stuck.pdf")
        #expect(!FileManager.default.fileExists(atPath: temporary))
    }

    /// The command line's side: the message (one line, from ``LimitError``), exit status 2,
    /// the old output as it was, nothing left beside it or in the temporary directory.
    func expectStop(_ arguments: [String], standardInput: FileHandle? = nil, saying error: LimitError, in dir: URL,
                    keeping files: [String]) throws {
        let temporary = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let old = dir.appendingPathComponent("out.pdf")
        try Data("old output".utf8).write(to: old)
        let result = try Support.pinrender(["render"] + arguments + ["-o", old.path], standardInput: standardInput,
                                           environment: ["TMPDIR": temporary.path])
        #expect(result.status == 2, "status \(result.status): \(result.stderr)")
        #expect(result.stderr == "pinrender: \(error)\n")
        #expect(try String(contentsOf: old, encoding: .utf8) == "old output")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == (files + ["out.pdf", "tmp"]).sorted(), "left \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    /// Pins on a standard input that never ends (a pipe the test holds open and never writes
    /// to): the job is stuck reading them, in a call that does not return, and the backstop
    /// ends the command at the limit, however fast the machine.
    @Test func aCommandStuckReadingItsPinsEndsAtTheTimeout() throws {
        let dir = try Support.scratch()
        let pipe = Pipe()
        defer { try? pipe.fileHandleForWriting.close() }
        let input = Support.path("samples/floorplan.pdf")
        try expectStop([input, "--pins", "-", "--timeout", "1"], standardInput: pipe.fileHandleForReading,
                       saying: LimitError(subject: input, limit: .time(seconds: 1), activities: [.reading]),
                       in: dir, keeping: [])
    }

    /// Outputs whose directory another run holds locked (the test takes the lock): the job
    /// does all its work, its files written to temporary files, then waits for the lock until
    /// the limit, and removes them. The limit is far beyond the work (a blank canvas with one
    /// pin to a one-page PDF), so on any machine the job is waiting when it is reached.
    @Test func aCommandWaitingForAnotherRunsOutputsEndsAtTheTimeoutAndLeavesNothing() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let lock = open(dir.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        defer { close(lock) }
        try expectStop(["--canvas", "300x200", "--pins", pins, "--timeout", "5",
                        "--layout-json", dir.appendingPathComponent("layout.json").path],
                       saying: LimitError(subject: "--canvas", limit: .time(seconds: 5), activities: [.waitingForOutputs]),
                       in: dir, keeping: ["pins.json"])
    }
}
