import Foundation

/// A value that is not `Sendable` (a Poppler document, rows being read), handed between
/// threads and used by one thread at a time: the document a job opened, drawn by a pool
/// worker; the rows of two images, read on by two workers side by side.
///
/// `@unchecked Sendable`: the value is reached only inside ``use(_:)``, under the lock, so no
/// two threads touch it at once; and ``init(_:)`` takes it `sending`, so whoever made it
/// keeps no reference of its own to use meanwhile (the compiler checks that); what ``use(_:)``
/// returns is `Sendable`. A `body` must not keep the value past its return.
///
///     let document = Exclusive(try PDFDocument(path: "plan.pdf"))
///     try WorkerPool(workers: 2).map(2, context: { _ in }) { _, page in
///         try document.use { try $0.page(at: page + 1).size }
///     }
public final class Exclusive<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// - Parameter value: the value, given up by the caller.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value, alone: other threads' uses wait for it to return.
    public func use<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
