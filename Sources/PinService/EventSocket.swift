import Foundation
import PinPlatform
import PinServiceCore

/// One client of the events WebSocket: a ``ServerWebSocket`` subscribed to one content,
/// with the last sequence number sent. Used on the loop thread only.
///
/// What cannot be written yet is queued by the connection under a limit that counts all it
/// queues (events, pongs): a client that leaves more unread (it is not reading, or far
/// slower than its content changes) is closed with ``resyncCode``: it reloads the pins (or
/// the changes since its cursor) and reconnects. Memory per client stays under the limit plus
/// the kernel's buffers.
final class EventSocket {
    /// The close code that tells a client it fell behind: resync, then reconnect.
    static let resyncCode: UInt16 = 4000

    let contentId: String
    /// Whether the client asked for batches (`?batch=true`): each frame a JSON array of
    /// the events ready when the server wrote.
    let batched: Bool
    /// The last sequence number sent: events at or before it are not sent again.
    private(set) var lastSeq: Int
    private let connection: ServerWebSocket
    /// The live events waiting for the replay to end (nil: none held), and their bytes.
    private var held: [EventBatch]?
    private var heldBytes = 0
    /// Called once when the connection is closed, by either side.
    var onClose: ((EventSocket) -> Void)?
    /// Called when the connection is closed with ``resyncCode``.
    var onResync: (() -> Void)?
    /// Called with the number of events each send wrote.
    var onSent: ((Int) -> Void)?

    init(connection: ServerWebSocket, contentId: String, since: Int, batched: Bool) {
        self.connection = connection
        self.batched = batched
        self.contentId = contentId
        self.lastSeq = since
        connection.onClose = { [unowned self] in
            let closed = onClose
            onClose = nil
            closed?(self)
        }
        connection.onOverflow = { [unowned self] in
            onResync?()
            close(code: Self.resyncCode, reason: "resync: the client fell behind; reload and reconnect with since=\(lastSeq)")
        }
    }

    /// Whether events may still be sent.
    var isOpen: Bool { connection.isOpen }

    /// Sends an event unless its sequence number was sent already; closes the connection
    /// with ``resyncCode`` when the backlog passes its limit.
    func send(_ event: PinEvent) {
        send(EventBatch(event))
    }

    /// Holds the live events from now on, until ``release()``: while the replay is read.
    func hold() {
        held = []
    }

    /// Sends what was held, then sends as it comes.
    func release() {
        let batches = held ?? []
        held = nil
        heldBytes = 0
        batches.forEach(send)
    }

    /// Sends a page of the replay (or `ready`) while the live events are held.
    func replay(_ batch: EventBatch) {
        write(batch)
    }

    /// Sends the events whose sequence numbers were not sent yet: to a client that asked
    /// for batches, as one JSON array in one frame; otherwise one frame each, written
    /// together, so they leave in one TCP segment. While held, they wait, under the same
    /// limit as what the connection queues: past it the client is closed to resync.
    func send(_ batch: EventBatch) {
        guard isOpen else { return }
        guard held == nil else {
            held?.append(batch)
            heldBytes += batch.events.reduce(0) { $0 + $1.text.utf8.count }
            if heldBytes > connection.backlogLimit { connection.onOverflow?() }
            return
        }
        write(batch)
    }

    private func write(_ batch: EventBatch) {
        guard isOpen else { return }
        let fresh = batch.events.filter { event in event.seq.map { $0 > lastSeq } ?? true }
        guard !fresh.isEmpty else { return }
        lastSeq = max(lastSeq, fresh.compactMap(\.seq).max() ?? lastSeq)
        onSent?(fresh.count)
        if batched {
            connection.send([fresh.count == batch.events.count ? batch.array : EventBatch.array(fresh)])
        } else {
            connection.send(fresh.map(\.text))
        }
    }

    /// Closes with `code`; the connection goes once the close frame is written and the
    /// client answers, or after a timeout (``ServerWebSocket/closeTimeout``).
    func close(code: UInt16, reason: String) {
        connection.close(code: code, reason: String(reason.prefix(120)))
    }
}
