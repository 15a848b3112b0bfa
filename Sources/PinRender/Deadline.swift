import Foundation

/// The time a whole job may take (`--timeout`), and the memory (`--max-memory`, resident
/// bytes of the whole process). The job checks both between its steps (pages, stripes of a
/// page, comments, files) and stops with a ``LimitError`` naming what it was doing. A step
/// inside a call that cannot be interrupted (Poppler drawing a page, qpdf writing a file,
/// Pango setting a long text) runs past a check, and may allocate gigabytes there (a
/// decompression bomb, a huge shading); ``guarding(_:overrun:_:)`` arms a backstop for that
/// case, which looks at the clock and at the process's resident memory every
/// ``backstopInterval`` seconds.
///
///     let deadline = Deadline(seconds: 20, maxMemory: 1 << 30, subject: "plan.pdf")
///     try deadline.during("drawing page 3") { ... try deadline.check() ... }
final class Deadline: @unchecked Sendable {
    /// The limit, in seconds.
    let seconds: Double
    /// The most resident memory the process may take, in bytes.
    let maxMemory: Int
    /// What the job works on, as messages name it (the document).
    let subject: String
    private let end: DispatchTime
    private let lock = NSLock()
    /// What is being done now, in the order it began (workers draw pages side by side).
    private var activities: [(id: Int, name: String)] = []
    private var lastId = 0
    /// The job's current step, for when nothing is going on side by side.
    private var current = "starting"
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

    init(seconds: Double, maxMemory: Int, subject: String) {
        self.seconds = seconds
        self.maxMemory = maxMemory
        self.subject = subject
        end = .now() + seconds
    }

    /// Throws ``LimitError`` when the time is up or the memory over the limit.
    func check() throws {
        if DispatchTime.now() >= end { throw expired(.time(seconds: seconds)) }
        if let resident = ResidentMemory.bytes(), resident > maxMemory { throw expired(.memory(bytes: maxMemory)) }
    }

    /// Checks, and names `activity` ("writing out.pdf") as what the job does from now on,
    /// unless work started with ``during(_:_:)`` is going on.
    func step(_ activity: String) throws {
        lock.lock()
        current = activity
        lock.unlock()
        try check()
    }

    /// Runs `body` as `activity` ("drawing page 3"), on any thread, several side by side:
    /// checks first, and names the activity if the time runs out while it runs.
    func during<T>(_ activity: String, _ body: () throws -> T) throws -> T {
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
        var names: [String] = []
        for (_, name) in activities where !names.contains(name) { names.append(name) }
        return LimitError(subject: subject, limit: limit, activity: names.isEmpty ? current : names.joined(separator: " and "))
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
                let limit: LimitError.Limit
                if DispatchTime.now() >= end + Self.grace {
                    limit = .time(seconds: seconds)
                } else if let resident = ResidentMemory.bytes(), resident > maxMemory {
                    limit = .memory(bytes: maxMemory)
                } else {
                    return
                }
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
    /// What was being done ("drawing page 3").
    public var activity: String

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
