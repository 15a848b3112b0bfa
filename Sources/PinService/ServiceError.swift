import Foundation
import PinRenderCore
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

    init(_ error: StoreError) {
        switch error {
        case .unknownContent(let id):
            self.init(status: 404, message: "\(error.message) (upload it with PUT /v1/contents/\(id))")
        case .unknownPin:
            self.init(status: 404, message: error.message)
        case .conflict(let current):
            self.init(status: 409, message: error.message, current: current)
        case .deleted(let current):
            self.init(status: 410, message: error.message, current: current)
        case .invalid:
            self.init(status: 400, message: error.message)
        }
    }

    /// Any error as an answer: the store's and the request's own, a bad input (400), a
    /// document the render engine refuses (422), a store that cannot take writes (503);
    /// anything else is the server's fault (500, ``serverFault(_:)``).
    public init(_ error: Error) {
        switch error {
        case let error as ServiceError where error.status == 500: self = Self.serverFault(error.message)
        case let error as ServiceError: self = error
        case let error as StoreError: self.init(error)
        case let error as InputError: self.init(status: 400, message: Self.describe(error))
        case let error as StoreUnavailable: self.init(status: 503, message: error.message)
        default: self = Self.serverFault("\(error)")
        }
    }

    /// A failure of the server's own: its text (which may name the server's files and
    /// statements) goes to the server's log with a new id (``ServiceLog``), the client gets
    /// the id only.
    static func serverFault(_ detail: String) -> ServiceError {
        let id = String(format: "%016llx", UInt64.random(in: .min ... .max))
        ServiceLog.write(level: "error", event: "internal-error", id: id, status: 500, error: detail)
        return ServiceError(status: 500, message: "internal error \(id): the server's log has its details")
    }

    /// An input error without the decoder's name for the request body: `pins[0].relativeX:
    /// ...` reads `relativeX: ...` when the body held one pin.
    static func describe(_ error: InputError) -> String {
        StoreError.describe(error)
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
