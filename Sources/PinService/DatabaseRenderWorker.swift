import Foundation
import PinServiceCore
import PinPlatform

/// `pinrender render-worker --db URI [--data DIR]`: takes the render jobs of the database's
/// queue (``DatabaseRenderQueue``) one after another, on any machine that reaches the
/// database and sees the service's data directory (at `data`): each is taken with
/// `SELECT ... FOR UPDATE SKIP LOCKED` inside a transaction that stays open while it
/// renders, so a worker that dies (its connection with it) gives the job back to the others,
/// and is answered in its row within that transaction, announced on
/// ``DatabaseRenderQueue/doneChannel``. Each take is recorded at once on a second connection
/// (`render_attempts`): a job that ``maxTakes`` workers took and none answered (each died
/// while drawing it) is answered 500 without drawing it again. The render itself runs in a worker process of its own
/// (``RenderWorkerSlot``), within the limits the server put in the job.
public enum DatabaseRenderWorker {
    /// How many workers may take a job and die before it is given up.
    static let maxTakes = 3

    /// Takes jobs until the process is ended; each job taken and answered is a line on
    /// standard error (`render-worker: job 12 taken`, `... answered 200`). Throws when the
    /// database cannot be reached or has no render queue (no `serve --db` ran on it).
    public static func serve(uri: String, data: URL) throws {
        let connection = try PostgresConnection(uri: uri)
        let ledger = try PostgresConnection(uri: uri)
        try connection.execute("LISTEN \(DatabaseRenderQueue.jobsChannel)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-render-worker-\(getpid())")
        let slot = RenderWorkerSlot(command: ["/proc/self/exe", RenderWorker.command], directory: directory)
        signal(SIGPIPE, SIG_IGN)
        while true {
            if try !takeJob(connection, ledger: ledger, slot: slot, data: data.standardizedFileURL) {
                wait(for: connection, seconds: 1)
            }
        }
    }

    /// Takes the oldest job no other worker holds, renders it (unless ``maxTakes`` workers
    /// died on it, as `ledger` says) and answers it; false when there was none.
    private static func takeJob(_ connection: PostgresConnection, ledger: PostgresConnection, slot: RenderWorkerSlot,
                                data: URL) throws -> Bool {
        try connection.execute("BEGIN")
        do {
            let rows = try connection.query("""
                SELECT id, name, job, pins FROM render_jobs WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
                """, []) { (id: $0.integer(0), name: $0.text(1) ?? "", job: $0.text(2) ?? "", pins: $0.text(3) ?? "") }
            guard let row = rows.first else {
                try connection.execute("COMMIT")
                return false
            }
            let takes = try ledger.query("SELECT count(*) FROM render_attempts WHERE job_id = ?", [.integer(row.id)]) { $0.integer(0) }
            try ledger.run("INSERT INTO render_attempts (job_id, worker, taken_at) VALUES (?, ?, \(SQLDialect.postgres.now))",
                           [.integer(row.id), .text("\(ProcessInfo.processInfo.hostName) \(getpid())")])
            log("job \(row.id) taken")
            let outcome = if let takes = takes.first, takes >= maxTakes {
                RenderWorkerSlot.Outcome(answer: .failure(ServiceError(status: 500, message:
                    "\(row.name): \(takes) render workers took it and ended before they answered; it is not drawn again")),
                    peakMemory: 0, taken: false)
            } else {
                render(row.job, pins: row.pins, name: row.name, slot: slot, data: data)
            }
            let (status, error, result): (Int, SQLValue, SQLValue) = switch outcome.answer {
            case .success(let answer): (200, .null, .text(answer.file.base64EncodedString()))
            case .failure(let failure): (failure.status, .text(failure.message), .null)
            }
            try connection.run("UPDATE render_jobs SET state = 'done', status = ?, error = ?, result = ?, peak_memory = ? WHERE id = ?",
                               [.integer(status), error, result, .integer(outcome.peakMemory), .integer(row.id)])
            try connection.execute("NOTIFY \(DatabaseRenderQueue.doneChannel)")
            try connection.execute("COMMIT")
            log("job \(row.id) answered \(status)")
            return true
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Runs the job `message` (a ``WorkerJob``, its document relative to `data`) with its
    /// `pins` in the worker of `slot`.
    private static func render(_ message: String, pins: String, name: String, slot: RenderWorkerSlot, data: URL) -> RenderWorkerSlot.Outcome {
        do {
            var job = try JSONDecoder().decode(WorkerJob.self, from: Data(message.utf8))
            if !job.document.hasPrefix("/") { job.document = data.appendingPathComponent(job.document).path }
            return slot.queue.sync { slot.run(job, payload: Data(pins.utf8), name: name, sent: {}) }
        } catch {
            return RenderWorkerSlot.Outcome(answer: .failure(ServiceError(status: 500, message: "\(name): a job that cannot be read (\(error))")),
                                            peakMemory: 0, taken: false)
        }
    }

    /// Waits until a notification comes (a new job) or `seconds` pass, whichever is first.
    private static func wait(for connection: PostgresConnection, seconds: Int) {
        var ready = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, Int32(seconds * 1000))
        _ = try? connection.consumeNotifications()
    }

    private static func log(_ line: String) {
        FileHandle.standardError.write(Data("render-worker: \(line)\n".utf8))
    }
}
