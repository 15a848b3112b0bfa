import Foundation
import PinPlatform
import PinRenderCore

/// An offline-first pin store: a local SQLite file with the pins as the server last sent
/// them, an ordered outbox of the changes made here since, and the server's cursor per
/// content.
///
/// Changes (``create(on:page:x:y:text:author:authorName:id:)``, ``edit(_:of:_:)``,
/// ``reply(to:of:text:author:authorName:id:)``, ``resolve(_:of:)``, ``reopen(_:of:)``,
/// ``delete(_:of:)``) apply at once and queue; reads return that optimistic state, each pin
/// marked ``SyncedPin/pendingSync`` while a change to it waits. ``sync(_:)`` sends the
/// queue to the server, keeps what it applied, rolls back what it refused or what lost a
/// conflict (reporting each), and takes the server's other changes.
/// ``watch(_:with:idleTimeout:)`` follows them live. Every change of the store is on
/// ``events()``.
///
///     let store = try PinSyncStore(path: "site.pins")
///     let pin = try store.create(on: "plan", page: 1, x: 0.4, y: 0.6, text: "Crack here", author: "ana")
///     let report = try await store.sync(SyncServer(url: URL(string: "http://127.0.0.1:8080")!))
public final class PinSyncStore: @unchecked Sendable {
    /// The store file.
    public let path: String
    let database: LocalDatabase
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<StoreEvent>.Continuation] = [:]

    /// Opens the store at `path`, creating it when missing; `readOnly` opens an existing
    /// one and never writes to the file (what a render reads).
    public init(path: String, readOnly: Bool = false) throws {
        self.path = path
        database = try LocalDatabase(path: path, readOnly: readOnly)
        guard !readOnly else { return }
        try database.script("""
            PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;
            CREATE TABLE IF NOT EXISTS server_pins (
                content_id TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, version INTEGER NOT NULL,
                deleted INTEGER NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (content_id, id));
            CREATE TABLE IF NOT EXISTS outbox (
                position INTEGER PRIMARY KEY AUTOINCREMENT, change_id TEXT NOT NULL UNIQUE, content_id TEXT NOT NULL,
                pin_id TEXT NOT NULL, operation TEXT NOT NULL, body TEXT NOT NULL, base_version INTEGER NOT NULL,
                sent INTEGER NOT NULL);
            CREATE INDEX IF NOT EXISTS outbox_by_pin ON outbox (content_id, pin_id);
            CREATE TABLE IF NOT EXISTS cursors (content_id TEXT PRIMARY KEY, cursor INTEGER NOT NULL);
            """)
    }

    // MARK: Reading

    /// The contents the store knows, by id.
    public func contents() throws -> [String] {
        try locked { try contentIds() }
    }

    /// The live pins of a content as shown: the server's with the queued changes applied.
    public func pins(of contentId: String) throws -> [SyncedPin] {
        let entries = try locked { try state(of: contentId) }.filter { !$0.deleted }
        guard !entries.isEmpty else { return [] }
        let pins = try PinDecoder(source: path).decode(JSONEncoder().encode(entries.map(\.body)))
        return zip(pins, entries).map { SyncedPin(pin: $0, version: $1.version, pendingSync: $1.pending) }
    }

    /// The live pins of a content (of every content when nil) as the apps' JSON,
    /// `{"pins": [...]}`, each with its `version` and `pendingSync`: what ``PinDecoder``
    /// reads, and `render --pins store:FILE` draws.
    public func pinsJSON(of contentId: String? = nil) throws -> Data {
        let entries = try locked {
            try (contentId.map { [$0] } ?? contentIds()).flatMap { try state(of: $0) }
        }.filter { !$0.deleted }
        return JSONText.data(["pins": entries.map(ShownPin.init)])
    }

    /// One live pin as shown, or nil.
    public func pin(_ id: String, of contentId: String) throws -> SyncedPin? {
        guard let entry = try locked({ try state(of: contentId, pin: id) }), !entry.deleted else { return nil }
        let pin = try PinDecoder(source: path).decode(JSONEncoder().encode([entry.body]))[0]
        return SyncedPin(pin: pin, version: entry.version, pendingSync: entry.pending)
    }

    /// How many changes wait to be sent, of one content or of all.
    public func queued(of contentId: String? = nil) throws -> Int {
        try locked {
            if let contentId {
                try database.integer("SELECT count(*) FROM outbox WHERE content_id = ?", [.text(contentId)])
            } else {
                try database.integer("SELECT count(*) FROM outbox")
            }
        }
    }

    /// The server's change sequence number the store has seen for a content.
    public func cursor(of contentId: String) throws -> Int {
        try locked {
            try database.integer("SELECT cursor FROM cursors WHERE content_id = ?", [.text(contentId)])
        }
    }

    // MARK: Events

    /// Every change of the store from now on, until the stream is dropped.
    public func events() -> AsyncStream<StoreEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreEvent.self, bufferingPolicy: .unbounded)
        let id = UUID()
        lock.withLock { listeners[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    func emit(_ events: [StoreEvent]) {
        let targets = lock.withLock { Array(listeners.values) }
        for event in events {
            for continuation in targets { continuation.yield(event) }
        }
    }

    // MARK: Inside the lock

    func contentIds() throws -> [String] {
        try database.rows("""
            SELECT content_id FROM cursors UNION SELECT content_id FROM server_pins
            UNION SELECT content_id FROM outbox ORDER BY 1
            """) { $0.text(0) ?? "" }
    }

    /// Runs `body` holding the store's lock (the connection is used by one caller at a time).
    func locked<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The optimistic state of a content's pins, deleted ones included.
    func state(of contentId: String) throws -> [OptimisticState.Entry] {
        OptimisticState.replay(server: try serverEntries("content_id = ? ORDER BY rowid", [.text(contentId)]),
                               outbox: try outbox(of: contentId))
    }

    /// The optimistic state of one pin, from its own rows only (a change costs the same
    /// however many pins the content has); a reply is deleted with its root.
    func state(of contentId: String, pin id: String) throws -> OptimisticState.Entry? {
        let replay = { (id: String) throws -> OptimisticState.Entry? in
            OptimisticState.replay(server: try self.serverEntries("content_id = ? AND id = ?", [.text(contentId), .text(id)]),
                                   outbox: try self.database.rows(
                                       "SELECT \(OutboxEntry.columns) FROM outbox WHERE content_id = ? AND pin_id = ? ORDER BY position",
                                       [.text(contentId), .text(id)], row: OutboxEntry.init(row:))).first
        }
        guard var entry = try replay(id) else { return nil }
        if let root = entry.body.parentId, try replay(root)?.deleted == true { entry.deleted = true }
        return entry
    }

    private func serverEntries(_ condition: String, _ values: [SQLValue]) throws -> [OptimisticState.Entry] {
        try database.rows("SELECT id, body, version, deleted FROM server_pins WHERE " + condition, values) { row in
            let id = row.text(0) ?? ""
            return OptimisticState.Entry(id: id, body: JSONText.value(WirePin.self, row.text(1) ?? "") ?? WirePin(identifying: Pin(id: id)),
                                         version: row.integer(2), deleted: row.integer(3) != 0, pending: false)
        }
    }

    /// The queued changes of a content, in order.
    func outbox(of contentId: String, limit: Int = Int.max) throws -> [OutboxEntry] {
        try database.rows("SELECT \(OutboxEntry.columns) FROM outbox WHERE content_id = ? ORDER BY position LIMIT ?",
                          [.text(contentId), .integer(limit)], row: OutboxEntry.init(row:))
    }
}

/// A pin as ``PinSyncStore/pinsJSON(of:)`` shows it: the app's fields, the server version it
/// builds on and the apps' `pendingSync`.
private struct ShownPin: Encodable {
    var entry: OptimisticState.Entry

    private enum Key: String, CodingKey {
        case pendingSync
    }

    func encode(to encoder: Encoder) throws {
        var pin = entry.body
        pin.version = entry.version
        try pin.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(entry.pending, forKey: .pendingSync)
    }
}
