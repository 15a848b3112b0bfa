import Foundation
internal import CSoup

// Owners of the libsoup objects of one events WebSocket, each freed in its deinit. All of
// them are made, used and released on one ``MainLoop`` of its own thread.

/// A `SoupSession` for one connection.
final class WebSocketSession {
    private let session: UnsafeMutablePointer<SoupSession>

    init?() {
        guard let session = soup_session_new() else { return nil }
        self.session = session
        soup_session_set_user_agent(session, "pinrender-sync")
    }

    deinit { g_object_unref(session) }

    /// Sends the handshake; `done` gets the open connection, or the failure with the HTTP
    /// status the server answered (0 when none), on this thread.
    func connect(_ handshake: HandshakeMessage, cancellation: Cancellation,
                 done: @escaping (Result<WebSocketConnection, WebSocketFailure>) -> Void) {
        let box = Unmanaged.passRetained(Pending(session: self, handshake: handshake, done: done))
        soup_session_websocket_connect_async(session, handshake.message, nil, nil, G_PRIORITY_DEFAULT, cancellation.cancellable, { _, result, data in
            let pending = Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            if let connection = soup_session_websocket_connect_finish(pending.session.session, result, &error) {
                pending.done(.success(WebSocketConnection(taking: connection)))
            } else {
                let status = pending.handshake.status
                let reason = status != 0 ? String(cString: soup_status_get_phrase(UInt32(status)))
                    : error.map { String(cString: $0.pointee.message) } ?? "no WebSocket"
                g_clear_error(&error)
                pending.done(.failure(WebSocketFailure(status: status, reason: reason)))
            }
        }, box.toOpaque())
    }

    /// What a handshake in flight keeps alive until its callback.
    private final class Pending {
        let session: WebSocketSession
        let handshake: HandshakeMessage
        let done: (Result<WebSocketConnection, WebSocketFailure>) -> Void

        init(session: WebSocketSession, handshake: HandshakeMessage, done: @escaping (Result<WebSocketConnection, WebSocketFailure>) -> Void) {
            self.session = session
            self.handshake = handshake
            self.done = done
        }
    }
}

/// Why a handshake failed: the HTTP status that was not 101 with its standard phrase, or
/// (status 0: no answer came) libsoup's words.
struct WebSocketFailure: Error {
    var status: Int
    var reason: String
}

/// The handshake's `SoupMessage`: a GET of the events URL with the bearer token.
final class HandshakeMessage {
    fileprivate let message: OpaquePointer

    /// Nil when libsoup cannot parse `url`.
    init?(_ url: URL, token: String?) {
        guard let message = soup_message_new("GET", url.absoluteString) else { return nil }
        self.message = message
        if let token {
            soup_message_headers_append(soup_message_get_request_headers(message), "Authorization", "Bearer \(token)")
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(message)) }

    /// The answer's HTTP status; 0 before one came.
    var status: Int { Int(soup_message_get_status(message).rawValue) }
}

/// A `GCancellable`: cancels a handshake in flight.
final class Cancellation {
    fileprivate let cancellable: UnsafeMutablePointer<GCancellable>

    init() { cancellable = g_cancellable_new() }

    deinit { g_object_unref(cancellable) }

    func cancel() { g_cancellable_cancel(cancellable) }
}

/// An open `SoupWebsocketConnection`: text messages and the close are handed to the
/// closures; released open, it is closed with 1001 (going away).
final class WebSocketConnection {
    private let connection: OpaquePointer
    /// A text message.
    var onText: ((String) -> Void)?
    /// The connection closed, by either side: the close code (0 when none came: the
    /// connection was cut) and reason.
    var onClose: ((Int, String) -> Void)?

    /// Takes over a connection a handshake returned (transfer full).
    fileprivate init(taking connection: OpaquePointer) {
        self.connection = connection
        // An event holds one pin; libsoup's default limit (128 KiB) is below a long comment.
        soup_websocket_connection_set_max_incoming_payload_size(connection, 16 << 20)
        let message: @convention(c) (OpaquePointer?, Int32, OpaquePointer?, gpointer?) -> Void = { _, type, bytes, data in
            let owner = Unmanaged<WebSocketConnection>.fromOpaque(data!).takeUnretainedValue()
            guard type == Int32(SOUP_WEBSOCKET_DATA_TEXT.rawValue), let bytes else { return }
            var size: gsize = 0
            let start = g_bytes_get_data(bytes, &size)
            let text = start.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(size)), as: UTF8.self) } ?? ""
            owner.onText?(text)
        }
        let closed: @convention(c) (OpaquePointer?, gpointer?) -> Void = { connection, data in
            let owner = Unmanaged<WebSocketConnection>.fromOpaque(data!).takeUnretainedValue()
            let reason = soup_websocket_connection_get_close_data(connection).map { String(cString: $0) } ?? ""
            owner.onClose?(Int(soup_websocket_connection_get_close_code(connection)), reason)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        g_signal_connect_data(UnsafeMutableRawPointer(connection), "message", unsafeBitCast(message, to: GCallback.self), me, nil,
                              GConnectFlags(rawValue: 0))
        g_signal_connect_data(UnsafeMutableRawPointer(connection), "closed", unsafeBitCast(closed, to: GCallback.self), me, nil,
                              GConnectFlags(rawValue: 0))
    }

    deinit {
        g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(connection), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil,
                                             Unmanaged.passUnretained(self).toOpaque())
        close(code: 1001, reason: "client going away")
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Starts the closing handshake unless it started (or the connection closed) already;
    /// ``onClose`` follows.
    func close(code: UInt16, reason: String) {
        guard soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN else { return }
        soup_websocket_connection_close(connection, code, reason)
    }
}
