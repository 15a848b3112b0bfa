import Foundation
import PinPlatform
import PinServiceCore

/// The events WebSocket's clients, by content: each change is sent to the clients of its
/// content; every few seconds a heartbeat to all. Used on the loop thread only.
///
/// Events are sent when the loop next turns, not at once: the changes of the requests
/// handled meanwhile go out together, in one TCP segment per client, or in one frame to
/// the clients that take batches. A busy content costs fewer writes, and its clients
/// fewer reads.
final class EventHub {
    private var clients: [String: [ObjectIdentifier: EventSocket]] = [:]
    /// Events published and not sent yet, in order.
    private var pending: [PinEvent] = []
    private var flushScheduled = false
    /// Clients closed for falling behind, since the start.
    private(set) var resyncClosed = 0
    /// Events sent to clients, since the start.
    private(set) var sent = 0
    /// Called after a client was dropped (a drain waits for the last).
    var onDetach: (() -> Void)?

    /// How many clients are connected.
    var count: Int { clients.values.reduce(0) { $0 + $1.count } }

    /// Subscribes `socket` to its content's events; it is dropped when it closes.
    func attach(_ socket: EventSocket) {
        clients[socket.contentId, default: [:]][ObjectIdentifier(socket)] = socket
        socket.onClose = { [weak self] socket in self?.detach(socket) }
        socket.onResync = { [weak self] in self?.resyncClosed += 1 }
        socket.onSent = { [weak self] count in self?.sent += count }
    }

    /// Sends each event to its content's clients when the loop next turns.
    func publish(_ events: [PinEvent]) {
        pending += events.filter { clients[$0.contentId] != nil }
        guard !flushScheduled, !pending.isEmpty else { return }
        flushScheduled = true
        MainLoop.soon { [weak self] in
            self?.flushScheduled = false
            self?.flush()
        }
    }

    /// Sends the pending events: each client gets its content's in order, in one write
    /// (see ``EventSocket``).
    func flush() {
        let events = pending
        pending = []
        var byContent: [String: [(text: String, seq: Int?)]] = [:]
        var order: [String] = []
        for event in events {
            if byContent[event.contentId] == nil { order.append(event.contentId) }
            byContent[event.contentId, default: []].append((event.text, event.seq))
        }
        for contentId in order {
            guard let sockets = clients[contentId], let events = byContent[contentId] else { continue }
            let batch = EventBatch(events)
            for socket in Array(sockets.values) { socket.send(batch) }
        }
    }

    /// A heartbeat to every client, with the store's last sequence number (after the
    /// pending events, so no client hears of a seq before its event).
    func heartbeat(cursor: Int) {
        flush()
        for (contentId, sockets) in clients {
            for socket in Array(sockets.values) { socket.send(PinEvent(type: "heartbeat", contentId: contentId, cursor: cursor)) }
        }
    }

    /// Closes every client with `code` after the events pending (a drain's 1001, going away).
    func closeAll(code: UInt16, reason: String) {
        flush()
        for sockets in clients.values {
            for socket in Array(sockets.values) { socket.close(code: code, reason: reason) }
        }
    }

    private func detach(_ socket: EventSocket) {
        clients[socket.contentId]?[ObjectIdentifier(socket)] = nil
        if clients[socket.contentId]?.isEmpty == true { clients[socket.contentId] = nil }
        onDetach?()
    }
}
