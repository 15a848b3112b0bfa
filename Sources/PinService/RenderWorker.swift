import Foundation
import PinRender
import PinRenderCore
import PinServiceCore

/// A job for a render worker: render a content's document with the options of a request's
/// query and its pins (the payload, the apps' JSON), check an uploaded file, or read the
/// comments of an import's body (``ImportJob``). Within the service's limits for one render.
struct WorkerJob: WorkerMessage {
    enum Kind: String, Codable {
        case render, check
        /// `document` is an import's body; the answer's file is the pins JSON of its comments.
        case importComments = "import"
    }

    var kind: Kind
    /// The document's path (an import's body).
    var document: String
    /// A render's format, `png` or `pdf`; an import's, `pdf`, `xfdf`, `w3c` or empty (told
    /// from the content).
    var format = ""
    /// A render's options by their keys (``RenderService/parser``); an import's settings
    /// (`contentId`, `document`: the content's file, `baseURL`).
    var query: [String: String] = [:]
    var limits: RenderLimits
    /// The pins document's bytes after the line (none for a check).
    var bytes = 0
}

/// A worker's answer: the rendered file (the payload), or what a check found, or an error.
struct WorkerAnswer: WorkerMessage {
    /// 200, or the status of the error.
    var status = 200
    var error: String?
    /// What a check found: the pages' sizes, and their unit (`pt` or `px`).
    var pages: [ContentRecord.PageSize]?
    /// An import's warnings, a line each (the comments left out).
    var warnings: [String]?
    var unit: String?
    /// The rendered file's bytes after the line.
    var bytes = 0
    /// The most resident memory the worker took for the job, and what it keeps after it, in
    /// bytes (nil where `/proc` cannot tell).
    var peakMemory: Int?
    var resident: Int?
    /// The worker ends after this answer (a limit passed inside a call that cannot be
    /// interrupted): the next job needs another.
    var ends: Bool?
}

/// What one render (or upload check) may take: resident memory of its worker process, time,
/// pixels of an image.
struct RenderLimits: Codable, Sendable {
    var maxMemory: Int
    var seconds: Double
    var pixelLimit: Int
}

/// `pinrender-net render-worker`: the renders and upload checks of `pinrender serve`, in
/// long-lived processes of their own (``WorkerProcess``, one job at a time each), so that
/// its memory limit is its own and a crash or a page stuck in Poppler ends that process,
/// not the service. It reads jobs
/// (``WorkerJob``) from standard input until it ends and answers each on standard output,
/// running the engine of the command line: ``RenderJob`` with the options parsed from the
/// query by the same parser, and ``DocumentCheck``; past a limit inside a call that cannot be
/// interrupted, it answers and ends itself. Its files (the pins, the output) are in a
/// directory of its own under `TMPDIR`, removed after each job. Its threads run under Linux's
/// `SCHED_IDLE` policy (``idlePolicy``): a render drawing on every core gets the CPU the
/// server's loop, store and other processes leave, and any of them that wakes takes a core
/// from it at once.
public enum RenderWorker {
    /// The command that runs it.
    public static let command = "render-worker"

    /// `SCHED_IDLE` (`<sched.h>`, hidden from Swift behind `_GNU_SOURCE`). Not a nice value:
    /// libdispatch on Linux sets each of its threads' nice value by its QoS class when it
    /// starts it (a render's threads are its), where the privilege allows, and leaves the
    /// policy inherited.
    static let idlePolicy: Int32 = 5

    /// Runs jobs until standard input ends. What the engine or its libraries print goes to
    /// standard error: standard output carries the answers only.
    public static func serve() throws {
        // Before any thread is started: on Linux the policy is each thread's, and threads
        // take their creator's.
        var parameter = sched_param()
        _ = sched_setscheduler(0, idlePolicy, &parameter)
        let answers = WorkerPipe(descriptor: dup(STDOUT_FILENO))
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let jobs = WorkerPipe(descriptor: STDIN_FILENO)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-worker-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let descriptor = answers.descriptor
        // Past a limit in a call that cannot be interrupted: the answer, then the end of this process.
        let overrun: @Sendable (LimitError) -> Never = { error in
            let answer = WorkerAnswer(status: 422, error: message(error), peakMemory: WorkerMemory.peak(), ends: true)
            try? WorkerPipe(descriptor: descriptor).write(answer, payload: Data())
            _exit(2)
        }
        while let (job, payload) = try jobs.read(WorkerJob.self) {
            WorkerMemory.resetPeak()
            var (answer, file) = perform(job, payload: payload, scratch: scratch, overrun: overrun)
            (answer.peakMemory, answer.resident) = (WorkerMemory.peak(), WorkerMemory.resident())
            try answers.write(answer, payload: file)
        }
    }

