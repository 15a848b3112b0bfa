import PinRenderCore

/// Why an operation of ``ReviewService`` was refused: the one error type of the service's
/// domain. It names the content, pin or field at fault and says nothing of how the request
/// came (the HTTP adapter maps each case to its status and body).
///
///     do { _ = try service.pin("p1", of: "plan") } catch .deleted(let tombstone) { ... }
public enum ReviewError: Error, Sendable, Equatable {
    /// No content with that id.
    case unknownContent(String)
    /// No pin with that id on that content.
    case unknownPin(contentId: String, id: String)
    /// A field is wrong; the error's location names it (`changes[3].pin.relativeX`).
    case invalid(InputError)
    /// The version the client saw is not the pin's: the current pin.
    case conflict(StoredPin)
    /// The pin was deleted: its tombstone.
    case deleted(StoredPin)
    /// The store cannot take changes now, for a reason of the machine's.
    case unavailable(StoreUnavailable)
    /// A failure of the server's own (a statement, the file system): `detail` may name the
    /// server's files and statements, for its log only.
    case serverFault(detail: String)

    /// A refusal of the store's, as the domain's.
    public init(_ error: StoreError) {
        switch error {
        case .unknownContent(let id): self = .unknownContent(id)
        case .unknownPin(let contentId, let id): self = .unknownPin(contentId: contentId, id: id)
        case .conflict(let current): self = .conflict(current)
        case .deleted(let current): self = .deleted(current)
        case .invalid(let error): self = .invalid(error)
        }
    }

    /// A field at `location` with its problem.
    public static func invalid(_ location: String, _ problem: String) -> ReviewError {
        .invalid(InputError(source: "request", location: location, problem: problem))
    }

    /// One line that names the content, pin or field at fault.
    public var message: String {
        switch self {
        case .unknownContent(let id): StoreError.unknownContent(id).message
        case .unknownPin(let contentId, let id): StoreError.unknownPin(contentId: contentId, id: id).message
        case .invalid(let error): StoreError.describe(error)
        case .conflict(let current): StoreError.conflict(current).message
        case .deleted(let current): StoreError.deleted(current).message
        case .unavailable(let error): error.message
        case .serverFault: "the server failed"
        }
    }

    /// With a conflict or a deleted pin, the pin as it is now.
    public var current: StoredPin? {
        switch self {
        case .conflict(let current), .deleted(let current): current
        default: nil
        }
    }
}
