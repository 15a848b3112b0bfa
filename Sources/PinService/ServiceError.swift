import Foundation
import PinPlatform
import PinRender
import PinRenderCore
import PinRenderGraphics
import PinServiceCore

/// An error answer: the one place where failures become HTTP statuses and JSON bodies,
/// `{"status": 409, "error": "...", "current": {pin}}`.
public struct ServiceError: Error, Sendable {
    public var status: Int
    /// One line that names the field and index at fault where there is one.
    public var message: String
    /// With a conflict or a deleted pin, the pin as it is now.
    public var current: StoredPin?
    /// Headers of the answer (`Allow` with a 405).
    public var headers: [(String, String)] = []

    public init(status: Int, message: String, current: StoredPin? = nil, headers: [(String, String)] = []) {
        self.status = status
        self.message = message
        self.current = current
        self.headers = headers
    }

    /// Any error as an answer: the one table from failures to statuses.
    ///
    /// | failure | status |
    /// |---|---|
    /// | ``ReviewError/invalid(_:)``, an `InputError` (a body, a query, a render option) | 400 |
    /// | ``ReviewError/unknownContent(_:)``, ``ReviewError/unknownPin(contentId:id:)``, ``ReviewError/unknownRevision(contentId:number:)`` | 404 |
    /// | ``ReviewError/conflict(_:)`` (with the current pin) | 409 |
    /// | ``ReviewError/deleted(_:)`` (with the tombstone) | 410 |
    /// | ``ReviewError/unavailable(_:)``, `StoreUnavailable` | 503 |
    /// | a render's `LimitError` (its time or memory, named as `serve` sets them) | 422 |
    /// | a page the document lacks as Poppler finds it drawing (`GraphicsError.noSuchPage`), as a page past the count (an `InputError`) | 400 |
    /// | a document the engine cannot draw (any other `GraphicsError`) | 422 |
    /// | a `ServiceError` (the route, the token, the limits, a render: its own status), an `HTTPFailure` (the wire) | as it is |
    /// | ``ReviewError/serverFault(detail:)``, an `OutputError` (a render that cannot be written), anything else | 500 (``serverFault(_:)``) |
    public init(_ error: Error) {
        let answer = Self.answer(for: error)
        self = answer.status == 500 ? Self.serverFault(answer.message) : answer
    }

    /// The table's answer to `error` (``init(_:)``), a server fault with its own text, not
    /// yet logged: what a render worker sends the server, which answers it through
    /// ``init(_:)``.
    static func answer(for error: Error) -> ServiceError {
        switch error {
        case let error as ServiceError: error
        case let error as HTTPFailure: ServiceError(error)
        case let error as ReviewError: ServiceError(error)
        case let error as InputError: ServiceError(ReviewError.invalid(error))
        case let error as StoreUnavailable: ServiceError(ReviewError.unavailable(error))
        case let error as LimitError: ServiceError(status: 422, message: describe(error))
        case GraphicsError.noSuchPage: ServiceError(status: 400, message: "\(error)")
        case let error as GraphicsError: ServiceError(status: 422, message: "\(error)")
        case let error as OutputError: ServiceError(status: 500, message: "the render cannot be written: \(error.reason)")
        default: ServiceError(status: 500, message: "\(error)")
        }
    }

    private init(_ error: ReviewError) {
        switch error {
        case .unknownContent(let id):
            self.init(status: 404, message: "\(error.message) (upload it with PUT /v1/contents/\(id))")
        case .unknownPin, .unknownRevision: self.init(status: 404, message: error.message)
        case .invalid: self.init(status: 400, message: error.message)
        case .conflict(let current): self.init(status: 409, message: error.message, current: current)
        case .deleted(let current): self.init(status: 410, message: error.message, current: current)
        case .unavailable: self.init(status: 503, message: error.message)
        case .serverFault(let detail): self.init(status: 500, message: detail)
        }
    }

    /// A failure of the HTTP server (PinPlatform's): a refusal of the wire, an upload that
    /// cannot be written, a port that cannot be listened on.
    init(_ failure: HTTPFailure) {
        self.init(status: failure.status, message: failure.message, headers: failure.headers)
    }

    /// The answer as the HTTP server sends it.
    var failure: HTTPFailure {
        HTTPFailure(status: status, message: message, headers: headers, body: body)
    }

    /// A failure of the server's own: its text (which may name the server's files and
    /// statements) goes to the server's log with a new id (``ServiceLog``), the client gets
    /// the id only.
    static func serverFault(_ detail: String) -> ServiceError {
        let id = String(format: "%016llx", UInt64.random(in: .min ... .max))
        ServiceLog.write(level: .error, event: "internal-error", id: id, status: 500, error: detail)
        return ServiceError(status: 500, message: "internal error \(id): the server's log has its details")
    }

    /// An input error without the decoder's name for the request body: `pins[0].relativeX:
    /// ...` reads `relativeX: ...` when the body held one pin.
    static func describe(_ error: InputError) -> String {
        ReviewError.describe(error)
    }

    /// A render's limit as the service words it: the limits as `serve` sets them.
    static func describe(_ error: LimitError) -> String {
        let limit = switch error.limit {
        case .memory(let bytes): "limit of \(bytes >> 20) MiB of memory for one render (serve --render-max-memory)"
        case .time(let seconds): "limit of \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s for one render (serve --render-timeout)"
        }
        return "\(error.subject): stopped at the service's \(limit) while \(error.activity)"
    }

    /// The JSON body.
    var body: Data {
        struct Body: Encodable {
            var status: Int
            var error: String
            var current: StoredPin?
        }
        return (try? JSONEncoder().encode(Body(status: status, error: message, current: current))) ?? Data()
    }
}
