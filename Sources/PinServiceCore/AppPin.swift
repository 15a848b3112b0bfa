import Foundation
import PinRenderCore

/// A pin as the apps' JSON has it (the brief's pin model): what the store keeps, what the
/// API answers, and what ``PinDecoder`` reads back, so the CLI renders the same pins.
///
///     let data = try JSONEncoder().encode(AppPin(pin: pin))
public struct AppPin: Encodable {
    public var pin: Pin

    public init(pin: Pin) {
        self.pin = pin
    }

    private enum Key: String, CodingKey {
        case id, contentId, page, relativeX, relativeY, authorId, authorName, createdAt, text, resolved, parentId,
             number, kind, audio
    }

    private struct Audio: Encodable {
        var url: String
        var durationMs: Int
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try Identity(pin: pin).encode(to: encoder)
        try container.encode(pin.page, forKey: .page)
        try container.encodeIfPresent(pin.relativeX, forKey: .relativeX)
        try container.encodeIfPresent(pin.relativeY, forKey: .relativeY)
        try container.encode(pin.authorId, forKey: .authorId)
        try container.encodeIfPresent(pin.authorName, forKey: .authorName)
        try container.encode(Self.timestamp(pin.createdAt), forKey: .createdAt)
        try container.encode(pin.text, forKey: .text)
        try container.encode(pin.resolved, forKey: .resolved)
        try container.encodeIfPresent(pin.number, forKey: .number)
        try container.encode(pin.kind.rawValue, forKey: .kind)
        try container.encodeIfPresent(pin.audio.map { Audio(url: $0.url, durationMs: $0.durationMs) }, forKey: .audio)
    }

    /// What names a pin, a tombstone's fields: id, contentId, parentId (null for a root).
    public struct Identity: Encodable {
        public var pin: Pin

        public init(pin: Pin) {
            self.pin = pin
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(pin.id, forKey: .id)
            try container.encode(pin.contentId, forKey: .contentId)
            if let parent = pin.parentId {
                try container.encode(parent, forKey: .parentId)
            } else {
                try container.encodeNil(forKey: .parentId)
            }
        }
    }

    /// ISO 8601 in UTC, with milliseconds only when the time has a fraction of a second.
    public static func timestamp(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }
}
