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
package final class SQLiteCheckpointer: @unchecked Sendable {
    /// The WAL's size that asks for a checkpoint, in pages (SQLite's automatic default).
    package static let pages: Int32 = 1000

    /// Used by the thread only, after init.
    private let connection: SQLiteConnection
    private let condition = NSCondition()
    private var due = false
    private var stopped = false
    private var made = 0
    private let finished = DispatchSemaphore(value: 0)

    /// Opens a connection to the database at `path` and starts the thread.
    package init(path: String) throws(SQLiteError) {
        connection = try SQLiteConnection(path: path, readOnly: false)
        let thread = Thread { [self] in run() }
        thread.name = "sqlite-checkpoint"
        thread.start()
    }

    /// Waits until the thread has run `count` checkpoints since the start, for a test that
    /// made the writer ask for them.
    package func wait(forCheckpoints count: Int) {
        condition.lock()
        while made < count { condition.wait() }
        condition.unlock()
    }

    /// Asks for a checkpoint (several requests before it runs make one).
    package func request() {
        condition.lock()
        due = true
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the thread after the checkpoint it is running, if any (once: later calls return).
    package func stop() {
        condition.lock()
        let running = !stopped
        stopped = true
        condition.broadcast()
        condition.unlock()
        if running { finished.wait() }
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
            condition.broadcast()
            condition.unlock()
        }
        finished.signal()
    }
}
