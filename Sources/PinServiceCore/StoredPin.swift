import Foundation
import PinRenderCore

/// A pin as the service stores it: the app's fields (``pin``) plus the server's: its own
/// ``version`` (1 when created, one more at each edit), when it last changed, and the
/// global change sequence number of that change. A deleted pin stays as a tombstone.
public struct StoredPin: Sendable, Equatable {
    public var pin: Pin
    public var version: Int
    /// ISO 8601, UTC, milliseconds.
    public var updatedAt: String
    /// The store-wide change sequence number of the pin's last change.
    public var seq: Int
    public var deleted: Bool

    public init(pin: Pin, version: Int, updatedAt: String, seq: Int, deleted: Bool) {
        self.pin = pin
        self.version = version
        self.updatedAt = updatedAt
        self.seq = seq
        self.deleted = deleted
    }
}

extension StoredPin: Encodable {
    /// The pin on the wire: the app's fields and the server's; a tombstone has only its id,
    /// contentId, parentId and the server's fields, with `"deleted": true`.
    public var wire: WirePin {
        WirePin(pin, version: version, updatedAt: updatedAt, seq: seq, deleted: deleted)
    }

    /// Written as ``wire``.
    public func encode(to encoder: Encoder) throws {
        try wire.encode(to: encoder)
    }
}
