import Foundation
import PinRenderCore

extension PinSyncStore {
    /// Creates a root pin at (x, y) of `page`, shown at once and queued.
    /// - Parameters:
    ///   - contentId: the document or image.
    ///   - x: relativeX, 0 to 1 of the content's width, from the left.
    ///   - y: relativeY, 0 to 1 of its height, from the top.
    ///   - id: the pin's id; a new UUID when nil (ids are made here, so a retried batch
    ///     creates nothing twice).
    @discardableResult
    public func create(on contentId: String, page: Int = 1, x: Double, y: Double, text: String, author: String,
                       authorName: String? = nil, id: String? = nil) throws -> SyncedPin {
        var pin = newPin(contentId: contentId, text: text, author: author, authorName: authorName, id: id)
        (pin.page, pin.relativeX, pin.relativeY) = (page, x, y)
        return try queue(.create(WirePin(pin)), of: pin.id, on: contentId)
    }

    /// Replies to a pin (a reply to a reply belongs to its root, as on the server).
    @discardableResult
    public func reply(to parentId: String, of contentId: String, text: String, author: String, authorName: String? = nil,
                      id: String? = nil) throws -> SyncedPin {
        let parent = try live(parentId, of: contentId)
        var pin = newPin(contentId: contentId, text: text, author: author, authorName: authorName, id: id)
        pin.join(parent.pin)
        return try queue(.create(WirePin(pin)), of: pin.id, on: contentId)
    }

    /// Changes a pin's text, point, page or resolved flag (a reply's text and flag only).
    @discardableResult
    public func edit(_ id: String, of contentId: String, _ edit: PinEdit) throws -> SyncedPin {
        _ = try live(id, of: contentId)
        return try queue(.update(edit.wire), of: id, on: contentId)
    }

    /// Marks a pin resolved.
    @discardableResult
    public func resolve(_ id: String, of contentId: String) throws -> SyncedPin {
        try edit(id, of: contentId, PinEdit(resolved: true))
    }

    /// Marks a resolved pin open again.
    @discardableResult
    public func reopen(_ id: String, of contentId: String) throws -> SyncedPin {
        try edit(id, of: contentId, PinEdit(resolved: false))
    }

    /// Deletes a pin (a root with its replies).
    public func delete(_ id: String, of contentId: String) throws {
        _ = try live(id, of: contentId)
        try locked {
            try database.transaction {
                try append(.delete, of: id, on: contentId, body: "{}", after: try lastChange(of: id, on: contentId))
            }
        }
        emit([.pinsChanged(contentId: contentId, pinIds: [id])])
    }

    // MARK: Queueing

    private func newPin(contentId: String, text: String, author: String, authorName: String?, id: String?) -> Pin {
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        return Pin(id: id ?? UUID().uuidString.lowercased(), contentId: contentId, authorId: author, authorName: authorName,
                   createdAt: now, text: text)
    }

    /// A change as it is queued: the new pin, or the fields an edit sets.
    private enum Change {
        case create(WirePin)
        case update(WireEdit)
    }

    private func live(_ id: String, of contentId: String) throws -> SyncedPin {
        guard let pin = try pin(id, of: contentId) else { throw PinSyncError.unknownPin(id) }
        return pin
    }

    /// Checks the change against the pin it makes (a bad field is refused here, with its
    /// name, before anything is queued), queues it, and returns the pin as now shown. An
    /// edit joins the pin's last queued change while no batch has carried that one.
    private func queue(_ change: Change, of id: String, on contentId: String) throws -> SyncedPin {
        try locked {
            try database.transaction {
                let last = try lastChange(of: id, on: contentId)
                let current = try state(of: contentId, pin: id)
                let shown: WirePin
                switch change {
                case .create(let pin):
                    if current != nil {
                        throw InputError(source: path, location: "id", problem: "a pin \"\(id)\" exists already")
                    }
                    for (field, value) in [("id", pin.id), ("contentId", pin.contentId)] where !WireIdentifier.isValid(value) {
                        throw InputError(source: path, location: field, problem: "not an id the service takes (\(WireIdentifier.rule))")
                    }
                    shown = pin
                case .update(let edit):
                    guard let current, !current.deleted else { throw PinSyncError.unknownPin(id) }
                    shown = edit.applied(to: current.body)
                }
                _ = try PinDecoder(source: "pin").decode(JSONEncoder().encode([shown]))
                switch change {
                case .update(let edit):
                    if var last, !last.sent, last.operation != .delete {
                        last.body = if let created = last.pin { JSONText.text(edit.applied(to: created)) }
                                    else { JSONText.text((last.edit ?? WireEdit()).merging(edit)) }
                        try database.run("UPDATE outbox SET body = ? WHERE position = ?", [.text(last.body), .integer(last.position)])
                    } else {
                        try append(.update, of: id, on: contentId, body: JSONText.text(edit), after: last)
                    }
                case .create(let pin):
                    try append(.create, of: id, on: contentId, body: JSONText.text(pin), after: last)
                }
            }
        }
        emit([.pinsChanged(contentId: contentId, pinIds: [id])])
        guard let pin = try pin(id, of: contentId) else { throw PinSyncError.unknownPin(id) }
        return pin
    }

    private func lastChange(of id: String, on contentId: String) throws -> OutboxEntry? {
        try database.rows("SELECT \(OutboxEntry.columns) FROM outbox WHERE content_id = ? AND pin_id = ? ORDER BY position DESC LIMIT 1",
                          [.text(contentId), .text(id)], row: OutboxEntry.init(row:)).first
    }

    /// Appends a change made on the version the pin will have when the queue before it is
    /// applied: the server's, 1 after its create, one more after each edit.
    private func append(_ operation: OutboxEntry.Operation, of id: String, on contentId: String, body: String,
                        after last: OutboxEntry?) throws {
        let base: Int
        switch last?.operation {
        case .create?: base = 1
        case .update?: base = last!.baseVersion + 1
        case .delete?: base = last!.baseVersion
        case nil:
            base = try database.integer("SELECT version FROM server_pins WHERE content_id = ? AND id = ?",
                                        [.text(contentId), .text(id)])
        }
        try database.run("INSERT INTO outbox (change_id, content_id, pin_id, operation, body, base_version, sent) VALUES (?, ?, ?, ?, ?, ?, 0)",
                         [.text(UUID().uuidString.lowercased()), .text(contentId), .text(id), .text(operation.rawValue),
                          .text(body), .integer(base)])
        try database.run("INSERT OR IGNORE INTO cursors VALUES (?, 0)", [.text(contentId)])
    }
}
