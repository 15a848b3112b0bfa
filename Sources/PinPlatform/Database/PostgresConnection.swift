import Foundation
internal import CPostgres

/// One libpq connection, closed in deinit. Not thread-safe: its owner serializes its use
/// (the service's store holds one for writing and one for reading, each behind its own lock). A
/// connection the server dropped is re-established at its next use.
///
/// Statements with parameters are prepared once per connection (by their SQL) and run by
/// name after, so the server parses and plans each of the service's few statements once.
///
/// In pipeline mode (``pipeline()``, the store's writer) a statement that returns nothing
/// (``execute(_:)``, ``run(_:_:)``) is sent without waiting for its answer: those sent wait
/// for the next ``query(_:_:row:)`` or ``awaitAnswers()``, which read every answer in one
/// round trip and throw the first failure. A write transaction then costs a round trip per
/// query it reads and one for its commit.
package final class PostgresConnection {
    private let connection: OpaquePointer
    /// The prepared statements' names, by their SQL (emptied when the connection is reset).
    private var prepared: [String: String] = [:]
    /// The requests sent to the server and waited for (a statement, a preparation), counted.
    package private(set) var roundTrips = 0
    /// The transactions the server said it committed, counted.
    package private(set) var commits = 0
    /// Whether statements are sent without waiting (``pipeline()``).
    private var pipelined = false
    /// In pipeline mode, the statements sent whose answers are not read yet, and which of
    /// them prepare a statement (forgotten again when that fails).
    private var unanswered: [(sql: String, prepares: String?)] = []

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
        if pipelined {
            for statement in Self.statements(sql) { try send(statement, []) }
            return
        }
        let result = try PostgresResult(try exec(sql, []), connection: connection, sql: sql)
        if result.command == "COMMIT" { commits += 1 }
    }

    package func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) -> T) throws -> [T] {
        let result: PostgresResult
        if pipelined {
            try send(Self.numbered(sql), values, named: sql)
            guard let answer = try readAnswers() else { throw PostgresError(message: "no answer", action: sql) }
            result = answer
        } else {
            result = try PostgresResult(try exec(Self.numbered(sql), values), connection: connection, sql: sql)
        }
        return (0..<result.count).map { row(result.row($0)) }
    }

    package func run(_ sql: String, _ values: [SQLValue]) throws {
        if pipelined { return try send(Self.numbered(sql), values, named: sql) }
        _ = try PostgresResult(try exec(Self.numbered(sql), values), connection: connection, sql: sql)
    }

    /// Sends statements from now on without waiting for the answers of those that return
    /// nothing (libpq's pipeline mode); call when no statement is under way.
    package func pipeline() throws(PostgresError) {
        guard PQenterPipelineMode(connection) == 1 else {
            throw PostgresError(connection, result: nil, action: "entering pipeline mode")
        }
        pipelined = true
    }

    /// Waits for the answers of the statements sent (in pipeline mode) and throws the first
    /// failure among them; returns at once when none waits.
    package func awaitAnswers() throws(PostgresError) {
        _ = try readAnswers()
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
        try reconnectIfLost()
        let texts = try Self.parameters(values, of: sql)
        defer { texts.forEach { free($0) } }
        roundTrips += 1
        if texts.isEmpty { return PQexec(connection, sql) }
        let name = try statement(sql, parameters: texts.count)
        return texts.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { parameters in
                PQexecPrepared(connection, name, Int32(parameters.count), parameters.baseAddress, nil, nil, 0)
            }
        }
    }

    /// Re-establishes a connection the server dropped; in pipeline mode, throws when
    /// statements sent on it were not answered (their transaction is gone). libpq learns of
    /// a drop only when it reads, so between statements a socket with something to read is
    /// read first: a server that ended the session (a restart, `pg_terminate_backend`) has
    /// closed it (its last words, then the end: a few reads), and the statement goes to a new
    /// session instead of failing on the old one.
    private func reconnectIfLost() throws(PostgresError) {
        var reads = 0
        while reads < 4 && unanswered.isEmpty && PQstatus(connection) == CONNECTION_OK && Self.readable(PQsocket(connection)) {
            _ = PQconsumeInput(connection)
            reads += 1
        }
        guard PQstatus(connection) != CONNECTION_OK else { return }
        PQreset(connection)
        prepared.removeAll()
        guard pipelined else { return }
        let lost = unanswered.first?.sql
        unanswered.removeAll()
        try pipeline()
        if let lost { throw PostgresError(message: "the connection was lost before an answer", action: lost) }
    }

    /// Whether `socket` has something to read (or its end) right now.
    private static func readable(_ socket: Int32) -> Bool {
        var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 0) > 0
    }

    /// `values` as libpq's text parameters, each to be freed.
    private static func parameters(_ values: [SQLValue], of sql: String) throws(PostgresError) -> [UnsafeMutablePointer<CChar>?] {
        var texts: [UnsafeMutablePointer<CChar>?] = []
        for value in values {
            switch value {
            case .integer(let number): texts.append(strdup(String(number)))
            case .text(let text):
                // Text parameters end at a NUL: refused rather than cut.
                guard !text.utf8.contains(0) else {
                    texts.forEach { free($0) }
                    throw PostgresError(message: "a value holds a NUL character, which PostgreSQL's text cannot", action: sql)
                }
                texts.append(strdup(text))
            case .null: texts.append(nil)
            }
        }
        return texts
    }

    /// Sends one statement in pipeline mode without waiting: prepared first (also without
    /// waiting) when it has parameters and was not yet. `name` is its SQL as written, which
    /// names its prepared statement.
    private func send(_ sql: String, _ values: [SQLValue], named name: String? = nil) throws(PostgresError) {
        try reconnectIfLost()
        let texts = try Self.parameters(values, of: sql)
        defer { texts.forEach { free($0) } }
        let sent: Int32
        if texts.isEmpty {
            sent = PQsendQueryParams(connection, sql, 0, nil, nil, nil, nil, 0)
        } else {
            let key = name ?? sql
            var statement = prepared[key]
            if statement == nil {
                let fresh = "pinrender_\(prepared.count + 1)"
                guard PQsendPrepare(connection, fresh, sql, Int32(texts.count), nil) == 1 else {
                    throw PostgresError(connection, result: nil, action: sql)
                }
                unanswered.append((sql, key))
                prepared[key] = fresh
                statement = fresh
            }
            sent = texts.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) { parameters in
                    PQsendQueryPrepared(connection, statement, Int32(parameters.count), parameters.baseAddress, nil, nil, 0)
                }
            }
        }
        guard sent == 1 else { throw PostgresError(connection, result: nil, action: sql) }
        unanswered.append((sql, nil))
    }

    /// Asks for the answers of the statements sent (a sync point) and reads them, in one
    /// round trip: the last statement's result, or the first failure thrown (the statements
    /// after a failure were not run; those it prepared are forgotten).
    private func readAnswers() throws(PostgresError) -> PostgresResult? {
        guard !unanswered.isEmpty else { return nil }
        let sent = unanswered
        unanswered.removeAll()
        roundTrips += 1
        guard PQpipelineSync(connection) == 1 else {
            sent.compactMap(\.prepares).forEach { prepared.removeValue(forKey: $0) }
            throw PostgresError(connection, result: nil, action: sent[0].sql)
        }
        var failure: PostgresError?
        var last: PostgresResult?
        var index = 0
        var synced = false
        // Each statement's result, then a NULL ending it; the sync point's result last.
        while index <= sent.count {
            guard let result = PQgetResult(connection) else {
                index += 1
                continue
            }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC {
                PQclear(result)
                synced = true
                break
            }
            guard index < sent.count else {
                PQclear(result)
                continue
            }
            if status == PGRES_PIPELINE_ABORTED {
                PQclear(result)
            } else {
                do throws(PostgresError) {
                    let answer = try PostgresResult(result, connection: connection, sql: sent[index].sql)
                    if answer.command == "COMMIT" { commits += 1 }
                    last = answer
                } catch {
                    failure = failure ?? error
                }
            }
        }
        if !synced && failure == nil {
            failure = PostgresError(connection, result: nil, action: sent[sent.count - 1].sql)
        }
        if let failure {
            sent.compactMap(\.prepares).forEach { prepared.removeValue(forKey: $0) }
            throw failure
        }
        return last
    }

    /// The statements of `sql`, split at its semicolons outside quoted text (pipeline mode
    /// sends one at a time).
    package static func statements(_ sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quoted = false
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == ";" && !quoted {
                statements.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        statements.append(current)
        return statements.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
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
