import Foundation
import Testing
import PinPlatform
@testable import PinService
@testable import PinServiceCore

/// Reused prepared statements behave as fresh ones: new bindings, rows from the start, the
/// same SQL inside a query of it, a statement that failed.
struct SQLiteConnectionTests {
    private func makeConnection() throws -> (SQLiteConnection, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let connection = try SQLiteConnection(path: directory.appendingPathComponent("t.db").path, readOnly: false)
        try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)")
        for (id, name) in [(1, "a"), (2, "b"), (3, "c")] {
            try connection.run("INSERT INTO t VALUES (?, ?)", [.integer(id), .text(name)])
        }
        return (connection, directory)
    }

    @Test func aReusedStatementTakesNewBindingsAndStartsOver() throws {
        let (connection, directory) = try makeConnection()
        defer { try? FileManager.default.removeItem(at: directory) }
        let byId = "SELECT name FROM t WHERE id >= ? ORDER BY id"
        #expect(try connection.query(byId, [.integer(2)]) { $0.text(0) } == ["b", "c"])
        #expect(try connection.query(byId, [.integer(1)]) { $0.text(0) } == ["a", "b", "c"])
        // Left after its first row, then asked again: from the first row.
        let statement = try connection.prepare(byId, [.integer(1)])
        #expect(try statement.step() && statement.text(0) == "a")
        #expect(try connection.query(byId, [.integer(3)]) { $0.text(0) } == ["c"])
        #expect(try statement.step() && statement.text(0) == "b")
    }

    @Test func theSameSQLInsideItsOwnQuery() throws {
        let (connection, directory) = try makeConnection()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "SELECT name FROM t WHERE id = ?"
        let all = "SELECT id FROM t ORDER BY id"
        let pairs = try connection.query(all) { row in
            (row.integer(0), (try? connection.query(all) { $0.integer(0) })?.count ?? -1,
             (try? connection.query(name, [.integer(row.integer(0))]) { $0.text(0) })?.first ?? nil)
        }
        #expect(pairs.map(\.0) == [1, 2, 3] && pairs.map(\.1) == [3, 3, 3] && pairs.map(\.2) == ["a", "b", "c"])
        #expect(try connection.query(all) { $0.integer(0) } == [1, 2, 3])
    }

    @Test func aStatementThatFailedIsUsableAgain() throws {
        let (connection, directory) = try makeConnection()
        defer { try? FileManager.default.removeItem(at: directory) }
        let insert = "INSERT INTO t VALUES (?, ?)"
        #expect(throws: SQLiteError.self) { try connection.run(insert, [.integer(1), .text("again")]) }
        try connection.run(insert, [.integer(4), .text("d")])
        #expect(try connection.query("SELECT name FROM t ORDER BY id") { $0.text(0) } == ["a", "b", "c", "d"])
    }
}
