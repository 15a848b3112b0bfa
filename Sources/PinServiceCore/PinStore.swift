import Foundation
import PinPlatform
import PinRenderCore

/// The service's storage: contents and pins in SQLite (`pins.db` in the data directory) or
/// PostgreSQL (`serve --db postgresql://...`), uploaded files in the data directory's
/// `contents/`. Both run the same statements (``SQLDialect`` holds the few that differ).
///
/// One writer connection, used by one caller at a time, each change in a write transaction
/// that first takes the store's write lock (SQLite's `BEGIN IMMEDIATE`; on PostgreSQL the
/// change counter's row), so writers never deadlock and the change sequence numbers commit
/// in order, even from several servers on one PostgreSQL database; a few reader connections
/// for lists and changes (``StoreReaders``), so that reads run side by side and beside the
/// writer. SQLite: WAL, `synchronous=NORMAL`: a commit has written its frames
/// to the WAL file (in the kernel's page cache) before it returns, so a change acknowledged
/// to a client survives the server being killed (`kill -9`) at any moment; only a crash of
/// the machine itself may lose the last commits before the next checkpoint (FULL would fsync
/// every commit for that, at a few milliseconds a change on this disk). PostgreSQL: a commit
/// is on the database server's disk when it returns.
///
/// A change is acknowledged only when it is in the database a restart opens: with SQLite each
/// write transaction checks that `pins.db` and its WAL are still the files opened
/// (``SQLiteFiles``), and with SQLite the data directory is this store's alone
/// (``DataDirectory``). A write the machine refuses (a full disk, a read-only database, a lost
/// connection) throws ``StoreUnavailable``; the store logs when that starts and ends.
///
///     let store = try PinStore(directory: URL(fileURLWithPath: "data"))
///     let (stored, created) = try store.create(pin)
public final class PinStore: @unchecked Sendable {
    /// Where the contents' files are (and SQLite's database).
    public let directory: URL
    /// The PostgreSQL database's URI; nil for SQLite.
    public let postgres: String?
    private let writer: any StoreConnection
    private let readers: StoreReaders
    /// Held by a write, or by a group of them (``group(_:)``), whose writes take it again.
    private let writeLock = NSRecursiveLock()
    /// The group of writes under way (under ``writeLock``); nil outside one.
    private var openGroup: WriteGroup?
    /// The writer's counts as of its last write (under ``countsLock``).
    private var counts = (commits: 0, roundTrips: 0)
    private let countsLock = NSLock()
    /// SQLite's checkpoints, made off the writer's thread.
    let checkpointer: SQLiteCheckpointer?
    /// The data directory, held while the store is open (SQLite).
    private let dataDirectory: DataDirectory
    /// SQLite's files as opened, checked by every write transaction.
    private let files: SQLiteFiles?
    /// Why the last write could not be made; nil when it was (under ``writeLock``).
    private var unavailable: StoreUnavailable?
    /// Called after each read and each write transaction with its kind (`read`, `write`) and
    /// seconds, for the metrics; set before the store is used.
    public var timed: (@Sendable (_ kind: String, _ took: Duration) -> Void)?

    /// Opens or creates the store in `directory` (SQLite), or on the PostgreSQL database at
    /// `postgres` with the files in `directory`, and brings its schema up to date; `readers`
    /// connections read. With SQLite, throws when another process holds the directory or the
    /// database cannot be written.
    public init(directory: URL, postgres: String? = nil, readers: Int = 4) throws {
        self.directory = directory
        self.postgres = postgres
        // PostgreSQL first: a server that cannot connect writes nothing.
        let shared = try postgres.map { try Self.open(postgres: $0, readers: readers) }
        dataDirectory = try DataDirectory(directory, exclusive: shared == nil)
        if let shared {
            (writer, self.readers, checkpointer, files) = (shared.writer, StoreReaders(shared.readers), nil, nil)
        } else {
            try dataDirectory.createPrivateFile("pins.db")
            let path = directory.appendingPathComponent("pins.db").path
            let opened = try Self.open(sqlite: path, readers: readers)
            (writer, self.readers, checkpointer) = (opened.writer, StoreReaders(opened.readers), opened.checkpointer)
            files = SQLiteFiles(database: path)
        }
    }

