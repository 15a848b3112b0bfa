import Foundation

/// A pin made from another tool's comment, with what the pins format has no field for and an
/// import keeps (written as extra fields, which every pinrender command ignores; see
/// docs/INTERCHANGE.md).
public struct ImportedPin: Sendable, Equatable {
    /// The review state that resolved (or reopened) a thread: what, who and when.
    public struct ReviewState: Sendable, Equatable {
        public var state: String
        public var author: String
        public var date: Date?

        public init(state: String, author: String, date: Date?) {
            self.state = state
            self.author = author
            self.date = date
        }
    }

    public var pin: Pin
    /// The PDF annotation subtype when it is not a sticky note (`Square`, `Ink`...).
    public var subtype: String?
    /// When the comment was last modified (`/M`, `date`, `modified`).
    public var modified: Date?
    /// The thread's review state, on its root.
    public var reviewState: ReviewState?
    /// The text's language (a BCP 47 tag).
    public var language: String?

    public init(pin: Pin, subtype: String? = nil, modified: Date? = nil, reviewState: ReviewState? = nil,
                language: String? = nil) {
        self.pin = pin
        self.subtype = subtype
        self.modified = modified
        self.reviewState = reviewState
        self.language = language
    }
}
