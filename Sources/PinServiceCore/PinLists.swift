/// The live pins of a content and the cursor to ask for changes after them.
public struct PinList: Sendable, Equatable, Encodable {
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
}

/// The pins and tombstones of a content changed after a cursor, each once as it is now,
/// oldest change first, and the cursor after them.
public struct ChangeList: Sendable, Equatable, Encodable {
    public var contentId: String
    public var cursor: Int
    /// More changes wait after ``cursor``: ask again.
    public var more: Bool
    public var changes: [StoredPin]
    /// The type of each change's event (`pin.resolved`; not in the JSON): nil in rows older
    /// than the record of it.
    public var events: [String?]

    private enum CodingKeys: String, CodingKey {
        case contentId, cursor, more, changes
    }
}

/// What a sync batch answers: each change's outcome, in order, and the server's changes
/// after the client's cursor (its own applied ones among them).
public struct SyncAnswer: Sendable, Equatable, Encodable {
    public var results: [SyncOutcome]
    public var contentId: String
    public var cursor: Int
    public var more: Bool
    public var changes: [StoredPin]
}

/// A committed change of pins (the tombstones of a root and its replies, for a delete)
/// and the pin before it, for its event's type.
public struct CommittedChange: Sendable, Equatable {
    public var pins: [StoredPin]
    public var previous: StoredPin?
}