    deinit { checkpointer?.stop() }

    /// Ends the store's background work and, with SQLite, copies the WAL back into `pins.db`
    /// and empties it (a checkpoint that waits for the readers), so that the files a stopped
    /// server leaves are whole; PostgreSQL's connections close when the store goes.
    public func close() throws {
        checkpointer?.stop()
        guard !isShared else { return }
        writeLock.lock()
        defer { writeLock.unlock() }
        try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    private static func open(postgres uri: String, readers: Int) throws -> (writer: any StoreConnection, readers: [any StoreConnection]) {
        let writer = try PostgresConnection(uri: uri)
        try Migrations.apply(to: writer)
        // What a change writes goes without waiting; its reads and its commit wait.
        try writer.pipeline()
        return (writer, try (0..<max(readers, 1)).map { _ in try PostgresConnection(uri: uri) })
    }

    private static func open(sqlite path: String, readers: Int) throws
        -> (writer: any StoreConnection, readers: [any StoreConnection], checkpointer: SQLiteCheckpointer) {
        let writer = try SQLiteConnection(path: path, readOnly: false)
        if writer.isReadOnly {
            throw StoreUnavailable(unwritable: "\(path) cannot be written (read-only: its permissions or its file system)")
        }
        try writer.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")
        try Migrations.apply(to: writer)
        let readers = try (0..<max(readers, 1)).map { _ in try SQLiteConnection(path: path, readOnly: true) }
        let checkpointer = try SQLiteCheckpointer(path: path)
        writer.checkpoint(by: checkpointer)
        return (writer, readers, checkpointer)
    }

    /// True when other servers may write to the database too (PostgreSQL): changes reach
    /// event clients through it (``changes(since:limit:)``), not only from this server.
    public var isShared: Bool { postgres != nil }

    /// Where uploaded files are kept.
    public var contentsDirectory: URL { directory.appendingPathComponent("contents") }

    /// The path of a content's file.
    public func path(of content: ContentRecord) -> String {
        contentsDirectory.appendingPathComponent(content.file).path
    }

    // MARK: Reading

    /// The last change's sequence number (0 before any).
    public func lastSeq() throws -> Int {
        try read { try $0.query("SELECT value FROM counters WHERE name = 'seq'") { $0.integer(0) }.first ?? 0 }
    }

    /// The sequence number of the last change to a content's pins (0 before any).
    public func lastSeq(of contentId: String) throws -> Int {
        try read { try $0.query("SELECT coalesce(max(seq), 0) FROM pins WHERE content_id = ?", [.text(contentId)]) { $0.integer(0) }.first ?? 0 }
    }

    public func content(_ id: String) throws -> ContentRecord? {
        try read { try $0.query(Self.contentColumns + " WHERE id = ?", [.text(id)], row: Self.content).first }
    }

    public func contents() throws -> [ContentRecord] {
        try read { try $0.query(Self.contentColumns + " ORDER BY id", row: Self.content) }
    }

    /// The live pins of a content (tombstones left out), in the order they were created.
    public func pins(of contentId: String) throws -> [StoredPin] {
        try read { db in try pins(of: contentId, in: db) }
    }

    /// One pin or tombstone.
    public func pin(_ id: String, of contentId: String) throws -> StoredPin? {
        try read { db in
            try decode(db.query(Self.pinColumns + " WHERE content_id = ? AND id = ?", [.text(contentId), .text(id)],
                                row: Self.pinRow)).first
        }
    }

    /// The pins and tombstones of a content changed after `since`, oldest change first, at
    /// most `limit`; each once, as it is now, with the type of its last change's event (nil
    /// in rows older than that).
    public func changes(of contentId: String, since: Int, limit: Int) throws -> [(pin: StoredPin, event: String?)] {
        try changes(where: "content_id = ? AND seq > ?", [.text(contentId), .integer(since)], limit: limit)
    }

    /// The pins and tombstones of every content changed after `since`, oldest change first,
    /// each once, as it is now,
    /// at most `limit`, with the type of each one's event (nil in rows older than that).
    public func changes(since: Int, limit: Int) throws -> [(pin: StoredPin, event: String?)] {
        try changes(where: "seq > ?", [.integer(since)], limit: limit)
    }

    /// The pins and tombstones matching `condition`, oldest change first, at most `limit`,
    /// each with its last change's event type.
    private func changes(where condition: String, _ values: [SQLValue], limit: Int) throws -> [(pin: StoredPin, event: String?)] {
        try read { db in
            let rows = try db.query(Self.pinColumns + " WHERE \(condition) ORDER BY seq LIMIT ?", values + [.integer(limit)],
                                    row: Self.pinRow)
            return zip(try decode(rows), rows.map(\.event)).map { ($0, $1) }
        }
    }

    // MARK: Writing

    /// Records an uploaded content whose file is already in ``contentsDirectory``.
    public func saveContent(_ content: ContentRecord) throws {
        let pages = String(decoding: try JSONEncoder().encode(content.pages), as: UTF8.self)
        try write { db in
            try db.run("""
                INSERT INTO contents VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET kind = excluded.kind,
                file = excluded.file, bytes = excluded.bytes, unit = excluded.unit, pages = excluded.pages,
                updated_at = excluded.updated_at
                """, [.text(content.id), .text(content.kind), .text(content.file), .integer(content.bytes),
                      .text(content.unit), .text(pages), .text(content.updatedAt)])
        }
    }

    /// Creates a pin; `created` is false when a pin with its id already exists (a retried
    /// create), which is returned as it is. A reply to a reply is attached to the root; a
    /// reply takes its root's page. `location` names the pin in messages (`pins[0]`).
    public func create(_ pin: Pin, at location: String = "") throws -> (pin: StoredPin, created: Bool) {
        try write { db in try create(pin, at: location, in: db) }
    }

    /// Replaces a live pin's editable fields (text, point, page, resolved) with those of
    /// `pin`, if its version is still `version`.
    public func update(_ pin: Pin, version: Int) throws -> StoredPin {
        try write { db in try update(pin, version: version, at: "", in: db) }
    }

    /// Deletes a pin (and, for a root, its replies), leaving tombstones, if its version is
    /// still `version` (any when nil). Deleting a tombstone changes nothing: [].
    public func delete(_ id: String, of contentId: String, version: Int?) throws -> [StoredPin] {
        try write { db in try delete(id, of: contentId, version: version, in: db) }
    }

    /// Applies one change of a sync batch once: a change whose `changeId` the same client
    /// had applied or refused before on the same content gets that same outcome again, and
    /// changes nothing. `client` names the client (a digest of its token); a result
    /// recorded before ids were a client's (`'*'`) is any client's of its content.
    public func apply(_ change: SyncChange, from client: String) throws -> (outcome: SyncOutcome, changed: [StoredPin]) {
        try write { db in try apply(change, from: client, in: db) }
    }

    /// Runs `body` in one write transaction (a sync batch's: one begin and one commit for all
    /// its changes, not one each), through a ``StoreBatch`` whose reads see its writes. A
    /// failure of the machine's rolls all of it back.
    public func batch<T>(_ body: (StoreBatch) throws -> T) throws -> T {
        try write { db in try body(StoreBatch(store: self, db: db)) }
    }

    fileprivate func apply(_ change: SyncChange, from client: String, in db: any StoreConnection) throws
        -> (outcome: SyncOutcome, changed: [StoredPin]) {
        if let recorded = try db.query("""
            SELECT status, reason FROM sync_results WHERE content_id = ? AND change_id = ? AND client IN (?, '*')
            ORDER BY client = '*'
            """, [.text(change.contentId), .text(change.changeId), .text(client)],
            row: { ($0.text(0) ?? "", $0.text(1)) }).first {
            return (SyncOutcome(changeId: change.changeId, pinId: change.pinId, applied: recorded.0 == "applied",
                                reason: recorded.1, replayed: true), [])
        }
        var changed: [StoredPin] = []
        var reason: String?
        do {
            switch change.action {
            case .create(let pin): changed = [try create(pin, at: change.location + ".pin", in: db).pin]
            case .update(let pin, let version): changed = [try update(pin, version: version, at: change.location + ".set", in: db)]
            case .delete(let version):
                changed = try delete(change.pinId, of: change.contentId, version: version, in: db)
            case .refuse(let error): throw error
            }
        } catch let error as ReviewError {
            reason = error.message
        }
        try db.run("INSERT INTO sync_results (content_id, change_id, client, pin_id, status, reason) VALUES (?, ?, ?, ?, ?, ?)",
                   [.text(change.contentId), .text(change.changeId), .text(client), .text(change.pinId),
                    .text(reason == nil ? "applied" : "refused"), reason.map { .text($0) } ?? .null])
        return (SyncOutcome(changeId: change.changeId, pinId: change.pinId, applied: reason == nil, reason: reason,
                            replayed: false), changed)
    }

    /// Makes a write (it counts the probes) to tell whether the store takes writes now:
    /// throws ``StoreUnavailable`` when it does not, as a change would.
    public func probe() throws {
        try write { db in try db.run("UPDATE counters SET value = value + 1 WHERE name = 'probes'", []) }
    }

    // MARK: Inside a write transaction

    fileprivate func create(_ pin: Pin, at location: String, in db: any StoreConnection) throws -> (pin: StoredPin, created: Bool) {
        // The pin with that id, if any, and the content's pages, in one statement.
        let row = try db.query("SELECT \(Self.pinFields), (SELECT \(db.dialect.pageCount) FROM contents WHERE id = ?)"
                               + " FROM (SELECT 1) AS one LEFT JOIN pins ON content_id = ? AND id = ?",
                               [.text(pin.contentId), .text(pin.contentId), .text(pin.id)]) {
            (pin: $0.text(0) == nil ? nil : Self.pinRow($0), pages: $0.text(6) == nil ? nil : $0.integer(6))
        }[0]
        if let existing = try decode(row.pin.map { [$0] } ?? []).first {
            if existing.deleted { throw ReviewError.deleted(existing) }
            return (existing, false)
        }
        guard let pages = row.pages else { throw ReviewError.unknownContent(pin.contentId) }
        var pin = pin
        if let parentId = pin.parentId {
            guard let parent = try stored(parentId, of: pin.contentId, in: db), !parent.deleted else {
                throw ReviewError.invalid(InputError(source: "request", location: Self.at(location, "parentId"),
                                                    problem: "no pin \"\(parentId)\" on content \"\(pin.contentId)\""))
            }
            pin.join(parent.pin)
        } else {
            try check(page: pin.page, of: pin.contentId, pages: pages, at: location)
        }
        return (try save(pin, version: 1, deleted: false, previous: nil, in: db), true)
    }

    /// The number of pages of a content; throws for an unknown one.
    private func pageCount(of contentId: String, in db: any StoreConnection) throws -> Int {
        guard let pages = try db.query("SELECT \(db.dialect.pageCount) FROM contents WHERE id = ?", [.text(contentId)],
                                       row: { $0.integer(0) }).first else {
            throw ReviewError.unknownContent(contentId)
        }
        return pages
    }

    /// Throws unless `page` is one of the content's `pages`.
    private func check(page: Int, of contentId: String, pages: Int, at location: String) throws {
        guard page > pages else { return }
        throw ReviewError.invalid(InputError(
            source: "request", location: Self.at(location, "page"),
            problem: "page \(page), but content \"\(contentId)\" has \(pages) page\(pages == 1 ? "" : "s")"))
    }

    func update(_ pin: Pin, version: Int, at location: String, in db: any StoreConnection) throws -> StoredPin {
        guard let current = try stored(pin.id, of: pin.contentId, in: db) else {
            throw ReviewError.unknownPin(contentId: pin.contentId, id: pin.id)
        }
        if current.deleted { throw ReviewError.deleted(current) }
        guard current.version == version else { throw ReviewError.conflict(current) }
        var edited = current.pin
        edited.text = pin.text
        edited.resolved = pin.resolved
        if edited.isRoot {
            if pin.page != current.pin.page {
                try check(page: pin.page, of: pin.contentId, pages: try pageCount(of: pin.contentId, in: db), at: location)
            }
            (edited.relativeX, edited.relativeY, edited.page, edited.carry) = (pin.relativeX, pin.relativeY, pin.page, pin.carry)
        }
        return try save(edited, version: version + 1, deleted: false, previous: current, in: db)
    }

    private func delete(_ id: String, of contentId: String, version: Int?, in db: any StoreConnection) throws -> [StoredPin] {
        guard let current = try stored(id, of: contentId, in: db) else {
            throw ReviewError.unknownPin(contentId: contentId, id: id)
        }
        if current.deleted { return [] }
        if let version, current.version != version { throw ReviewError.conflict(current) }
        let replies = try decode(db.query(Self.pinColumns + " WHERE content_id = ? AND parent_id = ? AND deleted = 0 ORDER BY rowid",
                                          [.text(contentId), .text(id)], row: Self.pinRow))
        return try ([current] + replies).map { try save($0.pin, version: $0.version + 1, deleted: true, previous: $0, in: db) }
    }

    /// Writes a pin with the next sequence number, and the type of its change's event.
    private func save(_ pin: Pin, version: Int, deleted: Bool, previous: StoredPin?, in db: any StoreConnection) throws -> StoredPin {
        let seq = try db.query("UPDATE counters SET value = value + 1 WHERE name = 'seq' RETURNING value") { $0.integer(0) }[0]
        let stored = StoredPin(pin: pin, version: version, updatedAt: WirePin.timestamp(Self.now()), seq: seq, deleted: deleted)
        let body = String(decoding: try JSONEncoder().encode(WirePin(pin)), as: UTF8.self)
        try db.run("""
            INSERT INTO pins (content_id, id, parent_id, seq, version, updated_at, deleted, body, event)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (content_id, id) DO UPDATE SET
            seq = excluded.seq, version = excluded.version, updated_at = excluded.updated_at,
            deleted = excluded.deleted, body = excluded.body, event = excluded.event
            """, [.text(pin.contentId), .text(pin.id), pin.parentId.map { .text($0) } ?? .null, .integer(seq),
                  .integer(version), .text(stored.updatedAt), .integer(deleted ? 1 : 0), .text(body),
                  .text(PinEvent.type(of: stored, previous: previous))])
        return stored
    }

    func pins(of contentId: String, in db: any StoreConnection) throws -> [StoredPin] {
        try decode(db.query(Self.pinColumns + " WHERE content_id = ? AND deleted = 0 ORDER BY rowid", [.text(contentId)],
                            row: Self.pinRow))
    }

    func stored(_ id: String, of contentId: String, in db: any StoreConnection) throws -> StoredPin? {
        try decode(db.query(Self.pinColumns + " WHERE content_id = ? AND id = ?", [.text(contentId), .text(id)],
                            row: Self.pinRow)).first
    }

    // MARK: Rows

    private static let contentColumns = "SELECT id, kind, file, bytes, unit, pages, updated_at FROM contents"
    private static let pinFields = "body, version, updated_at, seq, deleted, event"
    private static let pinColumns = "SELECT \(pinFields) FROM pins"

    private static func content(_ row: any SQLRow) -> ContentRecord {
        let pages = (try? JSONDecoder().decode([ContentRecord.PageSize].self, from: Data((row.text(5) ?? "[]").utf8))) ?? []
        return ContentRecord(id: row.text(0) ?? "", kind: row.text(1) ?? "", file: row.text(2) ?? "", bytes: row.integer(3),
                             unit: row.text(4) ?? "", pages: pages, updatedAt: row.text(6) ?? "")
    }

    private typealias PinRow = (body: String, version: Int, updatedAt: String, seq: Int, deleted: Bool, event: String?)

    private static func pinRow(_ row: any SQLRow) -> PinRow {
        (row.text(0) ?? "", row.integer(1), row.text(2) ?? "", row.integer(3), row.integer(4) != 0, row.text(5))
    }

    /// The stored bodies read back with the CLI's decoder: one batch, one parse.
    private func decode(_ rows: [PinRow]) throws -> [StoredPin] {
        guard !rows.isEmpty else { return [] }
        let pins = try PinDecoder(source: "pins.db").decode(Data(("[" + rows.map(\.body).joined(separator: ",") + "]").utf8))
        return zip(pins, rows).map { StoredPin(pin: $0, version: $1.version, updatedAt: $1.updatedAt, seq: $1.seq, deleted: $1.deleted) }
    }

    private static func at(_ location: String, _ field: String) -> String {
        location.isEmpty ? field : "\(location).\(field)"
    }

    private static func now() -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    /// Runs `body` on a reader of its own; a read that fails on a lost store throws that
    /// loss, one that fails for a reason of the machine's ``StoreUnavailable``.
    func read<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        let started = ContinuousClock.now
        defer { timed?("read", ContinuousClock.now - started) }
        do {
            return try readers.read(body)
        } catch {
            try files?.check()
            throw StoreUnavailable(error) ?? error
        }
    }

