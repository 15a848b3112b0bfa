import PinRenderCore

/// An offline client's batch of changes to one content (`POST /v1/sync`), each read on its
/// own: a change the store must refuse (an unknown or deleted pin, a bad field) is recorded
/// as refused under its changeId, so that the batch can be sent again whole.
public struct SyncBatch: Sendable {
    /// One change, by the client's id of it.
    public struct Change: Sendable {
        public enum Operation: Sendable {
            case create(Pin)
            /// An edit of a pin; its failure to be read is told after the pin is found.
            case update(pinId: String, Result<PinEdit, InputError>)
            /// A delete of a pin (and a root's replies) at a version.
            case delete(pinId: String, version: Result<Int, InputError>)
            /// A change that cannot be read (a field missing or wrong).
            case refuse(pinId: String, InputError)
        }

        public var changeId: String
        /// Where it is in the batch, for messages: `changes[3]`.
        public var location: String
        public var operation: Operation

        public init(changeId: String, location: String, operation: Operation) {
            self.changeId = changeId
            self.location = location
            self.operation = operation
        }

        /// The pin the change is about ("" when it names none).
        public var pinId: String {
            switch operation {
            case .create(let pin): pin.id
            case .update(let id, _), .delete(let id, _), .refuse(let id, _): id
            }
        }
    }

    public var contentId: String
    /// The client's last change seen: the answer carries the changes after it.
    public var cursor: Int
    public var changes: [Change]

    public init(contentId: String, cursor: Int, changes: [Change]) {
        self.contentId = contentId
        self.cursor = cursor
        self.changes = changes
    }
}
