import PinRenderCore

/// One change of an offline client's `POST /v1/sync` batch, decoded and validated; its
/// `changeId` (the client's) makes applying it idempotent.
struct SyncChange {
    enum Action {
        case create(Pin)
        /// The pin with its new fields, and the version the client edited.
        case update(Pin, version: Int)
        case delete(version: Int?)
        /// Refused before reaching the store: an unknown pin, a bad field.
        case refuse(StoreError)
    }

    var changeId: String
    var contentId: String
    var pinId: String
    /// Where it is in the batch, for messages: `changes[3]`.
    var location: String
    var action: Action
}

/// What became of one change of a batch: applied, or refused with the reason (the message an
/// error answer would carry). `replayed` when the changeId was seen before and this is the
/// outcome recorded then.
struct SyncOutcome: Encodable {
    var changeId: String
    var pinId: String
    var applied: Bool
    var reason: String?
    var replayed: Bool

    /// The outcome on the wire: an item of the answer's `results`.
    var wire: WireSyncResult {
        WireSyncResult(changeId: changeId, pinId: pinId, status: applied ? .applied : .refused, reason: reason, replayed: replayed)
    }

    /// Written as ``wire``.
    func encode(to encoder: Encoder) throws {
        try wire.encode(to: encoder)
    }
}
