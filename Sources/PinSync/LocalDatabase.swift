import PinPlatform

/// The sync client's SQLite file, through PinPlatform's ``SQLiteConnection``: one
/// connection, used under its owner's lock (``PinSyncStore``). Every failed call becomes one
/// ``PinSyncError/storage(_:)`` naming the statement (or the file it could not open).
final class LocalDatabase {
    private let connection: SQLiteConnection

    /// Opens the file at `path`; creates it unless `readOnly`.
    init(path: String, readOnly: Bool) throws(PinSyncError) {
        do {
            connection = try SQLiteConnection(path: path, readOnly: readOnly)
        } catch {
            throw Self.failure(error)
        }
    }

    /// Runs statements that return no rows (schema, transactions).
    func script(_ sql: String) throws(PinSyncError) {
        do { try connection.execute(sql) } catch { throw Self.failure(error) }
    }

    /// Runs one statement with `values` bound in order and returns its rows, each read by `row`.
    func rows<T>(_ sql: String, _ values: [SQLValue] = [], row: (any SQLRow) -> T) throws(PinSyncError) -> [T] {
        do { return try connection.query(sql, values, row: row) } catch { throw Self.failure(error) }
    }

    /// Runs one statement that returns no rows.
    func run(_ sql: String, _ values: [SQLValue] = []) throws(PinSyncError) {
        do { try connection.run(sql, values) } catch { throw Self.failure(error) }
    }

    /// The first column of the first row as an integer (a count, a version, a cursor); 0
    /// when there is no row.
    func integer(_ sql: String, _ values: [SQLValue] = []) throws(PinSyncError) -> Int {
        try rows(sql, values) { $0.integer(0) }.first ?? 0
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

    /// `error` as the store's, with the first line of what was being done.
    private static func failure(_ error: any Error) -> PinSyncError {
        guard let error = error as? SQLiteError else { return .storage("\(error)") }
        return .storage("\(error.message) (\(error.action.prefix { $0 != "\n" && $0 != ";" }.prefix(60)))")
    }
}
