import Foundation
import PinPlatform

extension PinServer {
    /// `?since=CURSOR` of the changes and the events: a whole number from 0, and no later
    /// than the newest change (``check(cursor:named:)``).
    func cursor(since request: HTTPRequest) throws -> Int {
        let since = try Self.since(request)
        try check(cursor: since, named: "since")
        return since
    }

    /// Throws 400 when `cursor` is past the newest change: it was never this store's (made
    /// up, or another store's, or this one's before it was replaced), and the changes it
    /// asks for would never come. The message names the newest cursor.
    func check(cursor: Int, named field: String) throws {
        let newest = try store.lastSeq()
        guard cursor > newest else { return }
        throw ServiceError(status: 400, message: """
            \(field): \(cursor) is past the newest change, \(newest): not a cursor of this store; \
            load the pins again (or the changes since 0) and go on from their cursor
            """)
    }
}
