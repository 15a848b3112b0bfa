import Foundation
internal import CSQLite

/// Checkpoints a SQLite database in WAL mode on a thread of its own, so that its writer
/// never does. A checkpoint copies the WAL back into the database file and syncs it (3 to
/// 12 ms each on this machine's disk); made by the commit that filled the WAL, as SQLite
/// does by default, it stalled the service's event loop and every request queued behind it.
///
/// The writer's connection calls ``request()`` after a commit that leaves at least
/// ``pages`` pages in the WAL (``SQLiteConnection/checkpoint(by:)``); the thread then runs a
/// passive checkpoint on its own connection, which waits for no one, as SQLite's automatic
/// one does.
final class SQLiteCheckpointer: @unchecked Sendable {
    /// The WAL's size that asks for a checkpoint, in pages (SQLite's automatic default).
    static let pages: Int32 = 1000

    /// Used by the thread only, after init.
    private let connection: SQLiteConnection
    private let condition = NSCondition()
    private var due = false
    private var stopped = false
    private var made = 0
    private let finished = DispatchSemaphore(value: 0)

    /// Opens a connection to the database at `path` and starts the thread.
    init(path: String) throws(SQLiteError) {
        connection = try SQLiteConnection(path: path, readOnly: false)
        let thread = Thread { [self] in run() }
        thread.name = "sqlite-checkpoint"
        thread.start()
    }

    /// How many checkpoints the thread has run.
    var checkpoints: Int {
        condition.lock()
        defer { condition.unlock() }
        return made
    }

    /// Asks for a checkpoint (several requests before it runs make one).
    func request() {
        condition.lock()
        due = true
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread after the checkpoint it is running, if any.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
        finished.wait()
    }

    private func run() {
        while true {
            condition.lock()
            while !due && !stopped { condition.wait() }
            let stopping = stopped
            due = false
            condition.unlock()
            if stopping { break }
            // A failure (busy, I/O) leaves the WAL to the next request.
            try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
            condition.lock()
            made += 1
            condition.unlock()
        }
        finished.signal()
    }
}
