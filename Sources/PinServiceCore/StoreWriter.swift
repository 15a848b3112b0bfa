import Foundation

/// The store's one writer, committing the writes that wait together: writes are taken in the
/// order they came, and when several wait, up to ``Limits/count`` of them (and
/// ``Limits/bytes`` of their requests) run in one write transaction of the store, each under
/// a savepoint of its own, so that one refused rolls back alone and gets its own error, then
/// commit once (``PinStore/group(_:)``). None is answered, and none of their changes is
/// published, before that commit is made; their events keep the writes' order. A group
/// that cannot commit (a write failed for a reason of the machine's) is rolled back, and its
/// writes run again one by one, each in a transaction of its own.
///
///     let writer = StoreWriter(store: store)
///     writer.submit(bytes: body.count, { try service.create(pin) }) { result in answer(result) }
public final class StoreWriter: @unchecked Sendable {
    /// How many writes commit together at most.
    public struct Limits: Sendable {
        /// The most writes of one group.
        public var count = 32
        /// The most bytes of their requests (the bodies) in one group; a larger write goes alone.
        public var bytes = 1 << 20

        public init() {}
    }

    private let store: PinStore
    public let limits: Limits
    /// Runs before each group, on the writer's thread (tests hold the writer there).
    private let beforeGroup: (@Sendable () -> Void)?
    private let thread = DispatchQueue(label: "pinrender.store-writer")
    private let lock = NSLock()
    /// The writes waiting, in arrival order (under ``lock``).
    private var waiting: [Write] = []
    /// Whether the thread is taking writes (under ``lock``).
    private var draining = false

    /// The writer of `store`; `beforeGroup` runs before each group is taken.
    public init(store: PinStore, limits: Limits = Limits(), beforeGroup: (@Sendable () -> Void)? = nil) {
        self.store = store
        self.limits = limits
        self.beforeGroup = beforeGroup
    }

    /// Runs `work` (which writes through the store) on the writer, after the writes that came
    /// before it, and hands its result to `done` on the writer's thread once its commit is
    /// made. `bytes` is the size of its request, for the group's bound.
    public func submit<T>(bytes: Int = 0, _ work: @escaping () throws -> T, done: @escaping (Result<T, any Error>) -> Void) {
        let kept = Kept<T>()
        enqueue(Write(bytes: bytes, run: { kept.result = Result { try work() } }, finish: { done(kept.result!) }))
    }

    /// Runs `work` on the writer as ``submit(bytes:_:done:)`` does, and waits for its result;
    /// not from the writer's thread.
    public func perform<T>(bytes: Int = 0, _ work: @escaping () throws -> T) throws -> T {
        let kept = Kept<T>()
        let finished = DispatchSemaphore(value: 0)
        submit(bytes: bytes, work) { result in
            kept.result = result
            finished.signal()
        }
        finished.wait()
        return try kept.result!.get()
    }

    private func enqueue(_ write: Write) {
        let start = lock.withLock {
            waiting.append(write)
            defer { draining = true }
            return !draining
        }
        if start { thread.async { [self] in drain() } }
    }

    /// Takes groups of the waiting writes and runs them until none waits.
    private func drain() {
        while anyWaiting() {
            beforeGroup?()
            let group = next()
            if group.count == 1 || !store.group({ group.forEach { $0.run() } }) {
                group.forEach { $0.run() }
            }
            group.forEach { $0.finish() }
        }
    }

    /// Whether a write waits; when none does, the thread stops, under the lock, so that the
    /// next write starts it again.
    private func anyWaiting() -> Bool {
        lock.withLock {
            if waiting.isEmpty { draining = false }
            return !waiting.isEmpty
        }
    }

    /// The next group: the first write waiting (one waits: only this thread takes them) and
    /// those after it within the limits.
    private func next() -> [Write] {
        lock.withLock {
            var (count, bytes) = (1, waiting[0].bytes)
            while count < min(waiting.count, limits.count), bytes + waiting[count].bytes <= limits.bytes {
                bytes += waiting[count].bytes
                count += 1
            }
            defer { waiting.removeFirst(count) }
            return Array(waiting.prefix(count))
        }
    }
}

/// A write waiting for the writer: `run` does its work and keeps the result (again when its
/// group could not commit), `finish` hands that result over once committed.
private struct Write {
    let bytes: Int
    let run: () -> Void
    let finish: () -> Void
}

/// A write's result, between its run and its finish (on the writer's thread, or handed
/// over by a semaphore).
private final class Kept<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
