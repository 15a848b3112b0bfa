/// One message of the events WebSocket (the OpenAPI document's `Event`):
/// `{"type": "pin.created", "seq": 12, "contentId": "plan", "pin": {...}}`.
///
/// Types: `pin.created`, `pin.updated`, `pin.resolved` (an edit that resolved it),
/// `pin.moved` (a new revision of the content moved it: the pin's `carry` says how),
/// `pin.deleted` (the pin is a tombstone), each with the change's `seq` and the `pin` as it
/// now is; `ready` after the replay (`cursor`: the last sequence number replayed, or the
/// one asked for); `heartbeat` every few seconds (`cursor`: the store's last sequence
/// number). A client keeps the last `seq` it saw and reconnects with `?since=` it.
public struct WireEvent: Codable, Sendable, Equatable {
    public var type: String
    public var seq: Int?
    public var contentId: String
    public var pin: WirePin?
    public var cursor: Int?

    /// A pin's change of `type` (one of the `pin.` types).
    public init(type: String, seq: Int, contentId: String, pin: WirePin) {
        self.type = type
        self.seq = seq
        self.contentId = contentId
        self.pin = pin
    }

    /// A message without a pin: `ready`, `heartbeat`.
    public init(type: String, contentId: String, cursor: Int) {
        self.type = type
        self.contentId = contentId
        self.cursor = cursor
    }

    /// True for the change of a pin (`pin.created`... `pin.deleted`).
    public var isPinChange: Bool { type.hasPrefix("pin.") }
}