    /// Runs `body` in a write transaction, or, inside ``group(_:)``, under a savepoint of the
    /// group's transaction (a ``ReviewError`` rolls back to it alone; any other failure spoils
    /// the group, whose writes then run again one by one). A failure of the machine's is
    /// thrown as ``StoreUnavailable``, and logged when it starts and when writes go through again.
    func write<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        writeLock.lock()
        let started = ContinuousClock.now
        defer {
            timed?("write", ContinuousClock.now - started)
            count()
            writeLock.unlock()
        }
        if let openGroup { return try openGroup.savepoint(writer) { try body(writer) } }
        do {
            let result = try transaction(body)
            record(nil)
            return result
        } catch let error as ReviewError {
            record(nil)
            throw error
        } catch {
            guard let unavailable = StoreUnavailable(error) else { throw error }
            record(unavailable)
            throw unavailable
        }
    }

    /// Runs `body`, which makes several writes (each a request's), in one write transaction
    /// and commits once: each write of it is a savepoint (``write(_:)``), and what they hand
    /// to ``afterCommit(_:)`` runs, in order, once that commit is made. Returns false, having
    /// rolled back and run nothing after commit, when the group could not commit (a write
    /// spoiled it, the begin or the commit failed): the caller runs the writes again, each
    /// in a transaction of its own, so each gets its own outcome. Call from one thread at a
    /// time, without writes of other threads in `body`.
    public func group(_ body: () -> Void) -> Bool {
        writeLock.lock()
        let group = WriteGroup()
        openGroup = group
        let committed: Bool
        do {
            try transaction { _ in
                body()
                if group.spoiled { throw WriteGroup.Spoiled() }
            }
            committed = true
            record(nil)
        } catch {
            committed = false
        }
        openGroup = nil
        count()
        writeLock.unlock()
        if committed { group.afterCommit.forEach { $0() } }
        return committed
    }

    /// Runs `action` once the write just made is committed: now, or, inside ``group(_:)``, at
    /// the group's commit (never, when the group is rolled back).
    public func afterCommit(_ action: @escaping () -> Void) {
        writeLock.lock()
        if let openGroup {
            openGroup.afterCommit.append(action)
            writeLock.unlock()
        } else {
            writeLock.unlock()
            action()
        }
    }

    /// The transactions the writer committed so far (counted by the database's connection),
    /// read without waiting for a write under way.
    public var commits: Int { countsLock.withLock { counts.commits } }

    /// The requests the writer sent to the database's server and waited for so far (0 with
    /// SQLite), read without waiting for a write under way.
    public var roundTrips: Int { countsLock.withLock { counts.roundTrips } }

    /// Copies the writer's counts for ``commits`` and ``roundTrips`` (under ``writeLock``).
    private func count() {
        let now = (commits: writer.commits, roundTrips: writer.roundTrips)
        countsLock.withLock { counts = now }
    }

    /// `body` between the store's write lock and the commit. With SQLite the files are
    /// checked before, so a lost store is not written, and after: a commit into a file that
    /// is no longer the database is not acknowledged. A failed begin is rolled back too:
    /// PostgreSQL's is two statements, and a failure of the second left the first's
    /// transaction open, refusing every statement after it (25P02) until a reconnection.
    private func transaction<T>(_ body: (any StoreConnection) throws -> T) throws -> T {
        do {
            try writer.execute(writer.dialect.beginWrite)
            try files?.check()
            let result = try body(writer)
            try writer.execute(writer.dialect.commitWrite)
            try writer.awaitAnswers()
            try files?.check()
            return result
        } catch {
            try? writer.execute("ROLLBACK")
            try? writer.awaitAnswers()
            throw error
        }
    }

    /// Logs a change of whether the store takes writes (by its message, not each failure).
    private func record(_ now: StoreUnavailable?) {
        guard now?.message != unavailable?.message else { return }
        if let now {
            ServiceLog.write(level: .error, event: now.reason.rawValue, error: "\(now.message): \(now.detail)")
        } else {
            ServiceLog.write(level: .info, event: "store-writable")
        }
        unavailable = now
    }
}

