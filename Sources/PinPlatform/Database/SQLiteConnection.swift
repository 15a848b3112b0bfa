import Foundation
internal import CSQLite

/// One SQLite connection, closed in deinit. Not thread-safe: its owner serializes its use
/// (the service's store holds one for writing and one for reading, each behind its own lock).
///
/// Prepared statements are kept by their SQL and reused (compiling one costs more than
/// running the service's small queries): a statement is taken from the cache while in use,
/// so the same SQL used again meanwhile gets a statement of its own.
package final class SQLiteConnection {
    private let db: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    private let commitCount = CommitCount()

    /// Opens (creating it when `readOnly` is false) the database at `path`, with a busy
    /// timeout so a reader never fails while the writer checkpoints.
    package init(path: String, readOnly: Bool) throws(SQLiteError) {
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(handle, code: code, action: "opening \(path)")
            sqlite3_close_v2(handle)
            throw error
        }
        db = handle
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, 5000)
        sqlite3_commit_hook(db, { context in
            Unmanaged<CommitCount>.fromOpaque(context!).takeUnretainedValue().value += 1
            return 0
        }, Unmanaged.passUnretained(commitCount).toOpaque())
    }

    /// The transactions SQLite committed on this connection (its commit hook counts each,
    /// a statement outside a transaction too).
    package var commits: Int { commitCount.value }

    /// True when SQLite could open the database for reading only (its file's permissions, a
    /// read-only file system), though asked to write.
    package var isReadOnly: Bool { sqlite3_db_readonly(db, "main") == 1 }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(db)
    }

    /// Leaves checkpoints to `checkpointer`: after each commit that leaves at least
    /// ``SQLiteCheckpointer/pages`` pages in the WAL, it is asked for one, and this
    /// connection no longer makes them (its hook replaces SQLite's automatic checkpoint).
    /// `checkpointer` must outlive the connection's commits.
    package func checkpoint(by checkpointer: SQLiteCheckpointer) {
        sqlite3_wal_hook(db, { context, _, _, pages in
            if pages >= SQLiteCheckpointer.pages {
                Unmanaged<SQLiteCheckpointer>.fromOpaque(context!).takeUnretainedValue().request()
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(checkpointer).toOpaque())
    }

    /// Runs one or more statements that return no rows.
    package func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(db, code: code, action: sql) }
    }

    /// A prepared statement with `values` bound to its `?` parameters in order.
    package func prepare(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> SQLiteStatement {
        var statement = statements.removeValue(forKey: sql)
        if statement == nil {
            let code = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
            guard code == SQLITE_OK, statement != nil else { throw SQLiteError(db, code: code, action: sql) }
        }
        let prepared = SQLiteStatement(statement!, connection: self, db: db, sql: sql)
        try prepared.bind(values)
        return prepared
    }

    /// Takes back a statement done with (reset, its bindings cleared) for the next use of
    /// its SQL; finalizes it when the cache holds one already.
    fileprivate func reuse(_ statement: OpaquePointer, sql: String) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        if statements[sql] == nil {
            statements[sql] = statement
        } else {
            sqlite3_finalize(statement)
        }
    }

    package func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) -> T) throws -> [T] {
        let statement = try prepare(sql, values)
        var rows: [T] = []
        while try statement.step() { rows.append(row(statement)) }
        return rows
    }

    package func run(_ sql: String, _ values: [SQLValue]) throws {
        let statement = try prepare(sql, values)
        while try statement.step() {}
    }
}

/// What the commit hook counts, kept by its connection.
private final class CommitCount {
    var value = 0
}

/// A prepared statement, given back to its connection (or finalized) in deinit; it lives no longer than its connection's
/// call that made it.
package final class SQLiteStatement: SQLRow {
    private let statement: OpaquePointer
    private unowned let connection: SQLiteConnection
    private let db: OpaquePointer
    private let sql: String

    fileprivate init(_ statement: OpaquePointer, connection: SQLiteConnection, db: OpaquePointer, sql: String) {
        self.statement = statement
        self.connection = connection
        self.db = db
        self.sql = sql
    }

    deinit { connection.reuse(statement, sql: sql) }

    /// `SQLITE_TRANSIENT`: SQLite copies the bound text (the macro is not imported).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    fileprivate func bind(_ values: [SQLValue]) throws(SQLiteError) {
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(statement, position, sqlite3_int64(number))
            case .text(let text): code = sqlite3_bind_text(statement, position, text, -1, Self.transient)
            case .null: code = sqlite3_bind_null(statement, position)
            }
            guard code == SQLITE_OK else { throw SQLiteError(db, code: code, action: sql) }
        }
    }

    /// Advances to the next row: true while there is one.
    package func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(db, code: code, action: sql)
        }
    }

    package func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

    package func text(_ column: Int32) -> String? {
        sqlite3_column_text(statement, column).map { String(cString: $0) }
    }
}
