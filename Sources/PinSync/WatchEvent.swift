import PinRenderCore

/// What a watch of the service's events saw (``StoreEvent/watch(_:)``).
public enum WatchEvent: Sendable, Equatable {
    /// Connected: the changes after the store's cursor were replayed and applied, live
    /// changes follow.
    case connected(contentId: String, cursor: Int)
    /// A change from the server, applied to the store.
    case change(ServerChange)
    /// The server closed the connection because the client fell behind (close code 4000):
    /// the changes since the cursor were taken from the changes endpoint instead.
    case resynced(contentId: String, pulled: Int, cursor: Int)
    /// The connection failed, was cut, closed or went silent; the next try starts after
    /// `retryIn` seconds.
    case disconnected(contentId: String, reason: String, retryIn: Double)
}

/// One pin change from the service's events: the event's type, its sequence number, the
/// pin as it now is.
public struct ServerChange: Sendable, Equatable {
    /// `pin.created`, `pin.updated`, `pin.resolved` or `pin.deleted`.
    public var type: String
    public var seq: Int
    public var contentId: String
    public var pinId: String
    /// The root of a reply.
    public var parentId: String?
    public var authorId: String?
    /// The comment; nil for a deleted pin.
    public var text: String?
    public var resolved: Bool
    public var version: Int

    /// The change of an event's `pin` object.
    init(type: String, seq: Int, contentId: String, pin: WirePin) {
        (self.type, self.seq, self.contentId) = (type, seq, contentId)
        pinId = pin.id
        parentId = pin.parentId
        authorId = pin.authorId
        text = pin.text
        resolved = pin.resolved ?? false
        version = pin.version ?? 0
    }
}
