/// The store's schema, one step per version, applied in order inside the transaction that
/// records it in `schema_migrations`, so a database is at one version or the one before.
/// A new version appends a step; a released step is never edited.
enum Migrations {
    static let steps = [
        // 1: contents, pins (tombstones kept: deleted = 1), the change sequence, and the
        // results of sync changes by the client's changeId (a retried batch is answered
        // from them).
        """
        CREATE TABLE contents (
            id TEXT PRIMARY KEY, kind TEXT NOT NULL, file TEXT NOT NULL, bytes INTEGER NOT NULL,
            unit TEXT NOT NULL, pages TEXT NOT NULL, updated_at TEXT NOT NULL);
        CREATE TABLE pins (
            content_id TEXT NOT NULL, id TEXT NOT NULL, parent_id TEXT, seq INTEGER NOT NULL,
            version INTEGER NOT NULL, updated_at TEXT NOT NULL, deleted INTEGER NOT NULL, body TEXT NOT NULL,
            PRIMARY KEY (content_id, id));
        CREATE INDEX pins_by_seq ON pins (content_id, seq);
        CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
        INSERT INTO counters VALUES ('seq', 0);
        CREATE TABLE sync_results (
            change_id TEXT PRIMARY KEY, content_id TEXT NOT NULL, pin_id TEXT NOT NULL,
            status TEXT NOT NULL, reason TEXT);
        """,
    ]

    /// Brings the database of `connection` to the last version.
    static func apply(to connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
        let current = try connection.query("SELECT coalesce(max(version), 0) FROM schema_migrations") { $0.integer(0) }.first ?? 0
        for (index, step) in steps.enumerated() where index + 1 > current {
            try connection.execute("BEGIN IMMEDIATE")
            do {
                try connection.execute(step)
                try connection.run("INSERT INTO schema_migrations VALUES (?, datetime('now'))", [.integer(index + 1)])
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}
