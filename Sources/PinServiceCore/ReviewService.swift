import Foundation
import PinRenderCore

/// The pin service's operations, with no HTTP: contents, pins (create, edit, resolve,
/// delete), the changes after a cursor and the sync batches of offline clients, on a
/// ``PinStore``. Typed inputs, typed results, and one error type (``ReviewError``). The HTTP
/// adapter (PinService's `PinServer`) only decodes requests, calls these and encodes the
/// answers; tests call them directly.
///
/// Each change, once committed, goes to ``committed`` in commit order (the service's events).
/// Safe to call from any thread: the store serializes its writes. Writes from several
/// requests commit together through a ``StoreWriter``.
///
///     let service = ReviewService(store: try PinStore(directory: data))
///     let (stored, created) = try service.create(pin)
///     let edited = try service.edit(stored.pin.id, of: pin.contentId, .resolved(true, version: stored.version))
public final class ReviewService: @unchecked Sendable {
    /// What the service takes at once.
    public struct Limits: Sendable {
        /// The most changes of one sync batch.
        public var maxSyncChanges = 1000
        /// The most changes of one list of changes.
        public var maxChanges = 10_000

        public init() {}
    }

    public let store: PinStore
    public let limits: Limits
    /// Called with each committed change, in commit order, on the thread that made it.
    let committed: @Sendable (CommittedChange) -> Void
    /// The contents seen to exist: contents are never removed, so pin traffic checks its
    /// content without reading the record each time.
    private var knownContents: Set<String> = []
    private let knownLock = NSLock()

    /// A service on `store`; `committed` hears each change once committed.
    public init(store: PinStore, limits: Limits = Limits(), committed: @escaping @Sendable (CommittedChange) -> Void = { _ in }) {
        self.store = store
        self.limits = limits
        self.committed = committed
    }

    // MARK: Contents

    /// Every content, by id.
    public func contents() throws(ReviewError) -> [ContentRecord] {
        try run { try store.contents() }
    }

    /// One content.
    public func content(_ id: String) throws(ReviewError) -> ContentRecord {
        guard let content = try run({ try store.content(id) }) else { throw .unknownContent(id) }
        return content
    }

    /// Throws ``ReviewError/unknownContent(_:)`` unless the content exists.
    public func requireContent(_ id: String) throws(ReviewError) {
        if knownLock.withLock({ knownContents.contains(id) }) { return }
        _ = try content(id)
        knownLock.withLock { _ = knownContents.insert(id) }
    }

    // MARK: Pins

    /// The live pins of a content and the cursor of the moment (read first, so a change
    /// made meanwhile comes again in the changes after it, never missed).
    public func pins(of contentId: String) throws(ReviewError) -> PinList {
        try requireContent(contentId)
        return try run { PinList(contentId: contentId, cursor: try store.lastSeq(), pins: try store.pins(of: contentId)) }
    }

    /// The seq of the last change to a content's pins: its list is the same while this is.
    public func pinsSeq(of contentId: String) throws(ReviewError) -> Int {
        try run { try store.lastSeq(of: contentId) }
    }

    /// The store's last change (0 before any).
    public func lastSeq() throws(ReviewError) -> Int {
        try run { try store.lastSeq() }
    }

    /// A live pin; a deleted one is refused with its tombstone.
    public func pin(_ id: String, of contentId: String) throws(ReviewError) -> StoredPin {
        let stored = try current(id, of: contentId)
        if stored.deleted { throw .deleted(stored) }
        return stored
    }

    /// Creates a pin on its content; `created` is false when a pin with its id exists (a
    /// retried create), which is returned as it is. A reply to a reply joins the root.
    public func create(_ pin: Pin) throws(ReviewError) -> (pin: StoredPin, created: Bool) {
        try requireContent(pin.contentId)
        let (stored, created) = try run { try store.create(pin) }
        if created { publish([CommittedChange(pins: [stored], previous: nil)]) }
        return (stored, created)
    }

