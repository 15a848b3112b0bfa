import Foundation
import PinRenderCore

extension LayoutFile {
    /// What a PDF review export writes besides its pages' scenes and bookmarks: the comment
    /// summary's pages and each thread's PDF comments, so that `draw` writes the same file.
    ///
    ///     file.review?.threads.first?.root.text // "Entrance door swings into the corridor"
    public struct Review: Codable, Sendable, Equatable {
        /// The summary's pages, after the document's.
        public var summary: [Scene]
        /// The threads exported, in the summary's order (which names their destinations).
        public var threads: [Thread]

        /// - Parameters:
        ///   - summary: the summary's pages.
        ///   - threads: the threads exported, in order.
        public init(summary: [Scene], threads: [Thread]) {
            self.summary = summary
            self.threads = threads
        }
    }

    /// A thread as its PDF comments show it: the root, its replies, whether it is resolved,
    /// and the comments' color.
    public struct Thread: Codable, Sendable, Equatable {
        /// One comment: a root or a reply.
        public struct Comment: Codable, Sendable, Equatable {
            public var id: String
            /// The name shown (the author's name, else their id).
            public var author: String
            public var text: String
            public var createdAt: Date

            /// The comment of `pin`.
            init(_ pin: Pin) {
                (id, author, text, createdAt) = (pin.id, pin.displayAuthor, pin.text, pin.createdAt)
            }
        }

        public var root: Comment
        public var replies: [Comment]
        public var resolved: Bool
        /// The comments' color: the marker's fill for the thread's state.
        public var color: Color

        /// `thread` in `color`.
        init(_ thread: CommentThread, color: Color) {
            root = Comment(thread.root)
            replies = thread.replies.map(Comment.init)
            resolved = thread.root.resolved
            self.color = color
        }

        /// The thread's id (its root's).
        public var id: String { root.id }
    }
}
