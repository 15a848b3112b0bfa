import Foundation
import PinPlatform
import PinRender
import PinRenderCore
import PinServiceCore

/// Renders for `GET .../render.png` and `.../render.pdf`: the query read by the CLI's own
/// option parser (`page`, `dpi`, `width`, `height`, `scale`, `device`, `zoom`, `offset`,
/// `focus`, `safeArea`, `tooltips`, `cluster`, `include`, `timezone`: the `render`
/// command's options by their keys), the current pins written as the CLI reads them, and
/// ``RenderJob`` run on them by a render worker (``RenderWorker``), one of a pool of
/// long-lived processes (``RenderPool``) or, without workers of its own, a worker of the
/// PostgreSQL database's queue (``DatabaseRenderQueue``), within the service's limits for one
/// render (``RenderLimits``), off the loop thread; past the queue, 503 with `Retry-After`.
/// Identical requests in flight are rendered once, and answers are cached (``RenderCache``,
/// least recently used out past its size) by content, its revision (the upload), its pins'
/// last change and the options, with an ETag made of the same. Uploads are checked by a
/// worker of their own (``check(_:)``), one at a time, beside the renders. How each
/// content's renders went is counted (``counted(_:)``), how busy the workers are is
/// ``load``.
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

    let limits: RenderLimits
    /// This server's directory of the workers' directories, removed with it.
    private let directory: URL
    /// This service's workers, or the database's queue.
    private let runner: any RenderRunner
    /// The worker that checks uploads, one at a time.
    let checker: RenderWorkerSlot
    private var cache: RenderCache
    /// The callers waiting for each render in flight, by its key (loop thread only).
    private var inFlight: [String: [LoopBound<(Result<Data, ServiceError>) -> Void>]] = [:]
    /// How the renders of each content went (loop thread only).
    private var counts: [String: RenderCounts] = [:]
    /// Where the renders' and checks' times go (set before the first render).
    var metrics: Metrics?

    /// Renders waiting or running (loop thread only).
    var queued: Int { load.waiting + load.running }

    /// How busy the render workers are and how long renders took (loop thread only).
    var load: RenderLoad { runner.load }

    /// The service's renders as `configuration` sets them: its workers and their command,
    /// limits, queue and cache; the workers' directories under the data directory's `scratch`.
    /// Without workers of its own (``ServiceConfiguration/renderWorkers`` 0), renders go to
    /// the PostgreSQL database's queue, whose workers read the documents from the same data
    /// directory (its path relative to it); without a database that is refused.
    convenience init(_ configuration: ServiceConfiguration) throws {
        let runner: (URL) throws -> any RenderRunner
        if configuration.renderWorkers > 0 {
            runner = { scratch in
                RenderPool(workers: configuration.renderWorkers, capacity: configuration.renderQueue,
                           command: configuration.renderWorker, scratch: scratch)
            }
        } else if let uri = configuration.postgres {
            runner = { _ in
                try DatabaseRenderQueue(uri: uri, capacity: configuration.renderQueue, data: configuration.dataDirectory)
            }
        } else {
            throw ServiceError(status: 500, message: "--render-workers 0 needs --db postgresql://...: workers started with render-worker --db take the renders")
        }
        try self.init(scratch: configuration.dataDirectory.appendingPathComponent("scratch"),
                      worker: configuration.renderWorker,
                      limits: RenderLimits(maxMemory: configuration.renderMaxMemory, seconds: configuration.renderTimeout,
                                           pixelLimit: RenderOptions.unset.pixelLimit),
                      cacheBytes: configuration.renderCache, runner: runner)
    }

    /// - Parameters:
    ///   - scratch: where each worker gets a directory of its own.
    ///   - worker: the command line of a render worker (the checks' worker's).
    ///   - limits: what one render or upload check may take.
    ///   - cacheBytes: the most bytes of answers kept.
    ///   - runner: where the renders go, given this server's directory for its workers'.
    init(scratch: URL, worker: [String], limits: RenderLimits, cacheBytes: Int, runner: (URL) throws -> any RenderRunner) throws {
        self.limits = limits
        // A directory of this server's: servers sharing the data directory share `scratch`.
        let scratch = scratch.appendingPathComponent("server-\(getpid())-\(UUID().uuidString.prefix(8))")
        directory = scratch
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        self.runner = try runner(scratch)
        checker = RenderWorkerSlot(command: worker, directory: scratch.appendingPathComponent("checks"))
        cache = RenderCache(limit: cacheBytes)
        // A worker that ends before it has read its job must not end the server: writing to
        // its pipe then fails with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The options of a render in `format` (png or pdf) with `query`'s fields: a PNG is of
    /// page 1 unless `page` says otherwise; a PDF has every page unless `page` picks one.
    static func options(query: [String: String], format: String) throws -> RenderOptions {
        var options = RenderOptions.unset
        if format == "png" { options.pages = .list([1]) }
        try parser.parse(fields: query.mapValues { FieldValue.text($0) }, into: &options, source: "query", location: "")
        return options
    }

    /// A render's query without the fields that are not render options: `access_token`, and
    /// `revision`, the handler's (it chose the file and placed the pins: ``PinServer/shown(_:revisionIn:of:)``,
    /// which the render's key names).
    static func renderFields(of query: [String: String]) -> [String: String] {
        query.filter { $0.key != "access_token" && $0.key != "revision" }
    }

    /// Reads the query of a render of `content` (`format` png or pdf) whose pins last
    /// changed at `pinsSeq`; throws 400 for a bad option.
    func request(query: [String: String], format: String, content: ContentRecord, pinsSeq: Int) throws -> Request {
        let fields = Self.renderFields(of: query)
        _ = try Self.options(query: fields, format: format)
        let canonical = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let key = "\(content.id)|\(content.file)|\(content.updatedAt)|\(pinsSeq)|\(format)|\(canonical)"
        return Request(contentId: content.id, format: format, query: fields, key: key, etag: "\"\(Self.hash(key.utf8))\"")
    }

    /// A cached answer for `request`, if there is one.
    func cached(_ request: Request) -> Data? {
        cache[request.key]
    }

    /// Renders in a worker off the loop thread, then calls `done` on it with the bytes or the
    /// error; joins the render of an identical request in flight, if there is one. Throws
    /// 503 (with `Retry-After`) when the queue is full.
    func render(_ request: Request, document: String, pins: [StoredPin],
                done: @escaping (Result<Data, ServiceError>) -> Void) throws {
        if inFlight[request.key] != nil {
            inFlight[request.key]?.append(LoopBound(value: done))
            counts[request.contentId, default: RenderCounts()].shared += 1
            return
        }
        let pinsJSON = try JSONEncoder().encode(["pins": pins.map { WirePin($0.pin) }])
        let job = WorkerJob(kind: .render, document: document, format: request.format, query: request.query,
                            limits: limits, bytes: pinsJSON.count)
        try runner.submit(job, payload: pinsJSON, name: "content \"\(request.contentId)\"", key: request.key, sent: { [self] in
            counts[request.contentId, default: RenderCounts()].running += 1
        }, done: { [self] outcome in
            let result = outcome.answer.map(\.file)
            metrics?.observe(Metrics.renderSeconds, ["kind": WorkerJob.Kind.render.rawValue], outcome.seconds)
            counts[request.contentId, default: RenderCounts()].count(result, peakMemory: outcome.peakMemory, taken: outcome.taken)
            if case .success(let data) = result { cache[request.key] = data }
            for waiter in inFlight.removeValue(forKey: request.key) ?? [] { waiter.value(result) }
        })
        inFlight[request.key] = [LoopBound(value: done)]
    }

    /// What the check of an upload found: each page's size, and their unit (`pt` or `px`).
    struct Checked: Sendable {
        var pages: [ContentRecord.PageSize]
        var unit: String
    }

    /// Checks an uploaded file in the checks' worker, within the limits of a render, and
    /// waits for it; throws the refusal (400 unreadable, 422 over a limit, 500 no answer),
    /// with the file's path in the message.
    func check(_ file: URL) throws(ServiceError) -> Checked {
        let job = WorkerJob(kind: .check, document: file.path, limits: limits)
        let outcome = checker.queue.sync { checker.run(job, payload: Data(), name: file.path, sent: {}) }
        metrics?.observe(Metrics.renderSeconds, ["kind": job.kind.rawValue], outcome.seconds)
        let answer = try outcome.answer.get().answer
        return Checked(pages: answer.pages ?? [], unit: answer.unit ?? "px")
    }

    /// Checks an uploaded file off the loop thread, one upload at a time, then calls `done`
    /// on it.
    func check(_ file: URL, done: @escaping (Result<Checked, ServiceError>) -> Void) {
        let finish = LoopBound(value: done)
        checker.queue.async { [self] in
            let job = WorkerJob(kind: .check, document: file.path, limits: limits)
            let outcome = checker.run(job, payload: Data(), name: file.path, sent: {})
            metrics?.observe(Metrics.renderSeconds, ["kind": job.kind.rawValue], outcome.seconds)
            let answer = outcome.answer
            let result = answer.map { Checked(pages: $0.answer.pages ?? [], unit: $0.answer.unit ?? "px") }
            MainLoop.perform { finish.value(result) }
        }
    }

    /// What a worker read of an import's body: the pins JSON of its comments (as `pinrender
    /// import` writes it) and a warning line for each comment left out.
    struct Imported: Sendable {
        var pinsJSON: Data
        var warnings: [String]
    }

    /// Reads the comments of an import's body (`file`) in the checks' worker, off the loop
    /// thread, one at a time with the upload checks, within the time and memory of a render; then calls
    /// `done` on the loop thread. `format` is `pdf`, `xfdf`, `w3c` or nil (from the content);
    /// `document` the content's file, which XFDF and W3C are placed on (a PDF body is placed
    /// on its own pages).
    func importComments(_ file: URL, format: String?, contentId: String, document: String?, baseURL: String,
                        done: @escaping (Result<Imported, ServiceError>) -> Void) {
        let finish = LoopBound(value: done)
        var query = ["contentId": contentId, "baseURL": baseURL]
        query["document"] = document
        let job = WorkerJob(kind: .importComments, document: file.path, format: format ?? "", query: query, limits: limits)
        checker.queue.async { [self] in
            let outcome = checker.run(job, payload: Data(), name: "the import", sent: {})
            metrics?.observe(Metrics.renderSeconds, ["kind": job.kind.rawValue], outcome.seconds)
            let result = outcome.answer.map { Imported(pinsJSON: $0.file, warnings: $0.answer.warnings ?? []) }
            MainLoop.perform { finish.value(result) }
        }
    }

    /// The renders a worker has taken and not answered yet (loop thread only).
    var running: Int { load.running }

    /// Kills the workers running and starts no other: what is waiting fails with 500.
    func stop() {
        runner.stop()
        checker.kill()
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

    /// FNV-1a, 64 bits, in hex: short, and the same on every run (an ETag).
    static func hash(_ bytes: some Sequence<UInt8>) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }
}
