/// The store's schema, one step per version, applied in order inside the transaction that
/// records it in `schema_migrations`, so a database is at one version or the one before.
/// A new version appends a step; a released step is never edited.
enum Migrations {
    /// The steps for a database: on PostgreSQL, 64-bit numbers; `rowid` (SQLite's implicit
    /// row number, the pins' order of creation) a column of that name, last, so the store's
    /// statements are the same on both; and an index on `seq` alone, for the changes of all
    /// contents that each server publishes to its event clients.
    static func steps(_ dialect: SQLDialect) -> [String] {
        let (integer, rowid, bySeq) = dialect == .sqlite
            ? ("INTEGER", "", "")
            : ("BIGINT", "rowid BIGINT GENERATED ALWAYS AS IDENTITY, ", "\nCREATE INDEX pins_by_global_seq ON pins (seq);")
        let identity = dialect == .sqlite ? "INTEGER PRIMARY KEY" : "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
        return [
            // 1: contents, pins (tombstones kept: deleted = 1), the change sequence, and the
            // results of sync changes by the client's changeId (a retried batch is answered
            // from them).
            """
            CREATE TABLE contents (
                id TEXT PRIMARY KEY, kind TEXT NOT NULL, file TEXT NOT NULL, bytes \(integer) NOT NULL,
                unit TEXT NOT NULL, pages TEXT NOT NULL, updated_at TEXT NOT NULL);
            CREATE TABLE pins (
                content_id TEXT NOT NULL, id TEXT NOT NULL, parent_id TEXT, seq \(integer) NOT NULL,
                version \(integer) NOT NULL, updated_at TEXT NOT NULL, deleted INTEGER NOT NULL, body TEXT NOT NULL,
                \(rowid)PRIMARY KEY (content_id, id));
            CREATE INDEX pins_by_seq ON pins (content_id, seq);\(bySeq)
            CREATE TABLE counters (name TEXT PRIMARY KEY, value \(integer) NOT NULL);
            INSERT INTO counters VALUES ('seq', 0);
            CREATE TABLE sync_results (
                change_id TEXT PRIMARY KEY, content_id TEXT NOT NULL, pin_id TEXT NOT NULL,
                status TEXT NOT NULL, reason TEXT);
            """,
            // 2: the event type of each pin's last change (`pin.resolved`...), for the
            // servers that did not make it (PostgreSQL); NULL in older rows.
            "ALTER TABLE pins ADD COLUMN event TEXT",
            // 3: a sync change's id is its client's (a digest of the bearer token) on its
            // content: the results of the changes recorded before are kept for any client
            // of their content ('*'). A counter of /health's write probes.
            """
            CREATE TABLE sync_results_by_client (
                content_id TEXT NOT NULL, change_id TEXT NOT NULL, client TEXT NOT NULL, pin_id TEXT NOT NULL,
                status TEXT NOT NULL, reason TEXT, PRIMARY KEY (content_id, change_id, client));
            INSERT INTO sync_results_by_client SELECT content_id, change_id, '*', pin_id, status, reason FROM sync_results;
            DROP TABLE sync_results;
            ALTER TABLE sync_results_by_client RENAME TO sync_results;
            INSERT INTO counters VALUES ('probes', 0);
            """,
            // 4: the render jobs of the database's queue (serve --render-workers 0, taken by
            // render-worker --db with FOR UPDATE SKIP LOCKED) and their results, by the
            // render's key: the job (a worker's message, its document relative to the data
            // directory), its pins, then the answer (`result` in base64) once `done`; and each
            // time a worker took a job, committed at once (a worker that dies mid-job rolls
            // back all else), so that a job that ends every worker is not taken for ever.
            """
            CREATE TABLE render_jobs (
                id \(identity), key TEXT NOT NULL, name TEXT NOT NULL, job TEXT NOT NULL, pins TEXT NOT NULL,
                state TEXT NOT NULL, status INTEGER, error TEXT, result TEXT, peak_memory \(integer),
                created_at TEXT NOT NULL);
            CREATE INDEX render_jobs_by_key ON render_jobs (key);
            CREATE INDEX render_jobs_queued ON render_jobs (id) WHERE state = 'queued';
            CREATE TABLE render_attempts (job_id \(integer) NOT NULL, worker TEXT NOT NULL, taken_at TEXT NOT NULL);
            CREATE INDEX render_attempts_by_job ON render_attempts (job_id);
            """,
            // 5: the revisions of a content's document (1: the first upload), each with its
            // file in the contents directory and the carry report that brought the pins to it
            // (NULL for the first).
            """
            CREATE TABLE revisions (
                content_id TEXT NOT NULL, number \(integer) NOT NULL, file TEXT NOT NULL, kind TEXT NOT NULL,
                report TEXT, created_at TEXT NOT NULL, PRIMARY KEY (content_id, number));
            """,
        ]
    }

    /// Brings the database of `connection` to the last version. Each step's transaction
    /// reads the version again, so servers starting together on one PostgreSQL database
    /// apply each step once.
    static func apply(to connection: any StoreConnection) throws {
        let dialect = connection.dialect
        let steps = steps(dialect)
        while true {
            try connection.execute(dialect.beginMigration)
            do {
                try connection.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
                let current = try connection.query("SELECT coalesce(max(version), 0) FROM schema_migrations") { $0.integer(0) }.first ?? 0
                guard current < steps.count else {
                    try connection.execute("COMMIT")
                    return
                }
                try connection.execute(steps[current])
                try connection.run("INSERT INTO schema_migrations VALUES (?, \(dialect.now))", [.integer(current + 1)])
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }
}
