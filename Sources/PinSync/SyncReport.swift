/// A queued change the server did not take: refused (a bad field, no permission), or
/// beaten by another client's change to the same pin (a conflict: the server's state won).
/// Either way it was rolled back locally, and is reported here, never dropped silently.
public struct SyncProblem: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case refused, conflict
    }

    public var kind: Kind
    public var changeId: String
    public var contentId: String
    public var pinId: String
    /// What the change was: `create`, `update`, `delete`.
    public var operation: String
    /// What the change carried, as JSON (the new pin, or the fields set).
    public var fields: String
    /// The server's words.
    public var reason: String

    public init(kind: Kind, changeId: String, contentId: String, pinId: String, operation: String, fields: String, reason: String) {
        self.kind = kind
        self.changeId = changeId
        self.contentId = contentId
        self.pinId = pinId
        self.operation = operation
        self.fields = fields
        self.reason = reason
    }
}

/// What one ``PinSyncStore/sync(_:)`` of a content did.
public struct SyncReport: Sendable, Equatable {
    public var contentId: String
    /// Queued changes the server applied (or had applied from an earlier, unanswered try).
    public var applied = 0
    /// Changes refused or lost to a conflict, rolled back.
    public var problems: [SyncProblem] = []
    /// Pins and tombstones taken from the server.
    public var pulled = 0
    /// The server's change sequence number the store has now seen.
    public var cursor = 0
    /// Requests sent, retries included.
    public var requests = 0

    public init(contentId: String) {
        self.contentId = contentId
    }
}

/// What changed in a store, for an app or the command line to redraw.
public enum StoreEvent: Sendable, Equatable {
    /// The shown state of these pins changed: a local change, a pull, a rollback.
    case pinsChanged(contentId: String, pinIds: [String])
    /// A queued change was refused or lost a conflict, and rolled back.
    case problem(SyncProblem)
    /// A sync of a content finished.
    case synced(SyncReport)
    /// What ``PinSyncStore/watch(_:with:idleTimeout:)`` saw: a server change it applied (the
    /// change's ``pinsChanged(contentId:pinIds:)`` comes first), the connection's state.
    case watch(WatchEvent)
}
