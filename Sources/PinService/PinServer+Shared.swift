import Foundation
import PinPlatform
import PinServiceCore

extension PinServer {
    /// Sends the changes committed after ``published`` (by this server or another on the
    /// database) to the event hub, in order of their seq, each with the event type its
    /// writer stored. They are read by the store's readers, off the loop thread, one reading
    /// at a time (one asked for meanwhile follows it). A failed read is tried again at the
    /// next notification or heartbeat: nothing is skipped. A drain waits for the readings
    /// (``isPublishing``).
    func publishCommitted() {
        guard !publishReading else {
            publishAgain = true
            return
        }
        publishReading = true
        let (store, server, since, gate) = (store, LoopBound(value: self), published, publishGate)
        stores.readers.async {
            gate?.pass()
            let changes = try? store.changes(since: since, limit: 1000)
            MainLoop.perform {
                let server = server.value
                server.publishReading = false
                if let changes, let last = changes.last {
                    server.hub.publish(changes.map { PinEvent($0.pin, recorded: $0.event) })
                    server.published = last.pin.seq
                    if changes.count == 1000 { server.publishAgain = true }
                }
                guard server.publishAgain else { return server.advanceDrain() }
                server.publishAgain = false
                server.publishCommitted()
            }
        }
    }

    /// Whether committed changes are being read for the events, or are to be.
    var isPublishing: Bool { publishScheduled || publishReading || publishAgain }

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
