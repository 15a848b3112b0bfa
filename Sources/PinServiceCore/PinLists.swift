import PinRenderCore

/// The live pins of a content and the cursor to ask for changes after them.
public struct PinList: Sendable, Equatable {
    public var contentId: String
    /// The store's last change when the pins were read: changes after it come in
    /// ``ReviewService/changes(of:since:limit:)``.
    public var cursor: Int
    public var pins: [StoredPin]

    public init(contentId: String, cursor: Int, pins: [StoredPin]) {
        self.contentId = contentId
        self.cursor = cursor
        self.pins = pins
    }

    /// The list on the wire.
    public var wire: WirePinList {
        WirePinList(contentId: contentId, cursor: cursor, pins: pins.map(\.wire))
    }
}

/// The pins and tombstones of a content changed after a cursor, each once as it is now,
/// oldest change first, and the cursor after them.
public struct ChangeList: Sendable, Equatable {
    public var contentId: String
    public var cursor: Int
    /// More changes wait after ``cursor``: ask again.
    public var more: Bool
    public var changes: [StoredPin]
    /// The type of each change's event (`pin.resolved`; not in the JSON): nil in rows older
    /// than the record of it.
    public var events: [String?]

    /// The list on the wire (without the events' types).
    public var wire: WireChangeList {
        WireChangeList(contentId: contentId, cursor: cursor, more: more, changes: changes.map(\.wire))
    }
}

/// What a sync batch answers: each change's outcome, in order, and the server's changes
/// after the client's cursor (its own applied ones among them).
public struct SyncAnswer: Sendable, Equatable {
    public var results: [SyncOutcome]
    public var contentId: String
    public var cursor: Int
    public var more: Bool
    public var changes: [StoredPin]

    /// The answer on the wire.
    public var wire: WireSyncAnswer {
        WireSyncAnswer(results: results.map(\.wire), contentId: contentId, cursor: cursor, more: more, changes: changes.map(\.wire))
    }
}

/// A committed change of pins (the tombstones of a root and its replies, for a delete)
/// and the pin before it, for its event's type.
public struct CommittedChange: Sendable, Equatable {
    public var pins: [StoredPin]
    public var previous: StoredPin?
}
