import PinRenderCore

/// Why an operation of ``ReviewService`` or a change of ``PinStore`` was refused: the one
/// error type of the service's domain. It names the content, pin or field at fault and says nothing of how the request
/// came (the HTTP adapter maps each case to its status and body).
///
///     do { _ = try service.pin("p1", of: "plan") } catch .deleted(let tombstone) { ... }
public enum ReviewError: Error, Sendable, Equatable {
    /// No content with that id.
    case unknownContent(String)
    /// No pin with that id on that content.
    case unknownPin(contentId: String, id: String)
    /// No revision with that number of that content.
    case unknownRevision(contentId: String, number: Int)
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

    /// A field at `location` with its problem.
    public static func invalid(_ location: String, _ problem: String) -> ReviewError {
        .invalid(InputError(source: "request", location: location, problem: problem))
    }

    /// One line that names the content, pin or field at fault.
    public var message: String {
        switch self {
        case .unknownContent(let id): "no content \"\(id)\""
        case .unknownPin(let contentId, let id): "no pin \"\(id)\" on content \"\(contentId)\""
        case .unknownRevision(let contentId, let number): "no revision \(number) of content \"\(contentId)\""
        case .invalid(let error): Self.describe(error)
        case .conflict(let current):
            "version \(current.version) of pin \"\(current.pin.id)\" is the current one: merge with it and send that version"
        case .deleted(let current): "pin \"\(current.pin.id)\" was deleted"
        case .unavailable(let error): error.message
        case .serverFault: "the server failed"
        }
    }

    /// An input error without the decoder's name for the request: `pins[0].relativeX: ...`
    /// reads `relativeX: ...` when the request held one pin.
    public static func describe(_ error: InputError) -> String {
        error.location.isEmpty ? error.problem : "\(error.location): \(error.problem)"
    }

    /// Whether a sync change refused for it is recorded as refused: a refusal of the change's
    /// own, not a store that cannot take writes (which fails the whole batch).
    public var refusesTheChange: Bool {
        switch self {
        case .unavailable, .serverFault: false
        default: true
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