    private static func perform(_ job: WorkerJob, payload: Data, scratch: URL,
                                overrun: @escaping @Sendable (LimitError) -> Never) -> (WorkerAnswer, Data) {
        do {
            switch job.kind {
            case .render:
                let file = try render(job, pins: payload, scratch: scratch, overrun: overrun)
                return (WorkerAnswer(bytes: file.count), file)
            case .check:
                var check = DocumentCheck(path: job.document, pixelLimit: job.limits.pixelLimit,
                                          maxMemory: job.limits.maxMemory, seconds: job.limits.seconds)
                check.overrun = overrun
                let report = try check.run()
                let pages = report.pageSizes.enumerated().map { ContentRecord.PageSize(page: $0 + 1, width: $1.width, height: $1.height) }
                return (WorkerAnswer(pages: pages, unit: report.unitsPerInch == nil ? "px" : "pt"), Data())
            case .importComments:
                var warnings: [String] = []
                let file = try importComments(job, scratch: scratch, overrun: overrun) { warnings.append($0) }
                return (WorkerAnswer(warnings: warnings, bytes: file.count), file)
            }
        } catch {
            return (WorkerAnswer(status: status(of: error, in: job.kind), error: message(error)), Data())
        }
    }

    /// Renders as `pinrender render` does, and returns the file.
    private static func render(_ job: WorkerJob, pins: Data, scratch: URL,
                               overrun: @escaping @Sendable (LimitError) -> Never) throws -> Data {
        var options = try RenderService.options(query: job.query, format: job.format)
        options.timeout = job.limits.seconds
        options.maxMemory = job.limits.maxMemory
        options.pixelLimit = job.limits.pixelLimit
        options.input = job.document
        options.pins = scratch.appendingPathComponent("pins.json").path
        options.output = scratch.appendingPathComponent("render.\(job.format)").path
        defer {
            for path in [options.pins, options.output] { unlink(path) }
        }
        try pins.write(to: URL(fileURLWithPath: options.pins))
        var render = RenderJob(options: options)
        render.overrun = overrun
        _ = try render.run()
        return try Data(contentsOf: URL(fileURLWithPath: options.output))
    }

    /// Reads an import's body as `pinrender import` does, with the content's id and (for
    /// XFDF and W3C) its document, within a render's time and memory, and returns the pins file.
    private static func importComments(_ job: WorkerJob, scratch: URL, overrun: @escaping @Sendable (LimitError) -> Never,
                                       warn: (String) -> Void) throws -> Data {
        let output = scratch.appendingPathComponent("imported.json").path
        defer { unlink(output) }
        var importing = ImportJob(input: job.document, output: output)
        importing.format = InterchangeFormat(rawValue: job.format)
        importing.settings.contentId = job.query["contentId"]
        importing.settings.document = job.query["document"]
        importing.settings.baseURL = job.query["baseURL"]
        (importing.limits, importing.overrun) = ((job.limits.seconds, job.limits.maxMemory), overrun)
        _ = try importing.run(warn: warn)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    /// A limit of the job 422. For a render: a bad option 400, a disk that cannot take the
    /// output 500, a document the engine cannot draw 422. For a check: any other refusal 400.
    private static func status(of error: Error, in kind: WorkerJob.Kind) -> Int {
        switch (error, kind) {
        case (is LimitError, _): 422
        case (_, .check), (_, .importComments): 400
        case (is InputError, .render): 400
        case (is OutputError, .render): 500
        case (_, .render): 422
        }
    }

    /// An error as the service words it: the limits as `serve` sets them.
    private static func message(_ error: Error) -> String {
        switch error {
        case let error as LimitError:
            let limit = switch error.limit {
            case .memory(let bytes): "limit of \(bytes >> 20) MiB of memory for one render (serve --render-max-memory)"
            case .time(let seconds): "limit of \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s for one render (serve --render-timeout)"
            }
            return "\(error.subject): stopped at the service's \(limit) while \(error.activity)"
        case let error as InputError: return ServiceError.describe(error)
        case let error as OutputError: return "the render cannot be written: \(error.reason)"
        default: return "\(error)"
        }
    }
}
