import Foundation

extension PinServer {
    /// Sends the changes committed after ``published`` (by this server or another on the
    /// database) to the event hub, in order of their seq; `previous` holds this server's own
    /// changes' earlier pins, by seq (a resolve made elsewhere reaches clients as
    /// `pin.updated`: its earlier pin is not known here). A failed read is tried again at the
    /// next notification or heartbeat: nothing is skipped.
    func publishCommitted(previous: [Int: StoredPin?] = [:]) {
        while let changes = try? store.changes(since: published, limit: 1000), let last = changes.last {
            hub.publish(changes.map { PinEvent($0, previous: previous[$0.seq] ?? nil) })
            published = last.seq
            if changes.count < 1000 { break }
        }
    }

    /// LISTENs for the other servers' commits on the database.
    func listen() throws {
        guard let uri = store.postgres else { return }
        listener = try PostgresListener(uri: uri) { [unowned self] in publishCommitted() }
    }
}
