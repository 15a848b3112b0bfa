import Foundation
internal import CSQLite

/// The sync client's SQLite file: one connection, used under its owner's lock
/// (``PinSyncStore``). Values go in and come out as ``LocalDatabase/Value``; every failed
/// call becomes one ``PinSyncError/storage(_:)`` naming the statement.
final class LocalDatabase {
    /// A column or parameter value.
    enum Value: Equatable {
        case int(Int)
        case string(String)
        case none

        var int: Int { if case .int(let number) = self { number } else { 0 } }
        var string: String? { if case .string(let text) = self { text } else { nil } }
    }

    private let handle: OpaquePointer

    /// Opens the file at `path`; creates it unless `readOnly`.
    init(path: String, readOnly: Bool) throws {
        var db: OpaquePointer?
        let mode = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let status = sqlite3_open_v2(path, &db, mode | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(db)
            throw PinSyncError.storage("\(path): \(reason)")
        }
        handle = db
        sqlite3_busy_timeout(handle, 5000)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs statements that return no rows (schema, transactions).
    func script(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure(sql) }
    }

    /// Runs one statement with `parameters` bound in order and returns all its rows.
    @discardableResult
    func rows(_ sql: String, _ parameters: [Value] = []) throws -> [[Value]] {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
            throw failure(sql)
        }
        defer { sqlite3_finalize(statement) }
        for (offset, parameter) in parameters.enumerated() {
            let slot = Int32(offset + 1)
            let bound = switch parameter {
            case .int(let number): sqlite3_bind_int64(statement, slot, Int64(number))
            case .string(let text): sqlite3_bind_text(statement, slot, text, -1, Self.copyText)
            case .none: sqlite3_bind_null(statement, slot)
            }
            guard bound == SQLITE_OK else { throw failure(sql) }
        }
        var result: [[Value]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return result }
            guard step == SQLITE_ROW else { throw failure(sql) }
            result.append((0..<sqlite3_column_count(statement)).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: .int(Int(sqlite3_column_int64(statement, column)))
                case SQLITE_NULL: .none
                default: .string(String(cString: sqlite3_column_text(statement, column)))
                }
            })
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try script("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try script("COMMIT")
            return value
        } catch {
            try? script("ROLLBACK")
            throw error
        }
    }

    /// SQLite copies bound text (`SQLITE_TRANSIENT`, a macro Swift does not import).
    private static let copyText = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func failure(_ sql: String) -> PinSyncError {
        .storage("\(String(cString: sqlite3_errmsg(handle))) (\(sql.prefix { $0 != "\n" && $0 != ";" }.prefix(60)))")
    }
}
