import Foundation
import Synchronization

/// One long-lived render worker (a ``WorkerProcess``) and the thread that talks to it: it
/// takes jobs one after another, is started again when it has died, when it said it ends
/// (a limit passed inside a call that cannot be interrupted) or when it keeps more resident
/// memory after a job than half a render's limit, and is killed when a job's deadline (its
/// time limit and ``RenderService/grace``) passes without an answer. Its `TMPDIR` is a
/// directory of its own, emptied whenever a process of it has ended.
///
///     let slot = RenderWorkerSlot(command: worker, directory: scratch.appendingPathComponent("worker-1"))
///     slot.queue.async { let outcome = slot.run(job, payload: pins, name: "content \"plan\"", sent: {}) }
final class RenderWorkerSlot: @unchecked Sendable {
    /// What a job came to: the answer and its payload, or the error (the document's path in
    /// its message replaced by the job's name); the most resident memory the worker took for
    /// it, in bytes; whether a worker had taken the job (``run(_:payload:name:sent:)``
    /// called `sent`); and the seconds from then to its answer or its end.
    struct Outcome: Sendable {
        var answer: Result<(answer: WorkerAnswer, file: Data), ServiceError>
        var peakMemory: Int
        var taken = true
        var seconds = 0.0
    }

    /// The thread every call of ``run(_:payload:name:sent:)`` is made on.
    let queue: DispatchQueue
    private let command: [String]
    private let directory: URL
    /// The worker now, if one was started and has not ended (``queue`` only).
    private var process: WorkerProcess?
    /// The worker's process id while one runs, and whether ``kill()`` stopped the slot (any
    /// thread).
    private let state = Mutex<(pid: pid_t?, stopped: Bool)>((nil, false))

    /// - Parameters:
    ///   - command: the command line of a render worker.
    ///   - directory: the worker's own temporary directory (made when a worker starts).
    init(command: [String], directory: URL) {
        self.command = command
        self.directory = directory
        queue = DispatchQueue(label: "pinrender.service.\(directory.lastPathComponent)")
    }

    deinit {
        if let process { _ = process.end(until: 0) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `job` in the worker, started first when there is none; calls `sent` once the
    /// worker has the job (from then on, its end is the job's failure). Within the job's
    /// limits. Call on ``queue``.
    func run(_ job: WorkerJob, payload: Data, name: String, sent: () -> Void) -> Outcome {
        let limits = job.limits
        let deadline = Self.now() + limits.seconds + RenderService.grace
        let process: WorkerProcess
        do {
            process = try started(job, payload: payload, until: deadline)
        } catch {
            return Outcome(answer: .failure(ServiceError(status: 500, message: "\(name): no render worker: \(error)")), peakMemory: 0,
                           taken: false)
        }
        sent()
        let started = Self.now()
        let answer: (answer: WorkerAnswer, file: Data)
        do {
            answer = try process.answer(until: deadline, maxBytes: limits.maxMemory)
        } catch {
            let exit = stop(killing: true)
            return Outcome(answer: .failure(Self.failure(error, exit: exit, name: name, limits: limits)),
                           peakMemory: exit.peakMemory, seconds: Self.now() - started)
        }
        let seconds = Self.now() - started
        let peakMemory = answer.answer.peakMemory ?? 0
        if answer.answer.ends == true || (answer.answer.resident ?? 0) > limits.maxMemory / 2 {
            _ = stop(killing: false)
        }
        if let message = answer.answer.error {
            let error = ServiceError(status: answer.answer.status, message: message.replacingOccurrences(of: job.document, with: name))
            return Outcome(answer: .failure(error), peakMemory: peakMemory, seconds: seconds)
        }
        return Outcome(answer: .success(answer), peakMemory: peakMemory, seconds: seconds)
    }

    /// The worker with `job` sent to it: the one running, or a new one when there is none or
    /// the one there could not take it (it ended while it waited).
    private func started(_ job: WorkerJob, payload: Data, until deadline: Double) throws -> WorkerProcess {
        if let process, process.isRunning {
            do {
                try process.send(job, payload: payload, until: deadline)
                return process
            } catch {
                _ = stop(killing: true)
            }
        } else if process != nil {
            _ = stop(killing: true)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fresh = try state.withLock { state throws in
            guard !state.stopped else { throw ServiceError(status: 503, message: "the server is stopping") }
            let fresh = try WorkerProcess(command: command, scratch: directory)
            state.pid = fresh.pid
            return fresh
        }
        process = fresh
        try fresh.send(job, payload: payload, until: deadline)
        return fresh
    }

    /// Ends the worker (at once when `killing`, else once it has closed its answers, within
    /// the grace) and empties its directory of what it left.
    private func stop(killing: Bool) -> WorkerProcess.Exit {
        // Before it is waited for: a pid reaped may soon be another process's.
        state.withLock { $0.pid = nil }
        let exit = process?.end(until: killing ? 0 : Self.now() + RenderService.grace)
            ?? WorkerProcess.Exit(signal: 0, status: 0, peakMemory: 0)
        process = nil
        try? FileManager.default.removeItem(at: directory)
        return exit
    }

    /// Kills the worker running, if any, and starts no other: the job it had fails with 500,
    /// later ones with 503. Any thread.
    func kill() {
        state.withLock { state in
            state.stopped = true
            if let pid = state.pid { Glibc.kill(pid, SIGKILL) }
        }
    }

    /// Why a worker gave no answer: not in time (422, the limit named), one larger than a
    /// render may be (422, the limit named), or it ended first (500: a signal, a status).
    private static func failure(_ error: Error, exit: WorkerProcess.Exit, name: String, limits: RenderLimits) -> ServiceError {
        if case WorkerPipeError.tooLarge(let bytes) = error {
            return ServiceError(status: 422, message: limits.refusal(of: name, bytes: bytes) + "; its worker was ended")
        }
        let seconds = limits.seconds
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
    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
