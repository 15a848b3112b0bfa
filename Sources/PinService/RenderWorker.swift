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
        /// `document` is a new revision of a content; `query["old"]` its latest; the payload
        /// its pins. The answer's file is CARRIED.json and REPORT.json (``WorkerAnswer/split``).
        case carry
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
    /// A carry's: where REPORT.json begins in the answer's file (CARRIED.json before it).
    var split: Int?
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
    /// Resident bytes, and the most bytes of a render's result.
    var maxMemory: Int
    var seconds: Double
    var pixelLimit: Int

    /// Why the render of `subject` is refused when its result is `bytes` long: larger than a
    /// render may take in memory.
    func refusal(of subject: String, bytes: Int) -> String {
        "\(subject): the render is \(bytes) bytes, larger than the service's limit of \(maxMemory >> 20) MiB of memory for one render "
            + "(serve --render-max-memory)"
    }
}

/// `pinrender-net render-worker`: the renders and upload checks of `pinrender serve`, in
/// long-lived processes of their own (``WorkerProcess``, one job at a time each), so that
/// its memory limit is its own and a crash or a page stuck in Poppler ends that process,
/// not the service. It reads jobs
/// (``WorkerJob``) from standard input until it ends and answers each on standard output,
/// running the engine of the command line: ``RenderJob`` with the options parsed from the
/// query by the same parser, ``DocumentCheck``, ``ImportJob`` and ``CarryJob`` (which alone
/// writes files with names, in a directory of its own: ``carry(_:pins:)``); past a limit inside a call that cannot be
/// interrupted, it answers and ends itself. It writes no file with a name: the pins come
/// down the pipe and are read from memory, the render goes into an unnamed file
/// (``UnnamedFile``, as do a PDF export's intermediate drawing) that the kernel copies into
/// the answer (`sendfile`), never through this process's memory. Its threads run under Linux's
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
        let descriptor = answers.descriptor
        // Past a limit in a call that cannot be interrupted: the answer, then the end of this process.
        let overrun: @Sendable (LimitError) -> Never = { error in
            let refusal = ServiceError.answer(for: error)
            let answer = WorkerAnswer(status: refusal.status, error: refusal.message, peakMemory: WorkerMemory.peak(), ends: true)
            try? WorkerPipe(descriptor: descriptor).write(answer, payload: Data())
            _exit(2)
        }
        while let (job, payload) = try jobs.read(WorkerJob.self) {
            WorkerMemory.resetPeak()
            var (answer, file) = perform(job, payload: payload, overrun: overrun)
            (answer.peakMemory, answer.resident) = (WorkerMemory.peak(), WorkerMemory.resident())
            if let file {
                try answers.write(answer, file: file)
            } else {
                try answers.write(answer, payload: Data())
            }
        }
    }

    /// The answer to `job`, and the file of its bytes (a render's).
    private static func perform(_ job: WorkerJob, payload: Data,
                                overrun: @escaping @Sendable (LimitError) -> Never) -> (WorkerAnswer, UnnamedFile?) {
        do {
            switch job.kind {
            case .render:
                let file = try render(job, pins: payload, overrun: overrun)
                let size = file.size
                guard size <= job.limits.maxMemory else {
                    return (WorkerAnswer(status: 422, error: job.limits.refusal(of: job.document, bytes: size)), nil)
                }
                return (WorkerAnswer(bytes: size), file)
            case .check:
                var check = DocumentCheck(path: job.document, pixelLimit: job.limits.pixelLimit,
                                          maxMemory: job.limits.maxMemory, seconds: job.limits.seconds)
                check.overrun = overrun
                let report = try check.run()
                let pages = report.pageSizes.enumerated().map { ContentRecord.PageSize(page: $0 + 1, width: $1.width, height: $1.height) }
                return (WorkerAnswer(pages: pages, unit: report.unitsPerInch == nil ? "px" : "pt"), nil)
            case .importComments:
                var warnings: [String] = []
                let file = try importComments(job, overrun: overrun) { warnings.append($0) }
                return (WorkerAnswer(warnings: warnings, bytes: file.size), file)
            case .carry:
                let (file, split) = try carry(job, pins: payload)
                return (WorkerAnswer(split: split, bytes: file.size), file)
            }
        } catch {
            // An upload or an import's body the engine cannot read is its sender's fault, a 400; a stored document
            // it cannot draw is a 422 (ServiceError's table, as every other failure).
            let refusal = job.kind != .render && !(error is LimitError || error is InputError)
                ? ServiceError(status: 400, message: "\(error)") : ServiceError.answer(for: error)
            return (WorkerAnswer(status: refusal.status, error: refusal.message), nil)
        }
    }

    /// Renders as `pinrender render` does, the pins from `pins`, into an unnamed file.
    private static func render(_ job: WorkerJob, pins: Data,
                               overrun: @escaping @Sendable (LimitError) -> Never) throws -> UnnamedFile {
        var options = try RenderService.options(query: job.query, format: job.format)
        options.timeout = job.limits.seconds
        options.maxMemory = job.limits.maxMemory
        options.pixelLimit = job.limits.pixelLimit
        options.input = job.document
        // Names only: of the pins and the output in messages, and of the output's format.
        options.pins = "pins"
        options.output = "render.\(job.format)"
        let file = try UnnamedFile(label: options.output)
        var render = RenderJob(options: options)
        render.destination = .file(file)
        render.pinsDocument = pins
        render.overrun = overrun
        _ = try render.run()
        return file
    }

    /// Reads an import's body as `pinrender import` does, with the content's id and (for
    /// XFDF and W3C) its document, within a render's time and memory, into an unnamed file:
    /// the pins file.
    private static func importComments(_ job: WorkerJob, overrun: @escaping @Sendable (LimitError) -> Never,
                                       warn: (String) -> Void) throws -> UnnamedFile {
        var importing = ImportJob(input: job.document, output: "-")
        importing.format = InterchangeFormat(rawValue: job.format)
        importing.settings.contentId = job.query["contentId"]
        importing.settings.document = job.query["document"]
        importing.settings.baseURL = job.query["baseURL"]
        (importing.limits, importing.overrun) = ((job.limits.seconds, job.limits.maxMemory), overrun)
        let file = try UnnamedFile(label: "imported.json")
        try file.write(importing.pinsFile(warn: warn).json)
        return file
    }
}
