import Dispatch

/// Runs `count` indexed tasks on up to ``workers`` threads: every job's worker loop (pages
/// side by side, the stripes of one page, the two inputs of a diff, the halves of a sort).
///
/// Each worker is set up once, on its own thread, when it takes its first task: `context`
/// makes what it works with (its own Poppler document, say), and only that thread uses it.
/// Whichever worker is free takes the next task, in index order, so the results, collected
/// by index, do not depend on the machine. The first failure in task order is the one
/// thrown: no task is handed out after a failure, the tasks before it are finished (one of
/// them may fail first), and the outputs of the rest are dropped. `checkpoint` runs before
/// each task (a time limit checks there); what it throws fails that task.
///
///     let pages = try WorkerPool(workers: 2).map(10, context: { _ in try open() }) { document, index in
///         try document.render(page: index + 1)
///     }
public struct WorkerPool: Sendable {
    /// How many tasks run at once, at most.
    public var workers: Int

    /// - Parameter workers: how many tasks run at once, at most (at least 1).
    public init(workers: Int) {
        self.workers = max(1, workers)
    }

    /// Runs the tasks and returns their outputs in index order.
    /// - Parameters:
    ///   - count: the tasks are `0..<count`.
    ///   - context: sets up a worker, on its thread, given the worker's index (0 is the first).
    ///   - checkpoint: runs before each task; what it throws stops the job.
    ///   - onDone: called with (tasks done, `count`) after each task, one call at a time,
    ///     in the order the tasks finish.
    ///   - task: runs task `index` with the worker's context.
    public func map<Context, Output: Sendable>(_ count: Int,
                                               context: @Sendable (Int) throws -> Context,
                                               checkpoint: @Sendable () throws -> Void = {},
                                               onDone: (@Sendable (Int, Int) -> Void)? = nil,
                                               task: @Sendable (Context, Int) throws -> Output) throws -> [Output] {
        let schedule = TaskSchedule<Output>(count: count, window: nil, onDone: onDone)
        try run(schedule, context: context, checkpoint: checkpoint, task: task)
        return schedule.outputs()
    }

    /// Runs the tasks and hands their outputs to `deliver` in index order, each as soon as it
    /// and every one before it are done, by one worker at a time. A task is handed out only
    /// while it is less than `window` tasks past the first output not yet delivered: at most
    /// `window` outputs are ever being made or waiting (a PNG's stripes waiting for the file).
    /// What `deliver` throws fails the task whose output it was given.
    public func stream<Context, Output: Sendable>(_ count: Int, window: Int,
                                                  context: @Sendable (Int) throws -> Context,
                                                  checkpoint: @Sendable () throws -> Void = {},
                                                  deliver: @escaping @Sendable (Int, Output) throws -> Void,
                                                  task: @Sendable (Context, Int) throws -> Output) throws {
        let schedule = TaskSchedule<Output>(count: count, window: max(1, window), onDone: nil, deliver: deliver)
        try run(schedule, context: context, checkpoint: checkpoint, task: task)
    }

    private func run<Context, Output>(_ schedule: TaskSchedule<Output>, context makeContext: @Sendable (Int) throws -> Context,
                                      checkpoint: @Sendable () throws -> Void,
                                      task: @Sendable (Context, Int) throws -> Output) throws {
        let threads = min(workers, schedule.count)
        guard threads > 0 else { return }
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            var context: Context?
            while let index = schedule.take() {
                do {
                    try checkpoint()
                    if context == nil { context = try makeContext(worker) }
                    schedule.finish(index, try task(context!, index))
                } catch {
                    schedule.fail(index, error)
                }
            }
        }
        if let failure = schedule.failure { throw failure }
    }
}
