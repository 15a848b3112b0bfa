/// A value bound to a statement's parameter, in SQLite and PostgreSQL alike.
package enum SQLValue: Equatable, Sendable {
    case integer(Int)
    case text(String)
    case null
}

/// One row of a query's answer, read by column (from 0), in SQLite and PostgreSQL alike.
package protocol SQLRow {
    /// The column as an integer; 0 for NULL or text that is not a number.
    func integer(_ column: Int32) -> Int
    /// The column as text; nil for NULL.
    func text(_ column: Int32) -> String?
}
