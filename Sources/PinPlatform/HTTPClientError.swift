import Foundation

/// Why an HTTP exchange of ``HTTPClient`` failed. A status, whatever it is, is an answer,
/// not an error: the caller reads it from ``HTTPClientRequest/status``.
public enum HTTPClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The ``HTTPDeadline`` passed before the exchange ended (connecting, the headers or the body).
    case deadline(seconds: Double)
    /// The network or libsoup failed: libsoup's message, as it came (it may quote the server).
    case transport(String)
    /// The body grew past `limit` bytes while it was read; `encoding` is the
    /// `Content-Encoding` when the limit was hit on the decompressed bytes.
    case tooLarge(limit: Int, encoding: String?)

    /// The error of a failed libsoup or GIO call: the deadline when it has passed (a
    /// cancelled call reports that, or whatever the interruption caused), else the library's
    /// message.
    init(_ error: GLibError, deadline: HTTPDeadline) {
        self = deadline.expired ? .deadline(seconds: deadline.seconds) : .transport(error.message)
    }

    public var description: String {
        switch self {
        case .deadline(let seconds): "no whole answer within \(String(format: "%g", seconds)) s"
        case .transport(let message): message
        case .tooLarge(let limit, let encoding):
            "the answer is more than \(limit) bytes" + (encoding.map { " once decompressed (Content-Encoding: \($0))" } ?? "")
        }
    }
}
