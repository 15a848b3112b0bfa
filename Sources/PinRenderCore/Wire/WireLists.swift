/// The live pins of a content (the OpenAPI document's `PinList`, the answer of `GET
/// .../pins`) and the cursor to ask for the changes after them.
public struct WirePinList: Codable, Sendable, Equatable {
    public var contentId: String
    public var cursor: Int
    public var pins: [WirePin]

    public init(contentId: String, cursor: Int, pins: [WirePin]) {
        self.contentId = contentId
        self.cursor = cursor
        self.pins = pins
    }
}

/// The changes of a content after a cursor (the OpenAPI document's `ChangeList`, the answer
/// of `GET .../changes`): each pin as it now is, tombstones included.
public struct WireChangeList: Codable, Sendable, Equatable {
    public var contentId: String
    public var cursor: Int
    /// More changes wait after ``cursor``: ask again.
    public var more: Bool
    public var changes: [WirePin]

    public init(contentId: String, cursor: Int, more: Bool, changes: [WirePin]) {
        self.contentId = contentId
        self.cursor = cursor
        self.more = more
        self.changes = changes
    }
}
