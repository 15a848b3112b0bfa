import Foundation
internal import CSoup

/// One client of the events WebSocket: a `SoupWebsocketConnection` (referenced here,
/// released in deinit) subscribed to one content, with the last sequence number sent and a
/// bounded backlog. Used on the loop thread only.
///
/// libsoup queues what cannot be written yet without limit, so the socket's backlog is
/// counted here: the bytes sent while the TCP socket was not writable (the kernel's buffers
/// full: the client is not reading). Past ``backlogLimit`` the connection is closed with
/// ``resyncCode``: the client reloads the pins (or the changes since its cursor) and
/// reconnects. Memory per client stays under the limit plus the kernel's buffers.
final class EventSocket {
    /// The close code that tells a client it fell behind: resync, then reconnect.
    static let resyncCode: UInt16 = 4000

    let contentId: String
    /// Whether the client asked for batches (`?batch=true`): each frame a JSON array of
    /// the events ready when the server wrote.
    let batched: Bool
    /// The last sequence number sent: events at or before it are not sent again.
    private(set) var lastSeq: Int
    private(set) var isOpen = true
    private let connection: OpaquePointer
    private let socket: UnsafeMutablePointer<GSocket>?
    private let backlogLimit: Int
    private var backlog = 0
    /// Called once when libsoup reports the connection closed, by either side.
    var onClose: ((EventSocket) -> Void)?
    /// Called when the connection is closed with ``resyncCode``.
    var onResync: (() -> Void)?

    init(connection: OpaquePointer, socket: UnsafeMutablePointer<GSocket>?, contentId: String, since: Int, batched: Bool,
         backlogLimit: Int) {
        self.connection = connection
        self.batched = batched
        self.socket = socket
        self.contentId = contentId
        self.lastSeq = since
        self.backlogLimit = backlogLimit
        g_object_ref(UnsafeMutableRawPointer(connection))
        if let socket { g_object_ref(socket) }
        // Clients' own messages are not read: the protocol is one way.
        let closed: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            let socket = Unmanaged<EventSocket>.fromOpaque(data!).takeUnretainedValue()
            socket.isOpen = false
            socket.onClose?(socket)
            socket.onClose = nil
        }
        g_signal_connect_data(UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(closed, to: GCallback.self),
                              Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
        // Browsers do not see pings; the heartbeat events are for them, these for proxies.
        soup_websocket_connection_set_keepalive_interval(connection, 30)
    }

    deinit {
        g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(connection), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil,
                                             Unmanaged.passUnretained(self).toOpaque())
        if isOpen { soup_websocket_connection_close(connection, 1001, "server going away") }
        g_object_unref(UnsafeMutableRawPointer(connection))
        if let socket { g_object_unref(socket) }
    }

    /// Sends an event unless its sequence number was sent already; closes the connection
    /// with ``resyncCode`` when the backlog passes its limit.
    func send(_ event: PinEvent) {
        send(EventBatch(event))
    }

    /// Sends the events whose sequence numbers were not sent yet: to a client that asked
    /// for batches, as one JSON array in one frame; otherwise one frame each, the socket
    /// corked while libsoup writes them, so they leave in one TCP segment.
    func send(_ batch: EventBatch) {
        guard isOpen else { return }
        let fresh = batch.events.filter { event in event.seq.map { $0 > lastSeq } ?? true }
        guard !fresh.isEmpty else { return }
        lastSeq = max(lastSeq, fresh.compactMap(\.seq).max() ?? lastSeq)
        if batched {
            write(fresh.count == batch.events.count ? batch.array : EventBatch.array(fresh))
        } else {
            let corked = fresh.count > 1 && cork(true)
            for event in fresh { write(event.text) }
            if corked { _ = cork(false) }
        }
    }

    /// Writes one text frame, or closes the connection when the backlog would pass its limit.
    private func write(_ text: String) {
        guard isOpen else { return }
        if let socket, g_socket_condition_check(socket, G_IO_OUT).rawValue & G_IO_OUT.rawValue != 0 {
            backlog = 0
        }
        // 14 bytes: the most a frame's header takes.
        backlog += text.utf8.count + 14
        guard backlog <= backlogLimit else {
            onResync?()
            close(code: Self.resyncCode, reason: "resync: the client fell behind; reload and reconnect with since=\(lastSeq)")
            return
        }
        soup_websocket_connection_send_text(connection, text)
    }

    /// Sets TCP_CORK: while set, the kernel holds partial segments; clearing it sends them.
    /// False when it could not be set (the frames then go out as written).
    private func cork(_ on: Bool) -> Bool {
        guard let socket else { return false }
        return g_socket_set_option(socket, Int32(IPPROTO_TCP), TCP_CORK, on ? 1 : 0, nil) != 0
    }

    /// Closes with `code`. The connection stays referenced until libsoup reports it closed
    /// (``onClose``): the close frame goes out after what the kernel holds, or libsoup drops
    /// the connection after its close timeout; released before, its queue would be dropped at
    /// once, close frame included.
    func close(code: UInt16, reason: String) {
        guard isOpen else { return }
        isOpen = false
        soup_websocket_connection_close(connection, code, String(reason.prefix(120)))
    }
}
