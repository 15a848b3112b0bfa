import PinPlatform

/// One queued change, in the order it was made: what the next sync sends as one change of
/// its batch.
struct OutboxEntry {
    enum Operation: String {
        case create, update, delete
    }

    /// Its place in the queue.
    var position: Int
    /// The client's id of the change: the server applies a changeId once, however often
    /// the batch is sent.
    var changeId: String
    var contentId: String
    var pinId: String
    var operation: Operation
    /// The new pin (create) or the fields set (update); `{}` for a delete.
    var body: String
    /// The server version of the pin the change was made on (0 for a pin created here).
    var baseVersion: Int
    /// True once a batch holding it was sent: it may have been applied already, so it is
    /// never merged with a later change.
    var sent: Bool

    static let columns = "position, change_id, content_id, pin_id, operation, body, base_version, sent"

    init(position: Int, changeId: String, contentId: String, pinId: String, operation: Operation, body: String,
         baseVersion: Int, sent: Bool) {
        self.position = position
        self.changeId = changeId
        self.contentId = contentId
        self.pinId = pinId
        self.operation = operation
        self.body = body
        self.baseVersion = baseVersion
        self.sent = sent
    }

    /// A row selected with ``columns``.
    init(row: any SQLRow) {
        self.init(position: row.integer(0), changeId: row.text(1) ?? "", contentId: row.text(2) ?? "",
                  pinId: row.text(3) ?? "", operation: Operation(rawValue: row.text(4) ?? "") ?? .delete,
                  body: row.text(5) ?? "{}", baseVersion: row.integer(6), sent: row.integer(7) != 0)
    }

    /// The change as the sync batch carries it.
    var wire: [String: Any] {
        switch operation {
        case .create: ["changeId": changeId, "op": "create", "pin": JSONText.object(body)]
        case .update: ["changeId": changeId, "op": "update", "id": pinId, "version": baseVersion, "set": JSONText.object(body)]
        case .delete: ["changeId": changeId, "op": "delete", "id": pinId, "version": baseVersion]
        }
    }
}
