import Foundation
import PinPlatform
import PinServiceCore

extension PinServer {
    /// Sends the changes committed after ``published`` (by this server or another on the
    /// database) to the event hub, in order of their seq, each with the event type its
    /// writer stored. A failed read is tried again at the next notification or heartbeat:
    /// nothing is skipped.
    func publishCommitted() {
        while let changes = try? store.changes(since: published, limit: 1000), let last = changes.last {
            hub.publish(changes.map { PinEvent($0.pin, recorded: $0.event) })
            published = last.pin.seq
            if changes.count < 1000 { break }
        }
    }

    /// ``publishCommitted()`` when the loop next turns: the changes committed meanwhile (a
    /// burst of requests, the notifications of other servers) are read at once.
    func publishCommittedSoon() {
        guard !publishScheduled else { return }
        publishScheduled = true
        MainLoop.soon { [weak self] in
            self?.publishScheduled = false
            self?.publishCommitted()
        }
    }

    /// LISTENs for the other servers' commits on the database.
    func listen() throws {
        guard let uri = store.postgres else { return }
        listener = try PostgresListener(uri: uri) { [unowned self] in publishCommittedSoon() }
    }
}
