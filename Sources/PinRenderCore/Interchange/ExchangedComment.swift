import Foundation

/// One comment as a PDF, an XFDF file or a W3C Web Annotation document holds it, before it is
/// a pin: what it says, where it is in the format's own terms, how it joins other comments,
/// and where it was read (for messages). ``CommentImport`` turns a document's comments into
/// pins.
public struct ExchangedComment: Sendable, Equatable {
    /// Where the comment is, as its format says it.
    public enum Placement: Sendable, Equatable {
        /// A rectangle in the PDF user space of its page (bottom-left origin, unrotated).
        case pageRect(CGRect)
        /// A rectangle of the displayed content in fractions of its size, top-left origin
        /// (W3C `xywh=percent:`).
        case normalizedRect(CGRect)
        /// A rectangle of the displayed content in its units (PDF points, image pixels),
        /// top-left origin (W3C `xywh=pixel:`, IIIF's PointSelector, an SvgSelector's shape).
        case contentRect(CGRect)
        /// None: a reply, a review state, or a comment on the whole document.
        case none
    }

    /// How a comment joins the one it names in ``inReplyTo``.
    public enum Link: Sendable, Equatable {
        /// A reply (PDF `/RT /R`, XFDF `replyType="reply"`, W3C `motivation: replying`).
        case reply
        /// Grouped with it (`/RT /Group`): a part of that comment, whose title, text and dates
        /// are the group's (PDF 32000 12.5.6.2), not a comment of its own.
        case group
    }

    /// A state set on the comment it names (PDF `/State` and `/StateModel`).
    public struct State: Sendable, Equatable {
        /// `Review` or `Marked`.
        public var model: String
        /// `Completed`, `Accepted`, `Rejected`, `Cancelled`, `None`; `Marked`, `Unmarked`.
        public var state: String

        public init(model: String, state: String) {
            self.model = model
            self.state = state
        }
    }

    /// How messages name the comment: `object 12 0`, `/xfdf/annots/text[3]`, `items[2]`.
    public var location: String
    /// Its own id (`/NM`, `name`, the annotation's IRI), or a stable one made from where it is.
    public var id: String
    /// The PDF annotation subtype (`Text`, `FreeText`, `Square`, `Ink`...); `Text` for a W3C annotation.
    public var subtype: String
    /// The 1-based page; nil when the format names none.
    public var page: Int?
    public var placement: Placement
    public var author: String
    /// A name to show instead of ``author`` (a W3C creator's name).
    public var authorName: String?
    public var text: String
    /// The text's language, as a BCP 47 tag (a W3C TextualBody's `language`).
    public var language: String?
    public var created: Date?
    public var modified: Date?
    /// The id of the comment this one replies to or is grouped with.
    public var inReplyTo: String?
    /// Where, in the same list of comments, the one ``inReplyTo`` names is, when the format
    /// names it exactly (a PDF's `/IRT` is an object): it stays the target when ids taken
    /// twice are renamed (PyMuPDF writes `/NM (fitz-A0)` on every page).
    public var inReplyToPosition: Int?
    public var link: Link
    public var state: State?
    /// Resolved, as the format says it outright (pinrender's `resolved` term in W3C).
    public var resolved: Bool?
    /// A voice comment's recording (a W3C `Sound` body).
    public var audio: Pin.Audio?
    /// The IRI of its authoritative copy (a W3C annotation's `canonical`).
    public var canonical: String?
    /// The IRI of the comment it was copied from: a W3C annotation's `id` when that is not one
    /// of pinrender's (the pin is a copy of it), else its `via`.
    public var via: String?

    /// Creates a comment; only where it was read and its id are needed.
    public init(location: String, id: String, subtype: String = "Text", page: Int? = nil, placement: Placement = .none,
                author: String = "", authorName: String? = nil, text: String = "", created: Date? = nil,
                modified: Date? = nil, inReplyTo: String? = nil, link: Link = .reply, state: State? = nil,
                resolved: Bool? = nil, audio: Pin.Audio? = nil) {
        self.location = location
        self.id = id
        self.subtype = subtype
        self.page = page
        self.placement = placement
        self.author = author
        self.authorName = authorName
        self.text = text
        self.created = created
        self.modified = modified
        self.inReplyTo = inReplyTo
        self.link = link
        self.state = state
        self.resolved = resolved
        self.audio = audio
    }
}
