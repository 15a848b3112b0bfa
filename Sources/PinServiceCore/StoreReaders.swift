import Foundation

/// The store's reading connections (SQLite in WAL mode: each its own, reading the last
/// commit while the writer writes; PostgreSQL: a connection each), lent to one caller at a
/// time: a read waits only when every one is lent.
final class StoreReaders: @unchecked Sendable {
    private var free: [any StoreConnection]
    private let condition = NSCondition()

    init(_ connections: [any StoreConnection]) {
        precondition(!connections.isEmpty, "a store reads through one connection at least")
        free = connections
    }

    /// Runs `body` with a connection of its own, waiting for one to be free.
    func read<T>(_ body: (any StoreConnection) throws -> T) rethrows -> T {
        condition.lock()
        while free.isEmpty { condition.wait() }
        let connection = free.removeLast()
        condition.unlock()
        defer {
            condition.lock()
            free.append(connection)
            condition.signal()
            condition.unlock()
        }
        return try body(connection)
    }
}
