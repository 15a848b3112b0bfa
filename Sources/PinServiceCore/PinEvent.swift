import Foundation
import PinRenderCore

/// One message of the events WebSocket (``WireEvent``, whose comment lists the types), made
/// from the store's pins, and its JSON text.
public struct PinEvent: Sendable {
    public var wire: WireEvent

    /// The change's sequence number; nil for `ready` and `heartbeat`.
    public var seq: Int? { wire.seq }
    public var contentId: String { wire.contentId }

    /// The event of a pin's change; `previous` is the pin before it (nil: unknown, as in a
    /// replay, where a pin's first version is its creation).
    public init(_ stored: StoredPin, previous: StoredPin? = nil) {
        self.init(stored, type: Self.type(of: stored, previous: previous))
    }

    /// The event of a pin's change of a known type (one of the pin types).
    public init(_ stored: StoredPin, type: String) {
        wire = WireEvent(type: type, seq: stored.seq, contentId: stored.pin.contentId, pin: stored.wire)
    }

    /// The event of a change read back from the store, with the type its writer recorded
    /// (nil in rows older than that: taken from the pin, as in ``init(_:previous:)``).
    public init(_ stored: StoredPin, recorded type: String?) {
        self.init(stored, type: type ?? Self.type(of: stored, previous: nil))
    }

    /// A message without a pin: `ready`, `heartbeat`.
    public init(type: String, contentId: String, cursor: Int) {
        wire = WireEvent(type: type, contentId: contentId, cursor: cursor)
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
        } else if let previous, let carry = stored.pin.carry, carry != previous.pin.carry,
                  (stored.pin.page, stored.pin.relativeX, stored.pin.relativeY) != (previous.pin.page, previous.pin.relativeX, previous.pin.relativeY) {
            "pin.moved"
        } else {
            "pin.updated"
        }
    }

    public var text: String {
        String(decoding: (try? JSONEncoder().encode(wire)) ?? Data(), as: UTF8.self)
    }
}
