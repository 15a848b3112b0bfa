/// Which threads an export includes (`--include`).
public enum CommentFilter: String, Sendable, CaseIterable {
    case open, resolved, all

    /// Whether a thread passes.
    public func includes(_ thread: CommentThread) -> Bool {
        switch self {
        case .all: return true
        case .open: return !thread.root.resolved
        case .resolved: return thread.root.resolved
        }
    }
}
