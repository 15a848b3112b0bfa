import Foundation

/// The events WebSocket's clients, by content: each change is sent to the clients of its
/// content; every few seconds a heartbeat to all. Used on the loop thread only.
final class EventHub {
    private var clients: [String: [ObjectIdentifier: EventSocket]] = [:]
    /// Clients closed for falling behind, since the start.
    private(set) var resyncClosed = 0

    /// How many clients are connected.
    var count: Int { clients.values.reduce(0) { $0 + $1.count } }

    /// Subscribes `socket` to its content's events; it is dropped when it closes.
    func attach(_ socket: EventSocket) {
        clients[socket.contentId, default: [:]][ObjectIdentifier(socket)] = socket
        socket.onClose = { [weak self] socket in self?.detach(socket) }
        socket.onResync = { [weak self] in self?.resyncClosed += 1 }
    }

    /// Sends each event to its content's clients.
    func publish(_ events: [PinEvent]) {
        for event in events {
            guard let sockets = clients[event.contentId] else { continue }
            let text = event.text
            for socket in Array(sockets.values) { socket.send(text, seq: event.seq) }
        }
    }

    /// A heartbeat to every client, with the store's last sequence number.
    func heartbeat(cursor: Int) {
        for (contentId, sockets) in clients {
            for socket in Array(sockets.values) { socket.send(PinEvent(type: "heartbeat", contentId: contentId, cursor: cursor)) }
        }
    }

    private func detach(_ socket: EventSocket) {
        clients[socket.contentId]?[ObjectIdentifier(socket)] = nil
        if clients[socket.contentId]?.isEmpty == true { clients[socket.contentId] = nil }
    }
}
