import Foundation

/// Why the sync client could not do what it was asked. A change the server refuses is not
/// an error: it is rolled back and reported in the ``SyncReport``.
public enum PinSyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store file could not be read or written.
    case storage(String)
    /// No live pin with that id in the store.
    case unknownPin(String)
    /// The store holds no content, or several and none was named.
    case whichContent([String])
    /// The server could not be reached, or kept failing, after every retry; nothing was
    /// lost, the changes stay queued.
    case unreachable(server: String, reason: String, queued: Int)
    /// The server refused a request the client cannot retry (a pull with a bad token).
    case refused(server: String, status: Int, message: String)

    public var description: String {
        switch self {
        case .storage(let reason): "store: \(reason)"
        case .unknownPin(let id): "no pin \"\(id)\" in the store (see pinrender pins list)"
        case .whichContent(let ids) where ids.isEmpty: "the store holds no content yet: name one with --content ID"
        case .whichContent(let ids): "the store holds several contents (\(ids.joined(separator: ", "))): name one with --content ID"
        case .unreachable(let server, let reason, let queued):
            "cannot reach \(server): \(reason); \(queued) change\(queued == 1 ? "" : "s") stay queued, sync again later"
        case .refused(let server, let status, let message): "\(server) answered \(status): \(message)"
        }
    }
}
