import Foundation

/// The PDF objects a review export writes for one thread, in PDF page space, in the order
/// they are written: its comments (the root, its replies, the review state of a resolved
/// one), the named destinations of the pin and of its summary entry, and the links between
/// them.
public struct ReviewThread: Sendable, Equatable, Codable {
    /// One PDF Text annotation with its popup.
    public struct Comment: Sendable, Equatable, Codable {
        /// `/NM`.
        public var id: String
        /// `/T`.
        public var author: String
        /// `/Contents`.
        public var contents: String
        /// PDF date strings (`D:...`): `/CreationDate` and `/M`.
        public var created: String
        public var modified: String
        /// `/C`: the marker's fill, open or resolved.
        public var color: Color
        /// Whether it replies to the thread's first comment (`/IRT`, `/RT /R`).
        public var isReply: Bool
        /// A review state: the last reply of a resolved thread.
        public var state: State?
    }

    /// A review state (`/State`, such as `Completed`) in its model (`/StateModel`, such as `Review`).
    public struct State: Sendable, Equatable, Codable {
        public var state: String
        public var model: String
    }

    /// A named destination: a point of a page, shown at the current zoom.
    public struct Destination: Sendable, Equatable, Codable {
        public var name: String
        public var page: Int
        public var point: Point
    }

    /// A link over `rect` of `page` to the destination named `to`.
    public struct Link: Sendable, Equatable, Codable {
        public var page: Int
        public var rect: Rect
        public var to: String
    }

    public var threadId: String
    /// The export's page (1-based) the comments are on.
    public var page: Int
    /// Every comment's /Rect (the ``CommentAnnotation``'s) and its popup's.
    public var rect: Rect
    public var popup: Rect
    public var comments: [Comment]
    public var destinations: [Destination]
    public var links: [Link]

    /// The objects of `thread`, the `number`th of the export's threads (from 1), whose
    /// comments go where `annotation` says, coloured as `theme` fills its marker.
    public static func plan(_ thread: CommentThread, number: Int, annotation: CommentAnnotation,
                            theme: Theme) -> ReviewThread {
        let color = thread.root.resolved ? theme.resolvedFill : theme.markerFill
        func comment(_ pin: Pin, isReply: Bool) -> Comment {
            Comment(id: pin.id, author: pin.displayAuthor, contents: pin.text, created: PDFDate.string(pin.createdAt),
                    modified: PDFDate.string(pin.createdAt), color: color, isReply: isReply, state: nil)
        }
        var comments = [comment(thread.root, isReply: false)] + thread.replies.map { comment($0, isReply: true) }
        if thread.root.resolved {
            let last = PDFDate.string(([thread.root] + thread.replies).map(\.createdAt).max()!)
            comments.append(Comment(id: thread.id + "-resolved", author: thread.root.displayAuthor, contents: "Resolved",
                                    created: last, modified: last, color: color, isReply: true,
                                    state: State(state: "Completed", model: "Review")))
        }
        // Pin and summary entry link to each other.
        let pinName = "pinrender-pin-\(number)", entryName = "pinrender-summary-\(number)"
        var destinations = [Destination(name: pinName, page: annotation.page, point: annotation.destination)]
        var links: [Link] = []
        if let entry = annotation.entry {
            destinations.append(Destination(name: entryName, page: entry.page, point: entry.destination))
            links = [Link(page: annotation.page, rect: annotation.marker, to: entryName),
                     Link(page: entry.page, rect: entry.rect, to: pinName)]
        }
        return ReviewThread(threadId: thread.id, page: annotation.page, rect: annotation.rect, popup: annotation.popup,
                            comments: comments, destinations: destinations, links: links)
    }
}