/// A sync batch's write transaction (``PinStore/batch(_:)``): its reads see what it wrote
/// before them. Valid only inside the batch's body.
public struct StoreBatch {
    let store: PinStore
    let db: any StoreConnection

    /// One pin or tombstone as the transaction sees it.
    public func pin(_ id: String, of contentId: String) throws -> StoredPin? {
        try store.stored(id, of: contentId, in: db)
    }

    /// The live pins of a content (``PinStore/pins(of:)``) as the transaction sees them.
    public func pins(of contentId: String) throws -> [StoredPin] {
        try store.pins(of: contentId, in: db)
    }

    /// Creates a pin in the batch's transaction (``PinStore/create(_:at:)``).
    public func create(_ pin: Pin, at location: String = "") throws -> (pin: StoredPin, created: Bool) {
        try store.create(pin, at: location, in: db)
    }

    /// Applies one change of the batch once (``PinStore/apply(_:from:)``).
    public func apply(_ change: SyncChange, from client: String) throws -> (outcome: SyncOutcome, changed: [StoredPin]) {
        try store.apply(change, from: client, in: db)
    }
}

/// The writes of ``PinStore/group(_:)``: one transaction, a savepoint each, and what waits
/// for their commit.
private final class WriteGroup {
    /// Thrown to roll the group back when a write of it failed for another reason than a refusal.
    struct Spoiled: Error {}

    var afterCommit: [() -> Void] = []
    /// True once a write failed in a way its savepoint may not undo (a statement's or the
    /// machine's failure, which may have ended the transaction): the group rolls back.
    private(set) var spoiled = false

    /// `body` under a savepoint: released when it succeeds, rolled back to when it refuses
    /// (a ``ReviewError``); another failure spoils the group.
    func savepoint<T>(_ db: any StoreConnection, _ body: () throws -> T) throws -> T {
        if spoiled { throw Spoiled() }
        do {
            try db.execute("SAVEPOINT request")
            let result = try body()
            try db.execute("RELEASE request")
            return result
        } catch let error as ReviewError {
            do {
                try db.execute("ROLLBACK TO request; RELEASE request")
            } catch {
                spoiled = true
            }
            throw error
        } catch {
            spoiled = true
            throw error
        }
    }
}
