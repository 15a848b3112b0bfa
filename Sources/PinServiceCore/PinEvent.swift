import Foundation

/// One message of the events WebSocket, as JSON text:
/// `{"type": "pin.created", "seq": 12, "contentId": "plan", "pin": {...}}`.
///
/// Types: `pin.created`, `pin.updated`, `pin.resolved` (an edit that resolved it),
/// `pin.deleted` (the pin is a tombstone); `ready` after the replay (`cursor`: the last
/// sequence number replayed, or the one asked for); `heartbeat` every few seconds
/// (`cursor`: the store's last sequence number). A client keeps the last `seq` it saw and
/// reconnects with `?since=` it.
public struct PinEvent: Encodable {
    public var type: String
    public var seq: Int?
    public var contentId: String
    public var pin: StoredPin?
    public var cursor: Int?

    /// The event of a pin's change; `previous` is the pin before it (nil: unknown, as in a
    /// replay, where a pin's first version is its creation).
    public init(_ stored: StoredPin, previous: StoredPin? = nil) {
        self.init(stored, type: Self.type(of: stored, previous: previous))
    }

    /// The event of a pin's change of a known type (one of the pin types above).
    public init(_ stored: StoredPin, type: String) {
        self.type = type
        seq = stored.seq
        contentId = stored.pin.contentId
        pin = stored
    }

    /// The event of a change read back from the store, with the type its writer recorded
    /// (nil in rows older than that: taken from the pin, as in ``init(_:previous:)``).
    public init(_ stored: StoredPin, recorded type: String?) {
        self.init(stored, type: type ?? Self.type(of: stored, previous: nil))
    }

    /// A message without a pin: `ready`, `heartbeat`.
    public init(type: String, contentId: String, cursor: Int) {
        self.type = type
        self.contentId = contentId
        self.cursor = cursor
    }

    /// The type of a pin's change from the pin before it (nil: unknown, as in a replay,
    /// where a pin's first version is its creation).
    public static func type(of stored: StoredPin, previous: StoredPin?) -> String {
        if stored.deleted {
            "pin.deleted"
        } else if stored.version == 1 {
            "pin.created"
        } else if let previous, stored.pin.resolved, !previous.pin.resolved {
            "pin.resolved"
        } else {
            "pin.updated"
        }
    }

    public var text: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }
}
