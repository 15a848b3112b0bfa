import Foundation
internal import CPostgres

/// A failed libpq call: PostgreSQL's SQLSTATE (empty when the connection itself failed) and
/// message, with what was being done.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    /// `23505` (a unique violation), `08006` (the connection failed)... or empty.
    public var state: String
    public var message: String
    /// What the store was doing (`connecting`, the statement).
    public var action: String

    public var description: String {
        "PostgreSQL: \(action): \(message)" + (state.isEmpty ? "" : " (SQLSTATE \(state))")
    }

    /// The error of a failed result, or of the connection when there is no result.
    init(_ connection: OpaquePointer?, result: OpaquePointer?, action: String) {
        self.action = action
        if let result, let text = PQresultErrorMessage(result), text.pointee != 0 {
            message = String(cString: text)
            state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        } else {
            message = connection.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? "out of memory"
            state = ""
        }
        message = message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    init(message: String, action: String) {
        self.state = ""
        self.message = message
        self.action = action
    }
}
