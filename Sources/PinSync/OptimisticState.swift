import Foundation

/// The pins a store shows: the server's last state of each, with the queued changes
/// applied in order, as the server would apply them. A rollback is this replay without the
/// refused change.
enum OptimisticState {
    /// One pin's state.
    struct Entry {
        var id: String
        /// The app's fields; empty for a tombstone the server sent.
        var body: [String: Any]
        var version: Int
        var deleted: Bool
        var pending: Bool
        var isRoot: Bool { body["parentId"] == nil || body["parentId"] is NSNull }
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
                entries.append(Entry(id: change.pinId, body: JSONText.object(change.body), version: 0, deleted: false, pending: true))
            case .update:
                guard let at else { continue }
                entries[at].pending = true
                guard !entries[at].deleted else { continue }
                let root = entries[at].isRoot
                for (key, value) in JSONText.object(change.body) where root || key == "text" || key == "resolved" {
                    entries[at].body[key] = value
                }
            case .delete:
                guard let at else { continue }
                entries[at].pending = true
                entries[at].deleted = true
            }
        }
        let deletedRoots = Set(entries.filter { $0.deleted && $0.isRoot }.map(\.id))
        for at in entries.indices where !entries[at].isRoot {
            if let parent = entries[at].body["parentId"] as? String, deletedRoots.contains(parent) { entries[at].deleted = true }
        }
        return entries
    }
}
