import PinPlatform

/// A connection to the store's database, SQLite or PostgreSQL: the few calls ``PinStore``
/// makes, with `?` parameters in order. Not thread-safe: its owner serializes its use.
protocol StoreConnection: AnyObject {
    /// What the SQL differs in.
    var dialect: SQLDialect { get }
    /// Runs one or more statements without parameters that return no rows.
    func execute(_ sql: String) throws
    /// Runs `sql` and returns its rows, each read by `row`.
    func query<T>(_ sql: String, _ values: [SQLValue], row: (any SQLRow) -> T) throws -> [T]
    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ values: [SQLValue]) throws
    /// Waits until every statement sent was answered, throwing the first failure (PostgreSQL's
    /// writer sends those that return nothing without waiting; SQLite runs each at once).
    func awaitAnswers() throws
    /// The transactions committed so far.
    var commits: Int { get }
    /// The requests sent to the database's server and waited for so far (0 for SQLite, in process).
    var roundTrips: Int { get }
}

extension StoreConnection {
    func query<T>(_ sql: String, row: (any SQLRow) -> T) throws -> [T] {
        try query(sql, [], row: row)
    }
}

extension SQLiteConnection: StoreConnection {
    var dialect: SQLDialect { .sqlite }
    var roundTrips: Int { 0 }
    func awaitAnswers() {}
}

extension PostgresConnection: StoreConnection {
    var dialect: SQLDialect { .postgres }
}

/// The statements that differ between the store's two databases; everything else is the same SQL.
public enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// Starts a write transaction holding the store's write lock, so writers (of any server
    /// on the database) take turns and never deadlock. SQLite: `BEGIN IMMEDIATE` takes the
    /// database's. PostgreSQL: the change counter's row, which every change updates anyway.
    var beginWrite: String {
        switch self {
        case .sqlite: "BEGIN IMMEDIATE"
        case .postgres: "BEGIN; SELECT value FROM counters WHERE name = 'seq' FOR UPDATE"
        }
    }

    /// Commits a write transaction. PostgreSQL also tells the other servers on the database
    /// (LISTEN, ``PostgresListener``) at the commit.
    var commitWrite: String {
        switch self {
        case .sqlite: "COMMIT"
        case .postgres: "NOTIFY \(PostgresListener.channel); COMMIT"
        }
    }

    /// Starts the transaction of a migration step; on PostgreSQL servers starting together
    /// wait for each other on an advisory lock (the number is arbitrary, the same for all).
    var beginMigration: String {
        switch self {
        case .sqlite: "BEGIN IMMEDIATE"
        case .postgres: "BEGIN; SELECT pg_advisory_xact_lock(7020318)"
        }
    }

    /// The number of pages of a content row (its `pages`, a JSON array), without decoding
    /// them.
    var pageCount: String {
        switch self {
        case .sqlite: "json_array_length(pages)"
        case .postgres: "json_array_length(pages::json)"
        }
    }

    /// The current UTC time as `YYYY-MM-DD HH:MM:SS`.
    package var now: String {
        switch self {
        case .sqlite: "datetime('now')"
        case .postgres: "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')"
        }
    }
}
