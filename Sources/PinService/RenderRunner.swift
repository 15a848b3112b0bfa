import Foundation

/// Where a ``RenderService`` sends its renders: its own workers (``RenderPool``), or the
/// database's queue that workers on other machines take jobs from (``DatabaseRenderQueue``).
/// Called on the loop thread, answering on it.
protocol RenderRunner: AnyObject {
    /// How busy the runner is and how long its jobs took.
    var load: RenderLoad { get }

    /// Queues `job` (identical renders have the same `key`); calls `sent` once a worker has
    /// it (when the runner can tell) and `done` with its outcome. Throws 503 with
    /// `Retry-After` when the queue is full.
    func submit(_ job: WorkerJob, payload: Data, name: String, key: String, sent: @escaping () -> Void,
                done: @escaping (RenderWorkerSlot.Outcome) -> Void) throws(ServiceError)

    /// Kills the renders running here and starts no other (the server is stopping).
    func stop()
}

extension RenderLoad {
    /// The 503 of a full queue: `Retry-After` the seconds the jobs ahead are expected to
    /// take, from the mean of those so far, shared by `workers` (1 when unknown).
    func refusal(workers: Int) -> ServiceError {
        let seconds = max(1, Int((meanSeconds * Double(waiting + running) / Double(max(1, workers))).rounded(.up)))
        return ServiceError(status: 503, message: "\(waiting) renders are waiting for a worker (serve --render-queue); retry in \(seconds) s",
                            headers: [("Retry-After", String(seconds))])
    }
}
