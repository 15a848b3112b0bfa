import Foundation
internal import CPostgres

/// One libpq connection, closed in deinit. Not thread-safe: its owner serializes its use
/// (the service's store holds one for writing and one for reading, each behind its own lock). A
/// connection the server dropped is re-established at its next use.
///
/// Statements with parameters are prepared once per connection (by their SQL) and run by
/// name after, so the server parses and plans each of the service's few statements once.
package final class PostgresConnection {
    private let connection: OpaquePointer
    /// The prepared statements' names, by their SQL (emptied when the connection is reset).
    private var prepared: [String: String] = [:]
    /// The requests sent to the server and waited for (a statement, a preparation), counted.
    package private(set) var roundTrips = 0
    /// The transactions the server said it committed, counted.
    package private(set) var commits = 0

    /// Connects to `uri` (`postgresql://user@host:port/db`, or a unix socket's directory in
    /// `?host=/path`); the password, if any, is never part of an error.
    package init(uri: String) throws(PostgresError) {
        guard let connection = PQconnectdb(uri) else {
            throw PostgresError(message: "out of memory", action: "connecting")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let error = PostgresError(connection, result: nil, action: "connecting to \(Self.redacted(uri))")
            PQfinish(connection)
            throw error
        }
        self.connection = connection
        PQsetClientEncoding(connection, "UTF8")
        // The server's notices and warnings (a table that exists already, a ROLLBACK outside
        // a transaction) are not for the server's log, whose lines are JSON (ServiceLog).
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        try execute("SET TIME ZONE 'UTC'")
    }

    deinit { PQfinish(connection) }

    package func execute(_ sql: String) throws(PostgresError) {
        let result = try PostgresResult(try exec(sql, []), connection: connection, sql: sql)
        if result.command == "COMMIT" { commits += 1 }
    }

    package func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) -> T) throws -> [T] {
        let result = try PostgresResult(try exec(Self.numbered(sql), values), connection: connection, sql: sql)
        return (0..<result.count).map { row(result.row($0)) }
    }

    package func run(_ sql: String, _ values: [SQLValue]) throws {
        _ = try PostgresResult(try exec(Self.numbered(sql), values), connection: connection, sql: sql)
    }

    /// The socket to watch for notifications (``PostgresListener``).
    package var socket: Int32 { PQsocket(connection) }

    /// Reads what the server sent and returns how many notifications came; throws when
    /// the connection is lost.
    package func consumeNotifications() throws(PostgresError) -> Int {
        guard PQconsumeInput(connection) == 1 else {
            throw PostgresError(connection, result: nil, action: "listening")
        }
        var count = 0
        while let notification = PQnotifies(connection) {
            PQfreemem(notification)
            count += 1
        }
        return count
    }

    /// Sends `sql` with `values` as text parameters (`$1`...), after reconnecting when the
    /// connection was lost.
    private func exec(_ sql: String, _ values: [SQLValue]) throws(PostgresError) -> OpaquePointer? {
        if PQstatus(connection) != CONNECTION_OK {
            PQreset(connection)
            prepared.removeAll()
        }
        var texts: [UnsafeMutablePointer<CChar>?] = []
        defer { texts.forEach { free($0) } }
        for value in values {
            switch value {
            case .integer(let number): texts.append(strdup(String(number)))
            case .text(let text):
                // Text parameters end at a NUL: refused rather than cut.
                guard !text.utf8.contains(0) else {
                    throw PostgresError(message: "a value holds a NUL character, which PostgreSQL's text cannot", action: sql)
                }
                texts.append(strdup(text))
            case .null: texts.append(nil)
            }
        }
        roundTrips += 1
        if texts.isEmpty { return PQexec(connection, sql) }
        let name = try statement(sql, parameters: texts.count)
        return texts.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { parameters in
                PQexecPrepared(connection, name, Int32(parameters.count), parameters.baseAddress, nil, nil, 0)
            }
        }
    }

    /// The name of `sql`'s prepared statement, prepared now if it was not yet.
    private func statement(_ sql: String, parameters: Int) throws(PostgresError) -> String {
        if let name = prepared[sql] { return name }
        let name = "pinrender_\(prepared.count + 1)"
        roundTrips += 1
        _ = try PostgresResult(PQprepare(connection, name, sql, Int32(parameters), nil), connection: connection, sql: sql)
        prepared[sql] = name
        return name
    }

    /// `sql` with its `?` parameters numbered `$1`, `$2`... (outside quoted text).
    package static func numbered(_ sql: String) -> String {
        var output = ""
        var quoted = false
        var number = 0
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == "?" && !quoted {
                number += 1
                output += "$\(number)"
            } else {
                output.append(character)
            }
        }
        return output
    }

    /// A connection URI without its password, for messages.
    package static func redacted(_ uri: String) -> String {
        uri.replacingOccurrences(of: #"(://[^:/@]*):[^@/]*@"#, with: "$1:***@", options: .regularExpression)
            .replacingOccurrences(of: #"password=[^&]*"#, with: "password=***", options: .regularExpression)
    }
}

/// A command's result, cleared in deinit; the rows of a query in text form.
private final class PostgresResult {
    private let result: OpaquePointer

    /// Takes `result`, or throws the command's error (then clears it).
    init(_ result: OpaquePointer?, connection: OpaquePointer, sql: String) throws(PostgresError) {
        guard let result, [PGRES_COMMAND_OK, PGRES_TUPLES_OK].contains(PQresultStatus(result)) else {
            let error = PostgresError(connection, result: result, action: sql)
            PQclear(result)
            throw error
        }
        self.result = result
    }

    deinit { PQclear(result) }

    var count: Int { Int(PQntuples(result)) }

    /// The tag of the (last) command: `COMMIT`, `INSERT 0 1`...
    var command: String { String(cString: PQcmdStatus(result)) }

    func row(_ index: Int) -> PostgresRow { PostgresRow(result: self, index: Int32(index)) }

    func text(row: Int32, column: Int32) -> String? {
        PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
    }
}

/// One row of a ``PostgresResult``, which it keeps alive.
private struct PostgresRow: SQLRow {
    let result: PostgresResult
    let index: Int32

    func integer(_ column: Int32) -> Int { text(column).flatMap { Int($0) } ?? 0 }

    func text(_ column: Int32) -> String? { result.text(row: index, column: column) }
}
