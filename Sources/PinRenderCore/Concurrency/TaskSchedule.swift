import Foundation

/// The tasks of one ``WorkerPool`` run: which is next, which outputs are done, the first
/// failure in task order, and the delivery of outputs in index order.
///
/// `@unchecked Sendable`: every stored property is read and written only while holding
/// `condition`'s lock; the closures it holds are `@Sendable`.
final class TaskSchedule<Output: Sendable>: @unchecked Sendable {
    let count: Int
    /// Tasks handed out past the first undelivered output, at most (nil: no bound).
    private let window: Int?
    private let onDone: (@Sendable (Int, Int) -> Void)?
    /// Takes the outputs in index order; without it they are kept for ``outputs()``.
    private let deliver: (@Sendable (Int, Output) throws -> Void)?
    private let condition = NSCondition()
    /// The next task to hand out.
    private var next = 0
    /// How many outputs were delivered.
    private var delivered = 0
    /// Outputs done and not delivered yet.
    private var finished: [Int: Output] = [:]
    /// A worker is delivering: outputs finished meanwhile are left to it.
    private var delivering = false
    private var done = 0
    /// The failed task with the lowest index.
    private var firstFailure: (index: Int, error: Error)?

    init(count: Int, window: Int?, onDone: (@Sendable (Int, Int) -> Void)?,
         deliver: (@Sendable (Int, Output) throws -> Void)? = nil) {
        self.count = count
        self.window = window
        self.onDone = onDone
        self.deliver = deliver
    }

    /// The first failure in task order, once the run is over.
    var failure: Error? {
        condition.lock()
        defer { condition.unlock() }
        return firstFailure?.error
    }

    /// The next task, once it is within the window; nil when none is left or a task failed.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while firstFailure == nil, next < count, let window, next >= delivered + window { condition.wait() }
        guard firstFailure == nil, next < count else { return nil }
        next += 1
        return next - 1
    }

    /// Hands in task `index`'s output. With a `deliver`, when the output is the first not
    /// yet delivered and nobody is delivering, this worker delivers it and every finished
    /// output after it, in order (outside the lock: the other workers go on meanwhile).
    func finish(_ index: Int, _ output: Output) {
        condition.lock()
        defer { condition.unlock() }
        done += 1
        onDone?(done, count)
        guard !failed(before: index) else { return }
        finished[index] = output
        guard let deliver, !delivering else { return }
        delivering = true
        while !failed(before: delivered), let ready = finished.removeValue(forKey: delivered) {
            let current = delivered
            condition.unlock()
            let result = Result { try deliver(current, ready) }
            condition.lock()
            switch result {
            case .success: delivered += 1
            case .failure(let error): record(current, error)
            }
            condition.broadcast()
        }
        delivering = false
    }

    /// Records task `index`'s failure: nothing more is handed out, waiting workers stop.
    func fail(_ index: Int, _ error: Error) {
        condition.lock()
        record(index, error)
        condition.broadcast()
        condition.unlock()
    }

    /// The outputs in index order, after a run without failure and without `deliver`.
    func outputs() -> [Output] {
        condition.lock()
        defer { condition.unlock() }
        return (0..<count).map { finished[$0]! }
    }

    /// Whether a task at or before `index` failed (its output is not wanted). Under the lock.
    private func failed(before index: Int) -> Bool {
        firstFailure.map { $0.index <= index } ?? false
    }

    /// Under the lock.
    private func record(_ index: Int, _ error: Error) {
        if firstFailure.map({ index < $0.index }) ?? true { firstFailure = (index, error) }
    }
}
