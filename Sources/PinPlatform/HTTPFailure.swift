import Foundation

/// An error answer of the HTTP server: a status, one line saying why, the answer's headers
/// and its JSON body. The server makes its own (a request past the connection maximum, a
/// framing it refuses, a deadline); a service converts its errors into one to answer with
/// (``HTTPRequest/fail(_:)``), so the server knows nothing of what the service does.
///
///     throw HTTPFailure(status: 503, message: "try again later", headers: [("Retry-After", "5")])
package struct HTTPFailure: Error, Sendable, CustomStringConvertible {
    package var status: Int
    package var message: String
    /// Headers of the answer (`Retry-After` with a 503).
    package var headers: [(String, String)]
    /// The body: `{"status": 503, "error": "..."}` unless the service gave its own.
    package var body: Data

    /// - Parameters:
    ///   - status: the HTTP status.
    ///   - message: one line that names what is at fault.
    ///   - headers: headers of the answer.
    ///   - body: the JSON body; nil for `{"status": S, "error": MESSAGE}`.
    package init(status: Int, message: String, headers: [(String, String)] = [], body: Data? = nil) {
        self.status = status
        self.message = message
        self.headers = headers
        self.body = body ?? Self.body(status: status, message: message)
    }

    package var description: String { message }

    /// The headers of the answer: its own, and the challenge of a 401.
    var answerHeaders: [(String, String)] {
        status == 401 ? headers + [("WWW-Authenticate", "Bearer")] : headers
    }

    private static func body(status: Int, message: String) -> Data {
        struct Body: Encodable {
            var status: Int
            var error: String
        }
        return (try? JSONEncoder().encode(Body(status: status, error: message))) ?? Data()
    }
}
