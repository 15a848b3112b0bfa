import PinPlatform
import PinRenderCore

/// One queued change, in the order it was made: what the next sync sends as one change of
/// its batch (``wire``).
struct OutboxEntry {
    typealias Operation = WireChange.Operation

    /// Its place in the queue.
    var position: Int
    /// The client's id of the change: the server applies a changeId once, however often
    /// the batch is sent.
    var changeId: String
    var contentId: String
    var pinId: String
    var operation: Operation
    /// The new pin (create: a ``WirePin``) or the fields set (update: a ``WireEdit``) as
    /// JSON text; `{}` for a delete.
    var body: String
    /// The server version of the pin the change was made on (0 for a pin created here).
    var baseVersion: Int
    /// True once a batch holding it was sent: it may have been applied already, so it is
    /// never merged with a later change.
    var sent: Bool

    static let columns = "position, change_id, content_id, pin_id, operation, body, base_version, sent"

    /// A row selected with ``columns``.
    init(row: any SQLRow) {
        position = row.integer(0)
        changeId = row.text(1) ?? ""
        contentId = row.text(2) ?? ""
        pinId = row.text(3) ?? ""
        operation = Operation(rawValue: row.text(4) ?? "") ?? .delete
        body = row.text(5) ?? "{}"
        baseVersion = row.integer(6)
        sent = row.integer(7) != 0
    }

    /// The new pin of a create (nil for the other operations).
    var pin: WirePin? { operation == .create ? JSONText.value(WirePin.self, body) : nil }

    /// The fields an update sets (nil for the other operations).
    var edit: WireEdit? { operation == .update ? JSONText.value(WireEdit.self, body) ?? WireEdit() : nil }

    /// The change as the sync batch carries it.
    var wire: WireChange {
        switch operation {
        // A body that cannot be read (never written so) goes without its pin: the server refuses it.
        case .create: WireChange(changeId: changeId, op: .create, pin: pin)
        case .update: .update(changeId: changeId, id: pinId, version: baseVersion, set: edit ?? WireEdit())
        case .delete: .delete(changeId: changeId, id: pinId, version: baseVersion)
        }
    }
}
