import PinRenderCore

/// One change of an offline client's `POST /v1/sync` batch, decoded and validated; its
/// `changeId` (the client's) makes applying it idempotent.
public struct SyncChange: Sendable {
    public enum Action: Sendable {
        case create(Pin)
        /// The pin with its new fields, and the version the client edited.
        case update(Pin, version: Int)
        case delete(version: Int?)
        /// Refused before reaching the store: an unknown pin, a bad field.
        case refuse(ReviewError)
    }

    public var changeId: String
    public var contentId: String
    public var pinId: String
    /// Where it is in the batch, for messages: `changes[3]`.
    public var location: String
    public var action: Action

    public init(changeId: String, contentId: String, pinId: String, location: String, action: Action) {
        self.changeId = changeId
        self.contentId = contentId
        self.pinId = pinId
        self.location = location
        self.action = action
    }
}

/// What became of one change of a batch: applied, or refused with the reason (the message an
/// error answer would carry). `replayed` when the changeId was seen before and this is the
/// outcome recorded then.
public struct SyncOutcome: Sendable, Equatable {
    public var changeId: String
    public var pinId: String
    public var applied: Bool
    public var reason: String?
    public var replayed: Bool

    /// The outcome on the wire: an item of the answer's `results`.
    public var wire: WireSyncResult {
        WireSyncResult(changeId: changeId, pinId: pinId, status: applied ? .applied : .refused, reason: reason, replayed: replayed)
    }
}
