import Foundation
import PinServiceCore
import PinPlatform

/// Renders through the PostgreSQL database (`serve --db ... --render-workers 0`): each job
/// is a row of `render_jobs`, taken by a worker on any machine (``DatabaseRenderWorker``,
/// `pinrender render-worker --db`) and answered in the same row, which every server of the
/// database reads: a render asked for again, here or on another server, is answered from it
/// or joins it while it is queued. The server hears of answers by LISTEN
/// (``DatabaseRenderQueue/doneChannel``, and a look every second in case one was missed),
/// and keeps the last ``kept`` jobs. Its statements run on a thread of their own, on a
/// connection of their own; its state is the loop thread's.
final class DatabaseRenderQueue: RenderRunner, @unchecked Sendable {
    /// The channel a new job is announced on, which the workers LISTEN on.
    static let jobsChannel = "pinrender_render_jobs"
    /// The channel a job's answer is announced on, which the servers LISTEN on.
    static let doneChannel = "pinrender_render_done"
    /// How many jobs (the newest) the database keeps with their answers.
    static let kept = 1000

    /// A job waiting for its answer, and who waits for it (loop thread).
    private struct Waiter {
        /// When it was asked for, on `DispatchTime`'s clock, in seconds.
        var since: Double
        /// When it is given up, on the same clock: no worker answered in time.
        var deadline: Double
        var name: String
        var done: LoopBound<(RenderWorkerSlot.Outcome) -> Void>
    }

    /// The most jobs of this server that may wait for an answer.
    let capacity: Int
    private let uri: String
    private let data: URL
    private let connection: PostgresConnection
    private let queue = DispatchQueue(label: "pinrender.service.render-jobs")
    private var listener: PostgresListener?
    /// The jobs waiting, by their row's id (loop thread only).
    private var waiting: [Int: [Waiter]] = [:]
    /// Jobs being queued, their row not yet known (loop thread only).
    private var queueing = 0
    /// Whether a look at the answers is under way (loop thread only).
    private var looking = false
    private(set) var load = RenderLoad()

    /// Connects to the database at `uri` (whose migrations are applied) and LISTENs for
    /// answers; documents under `data` are named relative to it, as the workers find them
    /// under their own `--data`. Call on the loop thread.
    init(uri: String, capacity: Int, data: URL) throws {
        self.uri = uri
        self.capacity = capacity
        self.data = data.standardizedFileURL
        connection = try PostgresConnection(uri: uri)
        listener = try PostgresListener(uri: uri, channel: Self.doneChannel) { [unowned self] in look() }
        MainLoop.every(seconds: 1) { [weak self] in self?.look() }
    }

    /// Nothing renders here: the database's workers finish what they took, and the rows stay
    /// for the other servers.
    func stop() {}

    func submit(_ job: WorkerJob, payload: Data, name: String, key: String, sent: @escaping () -> Void,
                done: @escaping (RenderWorkerSlot.Outcome) -> Void) throws(ServiceError) {
        guard waiting.count + queueing < max(1, capacity) else {
            load.refused += 1
            throw load.refusal(workers: 1)
        }
        var relative = job
        let root = data.path.hasSuffix("/") ? data.path : data.path + "/"
        if job.document.hasPrefix(root) { relative.document = String(job.document.dropFirst(root.count)) }
        let queued = relative
        let now = RenderWorkerSlot.now()
        let waiter = Waiter(since: now, deadline: now + Self.patience(job.limits), name: name, done: LoopBound(value: done))
        let bound = LoopBound(value: waiter)
        queueing += 1
        load.waiting = waiting.count + queueing
        queue.async { [self] in
            let row = Result { try enqueue(queued, pins: payload, name: name, key: key) }
            MainLoop.perform { [self] in
                queueing -= 1
                switch row {
                case .success(let id): waiting[id, default: []].append(bound.value)
                case .failure(let error):
                    bound.value.done.value(RenderWorkerSlot.Outcome(answer: .failure(ServiceError(status: 500,
                        message: "\(name): the render could not be queued in the database: \(error)")), peakMemory: 0, taken: false))
                }
                load.waiting = waiting.count + queueing
                look()
            }
        }
    }

