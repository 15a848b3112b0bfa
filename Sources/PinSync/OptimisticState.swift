import PinRenderCore

/// The pins a store shows: the server's last state of each, with the queued changes
/// applied in order, as the server would apply them. A rollback is this replay without the
/// refused change.
enum OptimisticState {
    /// One pin's state.
    struct Entry {
        var id: String
        /// The app's fields (a tombstone the server sent: its id, contentId and parentId).
        var body: WirePin
        var version: Int
        var deleted: Bool
        var pending: Bool
        var isRoot: Bool { body.isRoot }
    }

    /// The server's pins in their order, then the pins created here in the queue's order;
    /// deleted ones included (their replies marked deleted with them).
    static func replay(server: [Entry], outbox: [OutboxEntry]) -> [Entry] {
        var entries = server
        var index = Dictionary(server.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for change in outbox {
            let at = index[change.pinId]
            switch change.operation {
            case .create:
                guard at == nil else {
                    entries[at!].pending = true
                    continue
                }
                index[change.pinId] = entries.count
                let body = change.pin ?? WirePin(identifying: Pin(id: change.pinId, contentId: change.contentId))
                entries.append(Entry(id: change.pinId, body: body, version: 0, deleted: false, pending: true))
            case .update:
                guard let at else { continue }
                entries[at].pending = true
                guard !entries[at].deleted, let edit = change.edit else { continue }
                entries[at].body = edit.applied(to: entries[at].body)
            case .delete:
                guard let at else { continue }
                entries[at].pending = true
                entries[at].deleted = true
            }
        }
        let deletedRoots = Set(entries.filter { $0.deleted && $0.isRoot }.map(\.id))
        for at in entries.indices where !entries[at].isRoot {
            if let parent = entries[at].body.parentId, deletedRoots.contains(parent) { entries[at].deleted = true }
        }
        return entries
    }
}
