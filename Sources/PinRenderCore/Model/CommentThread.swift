/// A root pin, the number shown on it, and its replies in (createdAt, id) order.
public struct CommentThread: Sendable, Equatable {
    public var root: Pin
    public var number: Int
    public var replies: [Pin]

    public init(root: Pin, number: Int, replies: [Pin] = []) {
        self.root = root
        self.number = number
        self.replies = replies
    }

    /// The pin's id (the root's).
    public var id: String { root.id }
}
