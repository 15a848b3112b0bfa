import Foundation
import PinPlatform

/// The service's render workers: a few long-lived processes (``RenderWorkerSlot``), each
/// taking jobs one after another, and a bounded queue of the jobs waiting for one. A job
/// past the queue's bound is refused with 503 and `Retry-After` (the seconds the jobs ahead
/// of it are expected to take, from the renders so far). Its state is the loop thread's;
/// each job runs on its worker's thread and is answered on the loop thread.
///
///     let pool = RenderPool(workers: 2, capacity: 16, command: worker, scratch: scratch)
///     try pool.submit(job, payload: pins, name: "content \"plan\"", key: key, sent: {}) { outcome in ... }
final class RenderPool: RenderRunner, @unchecked Sendable {
    /// A job and what to call when its worker has it and when it is done (loop thread).
    private struct Task {
        var job: WorkerJob
        var payload: Data
        var name: String
        var sent: LoopBound<() -> Void>
        var done: LoopBound<(RenderWorkerSlot.Outcome) -> Void>
    }

    /// The most jobs that may wait for a worker.
    let capacity: Int
    private let slots: [RenderWorkerSlot]
    private var idle: [RenderWorkerSlot]
    private var waiting: [Task] = []
    /// How the jobs went so far (loop thread only).
    private(set) var load = RenderLoad()

    /// - Parameters:
    ///   - workers: how many worker processes run jobs side by side.
    ///   - capacity: how many jobs may wait for one.
    ///   - command: the command line of a render worker.
    ///   - scratch: where each worker gets a directory of its own.
    init(workers: Int, capacity: Int, command: [String], scratch: URL) {
        self.capacity = capacity
        slots = (0..<workers).map { index in
            RenderWorkerSlot(command: command, directory: scratch.appendingPathComponent("worker-\(index + 1)"))
        }
        idle = slots.reversed()
        load.workers = workers
    }

    /// Queues `job`; calls `sent` on the loop thread once a worker has it and `done` with its
    /// outcome. Throws 503 with `Retry-After` when ``capacity`` jobs are waiting already.
    /// Call on the loop thread.
    func submit(_ job: WorkerJob, payload: Data, name: String, key: String, sent: @escaping () -> Void,
                done: @escaping (RenderWorkerSlot.Outcome) -> Void) throws(ServiceError) {
        guard !idle.isEmpty || waiting.count < capacity else {
            load.refused += 1
            throw load.refusal(workers: slots.count)
        }
        waiting.append(Task(job: job, payload: payload, name: name, sent: LoopBound(value: sent), done: LoopBound(value: done)))
        load.waiting = waiting.count
        startWaiting()
    }

    /// Kills every worker's render and starts no other.
    func stop() {
        for slot in slots { slot.kill() }
    }

    /// Gives waiting jobs to idle workers.
    private func startWaiting() {
        while !waiting.isEmpty, let slot = idle.popLast() {
            let task = waiting.removeFirst()
            load.waiting = waiting.count
            load.running += 1
            let started = RenderWorkerSlot.now()
            slot.queue.async { [self] in
                let outcome = slot.run(task.job, payload: task.payload, name: task.name) {
                    MainLoop.perform { task.sent.value() }
                }
                let seconds = RenderWorkerSlot.now() - started
                MainLoop.perform { [self] in
                    load.running -= 1
                    load.record(seconds: seconds)
                    idle.append(slot)
                    task.done.value(outcome)
                    startWaiting()
                }
            }
        }
    }
}

/// How busy the render workers are and how long their jobs took, for the metrics: plain
/// numbers, read on the loop thread.
struct RenderLoad: Sendable, Equatable {
    /// Worker processes (``RenderPool``), 0 when the renders go to the database's workers.
    var workers = 0
    /// Jobs waiting for a worker.
    var waiting = 0
    /// Jobs a worker is running.
    var running = 0
    /// Jobs done (answered or failed).
    var finished = 0
    /// Seconds the finished jobs took in all, from a worker taking them to their answer.
    var seconds = 0.0
    /// Jobs refused because the queue was full (503).
    var refused = 0

    /// The mean seconds of a finished job, 1 before any.
    var meanSeconds: Double { finished == 0 ? 1 : seconds / Double(finished) }

    mutating func record(seconds: Double) {
        finished += 1
        self.seconds += seconds
    }
}
