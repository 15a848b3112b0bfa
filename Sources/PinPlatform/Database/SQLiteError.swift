internal import CSQLite

/// A failed SQLite call: its result code and SQLite's message, with what was being done.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// A condition of the machine's that a call can fail with, by its primary result code.
    package enum Condition: Sendable {
        /// `SQLITE_FULL`: the disk (or the database's size limit) is full.
        case full
        /// `SQLITE_READONLY`: the file or the file system takes no writes.
        case readOnly
        /// `SQLITE_IOERR`: the operating system reported an I/O error.
        case inputOutput
        /// `SQLITE_CANTOPEN`: the file (or its WAL) cannot be opened.
        case cannotOpen
    }

    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_PRIMARYKEY`...).
    public var code: Int32
    public var message: String
    /// What the store was doing (`opening pins.db`, `COMMIT`).
    public var action: String

    public var description: String { "SQLite: \(action): \(message) (code \(code))" }

    /// The machine's condition the call failed with; nil for any other failure (a
    /// constraint, a bad statement, a busy database).
    package var condition: Condition? {
        switch code & 0xFF {
        case SQLITE_FULL: .full
        case SQLITE_READONLY: .readOnly
        case SQLITE_IOERR: .inputOutput
        case SQLITE_CANTOPEN: .cannotOpen
        default: nil
        }
    }

    /// The error of the last call on `db`.
    init(_ db: OpaquePointer?, code: Int32, action: String) {
        self.code = code
        self.message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        self.action = action
    }
}
