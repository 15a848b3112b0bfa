import Foundation
import PinPlatform

extension HTTPRequest {
    /// An error answer of the service: its status, headers and JSON body (see ``ServiceError``).
    func fail(_ error: ServiceError) {
        fail(error.failure)
    }

    /// A JSON answer of an encodable value; one that cannot be encoded is the server's fault.
    func respond<T: Encodable>(_ status: Int, json value: T, headers: [(String, String)] = []) {
        do {
            respond(status, body: try JSONEncoder().encode(value), headers: headers)
        } catch {
            fail(ServiceError(error))
        }
    }
}