    /// Edits a live pin, if it is still at the edit's version.
    public func edit(_ id: String, of contentId: String, _ edit: PinEdit) throws(ReviewError) -> StoredPin {
        let current = try pin(id, of: contentId)
        let stored = try run { try store.update(try edit.apply(current.pin), version: edit.version) }
        publish([CommittedChange(pins: [stored], previous: current)])
        return stored
    }

    /// Marks a live pin resolved (or not), if it is still at `version`.
    public func resolve(_ id: String, of contentId: String, resolved: Bool = true, version: Int) throws(ReviewError) -> StoredPin {
        try edit(id, of: contentId, .resolved(resolved, version: version))
    }

    /// Deletes a pin (and, for a root, its replies), leaving tombstones, if it is still at
    /// `version` (any when nil): the tombstones; none when it was deleted already.
    public func delete(_ id: String, of contentId: String, version: Int?) throws(ReviewError) -> [StoredPin] {
        let tombstones = try run { try store.delete(id, of: contentId, version: version) }
        if !tombstones.isEmpty { publish([CommittedChange(pins: tombstones, previous: nil)]) }
        return tombstones
    }

    // MARK: Changes

    /// The pins and tombstones of a content changed after `since` (a cursor of this store:
    /// ``check(cursor:named:)``), each once as it is now, oldest change first, at most
    /// `limit`, and the cursor after them: the last one's seq when more wait, else the
    /// store's last seq read before them.
    public func changes(of contentId: String, since: Int, limit: Int = 1000) throws(ReviewError) -> ChangeList {
        try requireContent(contentId)
        guard (1...limits.maxChanges).contains(limit) else {
            throw .invalid("limit", "needs a whole number from 1 to \(limits.maxChanges)")
        }
        return try run {
            let last = try store.lastSeq()
            let changes = try store.changes(of: contentId, since: since, limit: limit)
            let more = changes.count == limit
            let cursor = more ? changes.last!.pin.seq : max(last, changes.last?.pin.seq ?? since, since)
            return ChangeList(contentId: contentId, cursor: cursor, more: more, changes: changes.map(\.pin),
                              events: changes.map(\.event))
        }
    }

    /// Throws unless `cursor` is one of this store's: a whole number no later than the newest
    /// change. One past it was never this store's (made up, another store's, or this one's
    /// before it was replaced), and the changes it asks for would never come; the message
    /// names the newest cursor.
    public func check(cursor: Int, named field: String) throws(ReviewError) {
        guard cursor >= 0 else {
            throw .invalid(field, "needs a cursor, a whole number from 0 (the seq of the last change seen)")
        }
        let newest = try lastSeq()
        guard cursor > newest else { return }
        throw .invalid(field, """
            \(cursor) is past the newest change, \(newest): not a cursor of this store; \
            load the pins again (or the changes since 0) and go on from their cursor
            """)
    }

    // MARK: Running

    /// Hands the changes just written to ``committed`` once their commit is made (at the
    /// commit of the store's group, when the write was in one: ``PinStore/afterCommit(_:)``).
    func publish(_ changes: [CommittedChange]) {
        store.afterCommit { [committed] in changes.forEach(committed) }
    }

    /// One pin or tombstone as it is, or ``ReviewError/unknownPin(contentId:id:)``.
    func current(_ id: String, of contentId: String) throws(ReviewError) -> StoredPin {
        guard let stored = try run({ try store.pin(id, of: contentId) }) else {
            throw .unknownPin(contentId: contentId, id: id)
        }
        return stored
    }

    /// `body` with its failures as the domain's: the store's refusals, a bad field, a store
    /// that cannot take writes; anything else (a failed statement) is the server's fault.
    func run<T>(_ body: () throws -> T) throws(ReviewError) -> T {
        do {
            return try body()
        } catch let error as ReviewError {
            throw error
        } catch let error as InputError {
            throw .invalid(error)
        } catch let error as StoreUnavailable {
            throw .unavailable(error)
        } catch {
            throw .serverFault(detail: "\(error)")
        }
    }
}
