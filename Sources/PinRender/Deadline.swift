import Foundation

/// The time a whole job may take (`--timeout`), and the memory (`--max-memory`, resident
/// bytes of the whole process). The job checks both between its steps (pages, stripes of a
/// page, comments, files) and stops with a ``LimitError`` naming what it was doing. A step
/// inside a call that cannot be interrupted (Poppler drawing a page, qpdf writing a file,
/// Pango setting a long text) runs past a check, and may allocate gigabytes there (a
/// decompression bomb, a huge shading); ``guarding(_:overrun:_:)`` arms a backstop for that
/// case, which looks at the clock and at the process's resident memory every
/// ``backstopInterval`` seconds. The time is read from a ``JobClock``: the system's monotonic
/// clock, or one a test moves.
///
///     let deadline = Deadline(seconds: 20, maxMemory: 1 << 30, subject: "plan.pdf", clock: .monotonic)
///     try deadline.during(.drawingPage(3)) { ... try deadline.check() ... }
final class Deadline: @unchecked Sendable {
    /// The limit, in seconds.
    let seconds: Double
    /// The most resident memory the process may take, in bytes.
    let maxMemory: Int
    /// What the job works on, as messages name it (the document).
    let subject: String
    private let clock: JobClock
    /// When the time is up, on `clock`.
    private let end: Double
    private let lock = NSLock()
    /// What is being done now, in the order it began (workers draw pages side by side).
    private var activities: [(id: Int, activity: JobActivity)] = []
    private var lastId = 0
    /// The job's current step, for when nothing is going on side by side.
    private var current = JobActivity.starting
    /// Who ended the job first: the job itself (it failed, or is committing its outputs),
    /// or the backstop.
    private var ended: Ender?

    private enum Ender {
        case job, backstop
    }

    /// How long the backstop leaves a step that passed the limit to reach its next check
    /// and stop by itself, with the temporary files removed the ordinary way.
    static let grace = 0.5
    /// How often the backstop looks at the clock and the memory: a page allocating at a few
    /// gigabytes a second passes the memory limit by some tens of megabytes before it stops.
    static let backstopInterval = 0.01

    /// The limits start now, on `clock`.
    init(seconds: Double, maxMemory: Int, subject: String, clock: JobClock) {
        self.seconds = seconds
        self.maxMemory = maxMemory
        self.subject = subject
        self.clock = clock
        end = clock.now() + seconds
    }

    /// Throws ``LimitError`` when the time is up or the memory over the limit.
    func check() throws {
        if clock.now() >= end { throw expired(.time(seconds: seconds)) }
        if let resident = ResidentMemory.bytes(), resident > maxMemory { throw expired(.memory(bytes: maxMemory)) }
    }

    /// Checks, and names `activity` (`.writing("out.pdf")`) as what the job does from now on,
    /// unless work started with ``during(_:_:)`` is going on.
    func step(_ activity: JobActivity) throws {
        lock.lock()
        current = activity
        lock.unlock()
        try check()
    }

    /// Runs `body` as `activity` (`.drawingPage(3)`), on any thread, several side by side:
    /// checks first, and names the activity if the time runs out while it runs.
    func during<T>(_ activity: JobActivity, _ body: () throws -> T) throws -> T {
        lock.lock()
        lastId += 1
        let id = lastId
        activities.append((id, activity))
        lock.unlock()
        defer {
            lock.lock()
            activities.removeAll { $0.id == id }
            lock.unlock()
        }
        try check()
        return try body()
    }

    /// The error for what is being done now.
    private func expired(_ limit: LimitError.Limit) -> LimitError {
        lock.lock()
        defer { lock.unlock() }
        var going: [JobActivity] = []
        for (_, activity) in activities where !going.contains(activity) { going.append(activity) }
        return LimitError(subject: subject, limit: limit, activities: going.isEmpty ? [current] : going)
    }

    /// What the backstop stops the job for now: the time, ``grace`` seconds past the limit,
    /// or the memory, over the limit; nil while neither is.
    func overrunLimit() -> LimitError.Limit? {
        if clock.now() >= end + Self.grace { return .time(seconds: seconds) }
        if let resident = ResidentMemory.bytes(), resident > maxMemory { return .memory(bytes: maxMemory) }
        return nil
    }

    /// Ends the job on its own side: from now on the backstop does nothing. When the
    /// backstop has already fired, it is ending the process: this waits for that.
    func endJob() {
        lock.lock()
        if ended == nil { ended = .job }
        let backstop = ended == .backstop
        lock.unlock()
        while backstop { pause() }
    }

    /// Runs a job that writes `outputs` under this deadline. When `overrun` is given, a
    /// timer calls it, after removing the temporary files, if the job has not ended
    /// ``grace`` seconds after the limit, or as soon as the process's resident memory is over
    /// ``maxMemory``: the job is stuck in a call that cannot be interrupted, and `overrun`
    /// ends the process. If the job throws, its temporary files are removed. The job must
    /// call ``endJob()`` before it commits its outputs.
    func guarding<T>(_ outputs: OutputFiles, overrun: (@Sendable (LimitError) -> Never)?,
                     _ job: () throws -> T) throws -> T {
        var timer: DispatchSourceTimer?
        if let overrun {
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + Self.backstopInterval, repeating: Self.backstopInterval)
            source.setEventHandler { [self] in
                guard let limit = overrunLimit() else { return }
                lock.lock()
                let first = ended == nil
                if first { ended = .backstop }
                lock.unlock()
                guard first else { return }
                let error = expired(limit)
                outputs.discard()
                overrun(error)
            }
            source.resume()
            timer = source
        }
        defer { timer?.cancel() }
        do {
            let result = try job()
            endJob()
            return result
        } catch {
            endJob()
            outputs.discard()
            throw error
        }
    }
}

/// A job that took longer than `--timeout` or more memory than `--max-memory`.
public struct LimitError: Error, CustomStringConvertible {
    /// Which limit was reached.
    public enum Limit: Sendable, Equatable {
        case time(seconds: Double)
        case memory(bytes: Int)
    }

    public var subject: String
    public var limit: Limit
    /// What was being done (`.drawingPage(3)`), several things when workers were side by side.
    public var activities: [JobActivity]

    /// What was being done, as the message says it ("drawing page 3 and drawing page 4").
    public var activity: String { activities.map(\.description).joined(separator: " and ") }

    public var description: String {
        switch limit {
        case .time(let seconds):
            let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return "\(subject): stopped at the --timeout of \(shown) s while \(activity); nothing was written "
                + "(raise --timeout to give it longer)"
        case .memory(let bytes):
            return "\(subject): stopped at the --max-memory of \(bytes / (1 << 20)) MiB while \(activity); nothing was written "
                + "(raise --max-memory to give it more)"
        }
    }
}
