internal import CSQLite

/// A failed SQLite call: its result code and SQLite's message, with what was being done.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_PRIMARYKEY`...).
    public var code: Int32
    public var message: String
    /// What the store was doing (`opening pins.db`, `COMMIT`).
    public var action: String

    public var description: String { "SQLite: \(action): \(message) (code \(code))" }

    /// The error of the last call on `db`.
    init(_ db: OpaquePointer?, code: Int32, action: String) {
        self.code = code
        self.message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        self.action = action
    }
}
