import Foundation
import PinPlatform
import PinRender
import PinRenderCore
import PinServiceCore

/// Renders for `GET .../render.png` and `.../render.pdf`: the query read by the CLI's own
/// option parser (`page`, `dpi`, `width`, `height`, `scale`, `device`, `zoom`, `offset`,
/// `focus`, `safeArea`, `tooltips`, `cluster`, `include`, `timezone`: the `render`
/// command's options by their keys), the current pins written as the CLI reads them, and
/// ``RenderJob`` run on them by a render worker (``RenderWorker``), a process of its own
/// within the service's limits for one render (``RenderLimits``), off the loop thread, one
/// render at a time (each uses every core). Answers are cached by content, its pins' last
/// change and the options, with an ETag made of the same. Uploads are checked by a worker
/// too (``check(_:)``), one at a time, beside the renders. How each content's renders went is counted (``counted(_:)``).
final class RenderService: @unchecked Sendable {
    /// The render options a query may set: no paths on the server (no theme, no input).
    static let parser = OptionParser<RenderOptions>(command: "render", groups: [
        .page, .size, OptionGroup(title: nil, options: [.tooltips, .cluster, .include, .timezone]), .device, .view,
    ])

    /// What a render is asked for: the query's options, and the cache key and ETag they give.
    struct Request {
        var contentId: String
        var format: String
        var query: [String: String]
        var key: String
        var etag: String
    }

    /// How long past its time limit a worker that has not answered is killed: enough to
    /// start, notice the limit and answer.
    static let grace = 5.0

    private let scratch: URL
    private let worker: [String]
    private let limits: RenderLimits
    private let queue = DispatchQueue(label: "pinrender.service.renders")
    /// Uploads are checked one at a time too, beside the renders.
    private let checks = DispatchQueue(label: "pinrender.service.checks")
    /// Renders waiting or running (loop thread only); past ``maxQueued``, 503.
    private(set) var queued = 0
    private let maxQueued = 16
    private var cache = RenderCache(limit: 64 << 20)
    /// How the renders of each content went (loop thread only).
    private var counts: [String: RenderCounts] = [:]