    /// The row of `key`'s job: the last one queued or answered 200, or a new one.
    private func enqueue(_ job: WorkerJob, pins: Data, name: String, key: String) throws -> Int {
        let last = try connection.query("SELECT id FROM render_jobs WHERE key = ? AND (state = 'queued' OR status = 200) ORDER BY id DESC LIMIT 1",
                                        [.text(key)]) { $0.integer(0) }
        if let id = last.first { return id }
        let message = String(decoding: try JSONEncoder().encode(job), as: UTF8.self)
        let id = try connection.query("""
            INSERT INTO render_jobs (key, name, job, pins, state, created_at)
            VALUES (?, ?, ?, ?, 'queued', \(SQLDialect.postgres.now)) RETURNING id
            """, [.text(key), .text(name), .text(message), .text(String(decoding: pins, as: UTF8.self))]) { $0.integer(0) }
        try connection.execute("NOTIFY \(Self.jobsChannel)")
        try connection.run("DELETE FROM render_jobs WHERE state = 'done' AND id <= ?", [.integer((id.first ?? 0) - Self.kept)])
        try connection.run("DELETE FROM render_attempts WHERE job_id <= ?", [.integer((id.first ?? 0) - Self.kept)])
        return id.first ?? 0
    }

    /// How long a server waits for a job's answer: twice what a worker may take for it, so
    /// that a job queued behind another is answered too; past it, no worker is taking jobs.
    static func patience(_ limits: RenderLimits) -> Double {
        2 * (limits.seconds + RenderService.grace)
    }

    /// Reads the answers of the jobs waiting and hands them over; gives up those past their
    /// deadline (503: the job stays queued, and its answer serves the next identical request).
    private func look() {
        giveUp(before: RenderWorkerSlot.now())
        guard !waiting.isEmpty, !looking else { return }
        if listener?.isListening != true {
            listener = try? PostgresListener(uri: uri, channel: Self.doneChannel) { [unowned self] in look() }
        }
        looking = true
        let ids = "{" + waiting.keys.map(String.init).joined(separator: ",") + "}"
        queue.async { [self] in
            let answers = Result {
                try connection.query("""
                    SELECT id, status, error, result, peak_memory FROM render_jobs
                    WHERE state = 'done' AND id = ANY(CAST(? AS BIGINT[]))
                    """, [.text(ids)]) { row in
                    (id: row.integer(0), status: row.integer(1), error: row.text(2), result: row.text(3), peak: row.integer(4))
                }
            }
            MainLoop.perform { [self] in
                looking = false
                // A database out of reach now: the next look tries again.
                for answer in (try? answers.get()) ?? [] {
                    for waiter in waiting.removeValue(forKey: answer.id) ?? [] {
                        let result: Result<(answer: WorkerAnswer, file: Data), ServiceError> = answer.error.map {
                            .failure(ServiceError(status: answer.status, message: $0))
                        } ?? .success((WorkerAnswer(peakMemory: answer.peak), Data(base64Encoded: answer.result ?? "") ?? Data()))
                        load.record(seconds: RenderWorkerSlot.now() - waiter.since)
                        waiter.done.value(RenderWorkerSlot.Outcome(answer: result, peakMemory: answer.peak, taken: false))
                    }
                }
                load.waiting = waiting.count + queueing
            }
        }
    }

    /// Answers 503 to the waiters whose deadline is before `now`.
    private func giveUp(before now: Double) {
        for (id, waiters) in waiting {
            let (late, onTime) = (waiters.filter { $0.deadline < now }, waiters.filter { $0.deadline >= now })
            waiting[id] = onTime.isEmpty ? nil : onTime
            for waiter in late {
                let seconds = Int((now - waiter.since).rounded())
                let error = ServiceError(status: 503, message: "\(waiter.name): no render worker answered in \(seconds) s "
                                         + "(are render-worker --db processes running?); retry later", headers: [("Retry-After", "30")])
                waiter.done.value(RenderWorkerSlot.Outcome(answer: .failure(error), peakMemory: 0, taken: false))
            }
        }
        load.waiting = waiting.count + queueing
    }
}
