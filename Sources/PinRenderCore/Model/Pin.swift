import Foundation

/// One comment as the mobile apps store it: a root pin at a point of the content, or a reply
/// in a root's thread. Field names follow the apps' JSON (see the brief).
public struct Pin: Sendable, Equatable {
    /// A voice comment's recording.
    public struct Audio: Sendable, Equatable {
        public var url: String
        public var durationMs: Int
        public init(url: String, durationMs: Int) {
            self.url = url
            self.durationMs = durationMs
        }
    }

    /// What kind of comment this is.
    public enum Kind: String, Sendable {
        case text, voice
    }

    public var id: String
    public var contentId: String
    /// 1-based page; replies carry their root's page once threads are built.
    public var page: Int
    /// The pin's point, normalized to the displayed content, top-left origin; nil for replies.
    public var relativeX: Double?
    public var relativeY: Double?
    public var authorId: String
    public var authorName: String?
    public var createdAt: Date
    public var text: String
    public var resolved: Bool
    public var parentId: String?
    /// The number the app shows on the pin, when it has one.
    public var number: Int?
    public var kind: Kind
    public var audio: Audio?
    /// What carrying it to the content's latest revision said of it (roots only; nil when
    /// never carried or accepted since).
    public var carry: PinCarry?
    /// The IRI of the comment's authoritative copy, kept as the client or file gave it (a W3C
    /// annotation's `canonical`, which the protocol says a server never changes); nil for none.
    public var canonical: String?
    /// The IRI of the comment this one was copied from (a W3C annotation's `via`: the `id` it
    /// had elsewhere); nil for none.
    public var via: String?

    /// Creates a pin; replies leave `relativeX`/`relativeY` nil and name a `parentId`.
    public init(id: String, contentId: String = "", page: Int = 1,
                relativeX: Double? = nil, relativeY: Double? = nil,
                authorId: String = "", authorName: String? = nil,
                createdAt: Date = Date(timeIntervalSince1970: 0), text: String = "",
                resolved: Bool = false, parentId: String? = nil, number: Int? = nil,
                kind: Kind = .text, audio: Audio? = nil, carry: PinCarry? = nil,
                canonical: String? = nil, via: String? = nil) {
        self.id = id
        self.contentId = contentId
        self.page = page
        self.relativeX = relativeX
        self.relativeY = relativeY
        self.authorId = authorId
        self.authorName = authorName
        self.createdAt = createdAt
        self.text = text
        self.resolved = resolved
        self.parentId = parentId
        self.number = number
        self.kind = kind
        self.audio = audio
        self.carry = carry
        self.canonical = canonical
        self.via = via
    }

    /// True for a root comment (one that has a point of its own).
    public var isRoot: Bool { parentId == nil }

    /// The name to show for the author.
    public var displayAuthor: String {
        if let name = authorName, !name.isEmpty { return name }
        return authorId
    }

    /// The pin's point as normalized coordinates (roots only).
    public var normalizedPoint: CGPoint? {
        guard let x = relativeX, let y = relativeY else { return nil }
        return CGPoint(x: x, y: y)
    }

    /// Makes this pin a reply to `parent`, as the apps do: in the thread of `parent`'s root,
    /// one level deep (a reply to a reply belongs to the same root), placed there
    /// (``place(under:)``). The one place of that rule: the service's store and the sync
    /// client call it with the parent a reply names.
    ///
    ///     var reply = Pin(id: "r2", parentId: "r1")
    ///     reply.join(r1)  // reply.parentId is r1's root
    public mutating func join(_ parent: Pin) {
        parentId = parent.parentId ?? parent.id
        place(under: parent)
    }

    /// Places this reply in the thread of `root` (or of a reply of it): on its page, with no
    /// point of its own. ``ThreadBuilder`` places each reply under the root it found.
    public mutating func place(under root: Pin) {
        page = root.page
        relativeX = nil
        relativeY = nil
    }
}

extension Pin {
    /// Orders comments by creation time, then id, as the threads and numbering do.
    static func chronological(_ a: Pin, _ b: Pin) -> Bool {
        a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id
    }
}