    /// - Parameters:
    ///   - scratch: where each worker gets a directory of its own.
    ///   - worker: the command line of a render worker.
    ///   - limits: what one render or upload check may take.
    init(scratch: URL, worker: [String], limits: RenderLimits) throws {
        self.scratch = scratch
        self.worker = worker
        self.limits = limits
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // A worker that ends before it has read its job must not end the server: writing to
        // its pipe then fails with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The options of a render in `format` (png or pdf) with `query`'s fields: a PNG is of
    /// page 1 unless `page` says otherwise; a PDF has every page unless `page` picks one.
    static func options(query: [String: String], format: String) throws -> RenderOptions {
        var options = RenderOptions.unset
        if format == "png" { options.pages = .list([1]) }
        try parser.parse(fields: query.mapValues { FieldValue.text($0) }, into: &options, source: "query", location: "")
        return options
    }

    /// Reads the query of a render of `content` (`format` png or pdf) whose pins last
    /// changed at `pinsSeq`; throws 400 for a bad option.
    func request(query: [String: String], format: String, content: ContentRecord, pinsSeq: Int) throws -> Request {
        let fields = query.filter { $0.key != "access_token" }
        _ = try Self.options(query: fields, format: format)
        let canonical = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let key = "\(content.id)|\(content.updatedAt)|\(pinsSeq)|\(format)|\(canonical)"
        return Request(contentId: content.id, format: format, query: fields, key: key, etag: "\"\(Self.hash(key))\"")
    }

    /// A cached answer for `request`, if there is one.
    func cached(_ request: Request) -> Data? {
        cache[request.key]
    }

    /// Renders in a worker off the loop thread, then calls `done` on it with the bytes or the
    /// error.
    func render(_ request: Request, document: String, pins: [StoredPin],
                done: @escaping (Result<Data, ServiceError>) -> Void) throws {
        guard queued < maxQueued else {
            throw ServiceError(status: 503, message: "\(queued) renders are waiting; retry in a moment")
        }
        queued += 1
        let pinsJSON = try JSONEncoder().encode(["pins": pins.map { AppPin(pin: $0.pin) }])
        let job = WorkerJob(kind: .render, document: document, format: request.format, query: request.query,
                            limits: limits, bytes: pinsJSON.count)
        let finish = LoopBound(value: done)
        queue.async { [self] in
            let (answer, peakMemory) = run(job, payload: pinsJSON, name: "content \"\(request.contentId)\"")
            let result = answer.map(\.file)
            MainLoop.perform { [self] in
                queued -= 1
                counts[request.contentId, default: RenderCounts()].count(result, peakMemory: peakMemory)
                if case .success(let data) = result { cache[request.key] = data }
                finish.value(result)
            }
        }
    }

    /// What the check of an upload found: each page's size, and their unit (`pt` or `px`).
    struct Checked: Sendable {
        var pages: [ContentRecord.PageSize]
        var unit: String
    }

    /// Checks an uploaded file in a worker, within the limits of a render, and waits for it;
    /// throws the refusal (400 unreadable, 422 over a limit, 500 no answer), with the file's
    /// path in the message.
    func check(_ file: URL) throws(ServiceError) -> Checked {
        let job = WorkerJob(kind: .check, document: file.path, limits: limits)
        let answer = try run(job, payload: Data(), name: file.path).answer.get().answer
        return Checked(pages: answer.pages ?? [], unit: answer.unit ?? "px")
    }

    /// Checks an uploaded file off the loop thread, one upload at a time, then calls `done`
    /// on it.
    func check(_ file: URL, done: @escaping (Result<Checked, ServiceError>) -> Void) {
        let finish = LoopBound(value: done)
        checks.async { [self] in
            let result = Result { () throws(ServiceError) in try check(file) }
            MainLoop.perform { finish.value(result) }
        }
    }

    /// `content` with how its renders went since the server started or it was last uploaded.
    func counted(_ content: ContentRecord) -> ContentRecord {
        var content = content
        content.renders = counts[content.id] ?? RenderCounts()
        return content
    }

    /// Starts counting a content's renders again (its file was replaced).
    func forget(_ contentId: String) {
        counts[contentId] = nil
    }

    /// Runs `job` in a worker of its own, killed ``grace`` seconds past the time limit if it
    /// has not answered. Returns its answer and file, or the error as an answer with the
    /// document's path replaced by `name`; and the worker's peak memory.
    private func run(_ job: WorkerJob, payload: Data, name: String)
        -> (answer: Result<(answer: WorkerAnswer, file: Data), ServiceError>, peakMemory: Int) {
        let directory = scratch.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        let process: WorkerProcess
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            process = try WorkerProcess(command: worker, scratch: directory)
        } catch {
            return (.failure(ServiceError(status: 500, message: "\(name): no render worker: \(error)")), 0)
        }
        let outcome = Result { try process.run(job, payload: payload, until: Self.now() + limits.seconds + Self.grace) }
        // One that answered exits once its input is closed; one that did not is killed now.
        let exit = process.end(until: (try? outcome.get()) == nil ? 0 : Self.now() + Self.grace)
        let answer = outcome.mapError { error in
            Self.failure(error, exit: exit, name: name, seconds: limits.seconds)
        }.flatMap { answer, file -> Result<(answer: WorkerAnswer, file: Data), ServiceError> in
            guard let message = answer.error else { return .success((answer, file)) }
            return .failure(ServiceError(status: answer.status, message: message.replacingOccurrences(of: job.document, with: name)))
        }
        return (answer, exit.peakMemory)
    }

    /// Why a worker gave no answer: not in time (422, the limit named), or it ended first
    /// (500: a signal, a status).
    private static func failure(_ error: Error, exit: WorkerProcess.Exit, name: String, seconds: Double) -> ServiceError {
        if case WorkerPipeError.timedOut = error {
            let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return ServiceError(status: 422, message: "\(name): stopped at the service's limit of \(shown) s for one render "
                                + "(serve --render-timeout); its worker did not answer and was ended")
        }
        let ending = exit.signal != 0 ? "was ended by signal \(exit.signal)\(exit.signal == SIGKILL ? " (out of memory?)" : "")"
            : "exited with status \(exit.status)"
        return ServiceError(status: 500, message: "\(name): the render worker \(ending) before it answered (\(error)); the service goes on")
    }

    /// Seconds on `DispatchTime`'s clock, as the workers' pipes take their deadlines.
    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// FNV-1a, 64 bits, in hex: short, and the same on every run.
    private static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }
}

/// Rendered bytes by key, the oldest dropped past `limit` bytes in all.
struct RenderCache {
    let limit: Int
    private var entries: [String: Data] = [:]
    private var order: [String] = []
    private var bytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    subscript(key: String) -> Data? {
        get { entries[key] }
        set {
            guard let newValue, newValue.count <= limit, entries[key] == nil else { return }
            entries[key] = newValue
            order.append(key)
            bytes += newValue.count
            while bytes > limit, let oldest = order.first {
                order.removeFirst()
                bytes -= entries.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }
}
