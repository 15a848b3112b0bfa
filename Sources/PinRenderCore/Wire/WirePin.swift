import Foundation

/// A pin as the service and its clients send it: the apps' fields (the brief's pin model)
/// and, once the service keeps it, the server's (`version`, `updatedAt`, `seq`, `deleted`).
/// The OpenAPI document's `StoredPin` (every field) and `PinInput` (the apps' fields) describe
/// it; `WireSchemaTests` checks that they agree.
///
/// Field rules: `parentId` is always written, `null` for a root; a reply has no point of its
/// own (`relativeX`, `relativeY` absent); a tombstone (a deleted pin) has only `id`,
/// `contentId`, `parentId` and the server's fields, with `"deleted": true` (absent otherwise).
/// What a field may hold is ``PinDecoder``'s to say: a `WirePin` is read back into a ``Pin``
/// through it.
///
///     let json = try JSONEncoder().encode(WirePin(pin))
public struct WirePin: Codable, Sendable, Equatable {
    public var id: String
    public var contentId: String
    /// The root's id for a reply; nil (`null`) for a root.
    public var parentId: String?
    public var page: Int?
    public var relativeX: Double?
    public var relativeY: Double?
    public var authorId: String?
    public var authorName: String?
    /// ISO 8601 (``timestamp(_:)``).
    public var createdAt: String?
    public var text: String?
    public var resolved: Bool?
    public var number: Int?
    /// `text` or `voice`.
    public var kind: String?
    public var audio: WireAudio?
    /// What carrying it to the content's latest revision said of it (a root's; absent when
    /// never carried or accepted since).
    public var carry: PinCarry?
    /// The IRI of its authoritative copy (``Pin/canonical``); absent when none.
    public var canonical: String?
    /// The IRI of the comment it was copied from (``Pin/via``); absent when none.
    public var via: String?
    /// The server's version of the pin: 1 when created, one more at each change.
    public var version: Int?
    /// When the server last changed it, ISO 8601 in UTC with milliseconds.
    public var updatedAt: String?
    /// The service-wide change sequence number of its last change.
    public var seq: Int?
    /// True for a tombstone; nil (absent) for a live pin.
    public var deleted: Bool?

    /// A pin's fields as the apps write them (no server fields).
    public init(_ pin: Pin) {
        id = pin.id
        contentId = pin.contentId
        parentId = pin.parentId
        page = pin.page
        relativeX = pin.relativeX
        relativeY = pin.relativeY
        authorId = pin.authorId
        authorName = pin.authorName
        createdAt = Self.timestamp(pin.createdAt)
        text = pin.text
        resolved = pin.resolved
        number = pin.number
        kind = pin.kind.rawValue
        audio = pin.audio.map { WireAudio(url: $0.url, durationMs: $0.durationMs) }
        carry = pin.carry
        canonical = pin.canonical
        via = pin.via
    }

    /// What names a pin, all a tombstone keeps of the apps' fields: id, contentId, parentId.
    public init(identifying pin: Pin) {
        id = pin.id
        contentId = pin.contentId
        parentId = pin.parentId
    }

    /// The pin with the server's fields; a tombstone when `deleted`.
    public init(_ pin: Pin, version: Int, updatedAt: String, seq: Int, deleted: Bool) {
        self = deleted ? WirePin(identifying: pin) : WirePin(pin)
        self.version = version
        self.updatedAt = updatedAt
        self.seq = seq
        self.deleted = deleted ? true : nil
    }

    /// The apps' fields alone, the server's left out (what a client keeps as a pin's body).
    public var appFields: WirePin {
        var fields = self
        (fields.version, fields.updatedAt, fields.seq, fields.deleted) = (nil, nil, nil, nil)
        return fields
    }

    /// True for a root comment (`parentId` null).
    public var isRoot: Bool { parentId == nil }

    /// ISO 8601 in UTC, with milliseconds only when the time has a fraction of a second.
    public static func timestamp(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: !whole))
    }

    private enum CodingKeys: String, CodingKey {
        case id, contentId, parentId, page, relativeX, relativeY, authorId, authorName, createdAt, text, resolved,
             number, kind, audio, carry, canonical, via, version, updatedAt, seq, deleted
    }

    /// Writes `parentId` always (`null` for a root), the other fields when present.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(contentId, forKey: .contentId)
        try container.encode(parentId, forKey: .parentId)
        try container.encodeIfPresent(page, forKey: .page)
        try container.encodeIfPresent(relativeX, forKey: .relativeX)
        try container.encodeIfPresent(relativeY, forKey: .relativeY)
        try container.encodeIfPresent(authorId, forKey: .authorId)
        try container.encodeIfPresent(authorName, forKey: .authorName)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encodeIfPresent(resolved, forKey: .resolved)
        try container.encodeIfPresent(number, forKey: .number)
        try container.encodeIfPresent(kind, forKey: .kind)
        try container.encodeIfPresent(audio, forKey: .audio)
        try container.encodeIfPresent(carry, forKey: .carry)
        try container.encodeIfPresent(canonical, forKey: .canonical)
        try container.encodeIfPresent(via, forKey: .via)
        try container.encodeIfPresent(version, forKey: .version)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        try container.encodeIfPresent(seq, forKey: .seq)
        try container.encodeIfPresent(deleted, forKey: .deleted)
    }
}

/// A voice comment's recording on the wire: `{"url", "durationMs"}`.
public struct WireAudio: Codable, Sendable, Equatable {
    public var url: String
    public var durationMs: Int

    public init(url: String, durationMs: Int) {
        self.url = url
        self.durationMs = durationMs
    }
}
