import Foundation
internal import CSoup

/// A client's WebSocket through libsoup (an open `SoupWebsocketConnection` and the session
/// that made it): text messages in and out, the close with a code. ``connect(_:headers:userAgent:within:maxPayload:done:)``
/// sends the handshake. Everything is made, used and released on the thread of one
/// ``MainLoop`` (``MainLoop/init(threadNamed:)``), where every callback comes; released
/// open, the connection is closed with 1001 (going away).
///
///     let thread = MainLoop(threadNamed: "events")
///     thread.perform {
///         handshake = try? WebSocketClient.connect(url, headers: [("Authorization", "Bearer \(token)")],
///                                                  userAgent: "pinrender-sync", within: 30) { result in
///             guard case .success(let socket) = result else { return }
///             socket.onText = { text in print(text) }
///             socket.send("hello")
///         }
///     }
package final class WebSocketClient {
    private let session: UnsafeMutablePointer<SoupSession>
    private let connection: OpaquePointer
    /// A text message.
    package var onText: ((String) -> Void)?
    /// The connection closed, by either side: the close code (0 when none came: the
    /// connection was cut) and reason.
    package var onClose: ((Int, String) -> Void)?

    /// Sends the handshake, a GET of `url` (`ws(s)://` or `http(s)://`) with `headers`, and
    /// calls `done` on this thread with the open connection, or with the failure: the status
    /// the server answered, or none within `seconds`, or the transport's.
    /// - Parameters:
    ///   - url: where to connect.
    ///   - headers: sent as given (an `Authorization` among them).
    ///   - userAgent: the `User-Agent` header.
    ///   - seconds: the most the handshake may take.
    ///   - maxPayload: the largest message taken (libsoup's default, 128 KiB, is below a
    ///     long comment's event).
    ///   - done: the open connection or the failure.
    /// - Returns: the handshake in flight, to ``Handshake/cancel()``; throws when libsoup
    ///   cannot parse `url`.
    package static func connect(_ url: URL, headers: [(name: String, value: String)] = [], userAgent: String, within seconds: Double,
                                maxPayload: Int = 16 << 20,
                                done: @escaping (Result<WebSocketClient, WebSocketFailure>) -> Void) throws(WebSocketFailure) -> Handshake {
        guard let handshake = Handshake(url, headers: headers, userAgent: userAgent, seconds: seconds) else {
            throw WebSocketFailure(status: 0, reason: "libsoup cannot connect to \(url.absoluteString)")
        }
        let pending = Unmanaged.passRetained(Pending(handshake: handshake, maxPayload: maxPayload, done: done))
        soup_session_websocket_connect_async(handshake.session, handshake.message, nil, nil, G_PRIORITY_DEFAULT,
                                             handshake.deadline.cancellable, { _, result, data in
            Unmanaged<Pending>.fromOpaque(data!).takeRetainedValue().finish(result)
        }, pending.toOpaque())
        return handshake
    }

    /// Takes over a connection a handshake returned (transfer full) and a reference to its session.
    private init(taking connection: OpaquePointer, session: UnsafeMutablePointer<SoupSession>, maxPayload: Int) {
        self.connection = connection
        self.session = session
        g_object_ref(session)
        soup_websocket_connection_set_max_incoming_payload_size(connection, guint64(maxPayload))
        let message: @convention(c) (OpaquePointer?, Int32, OpaquePointer?, gpointer?) -> Void = { _, type, bytes, data in
            let owner = Unmanaged<WebSocketClient>.fromOpaque(data!).takeUnretainedValue()
            guard type == Int32(SOUP_WEBSOCKET_DATA_TEXT.rawValue), let bytes else { return }
            var size: gsize = 0
            let start = g_bytes_get_data(bytes, &size)
            let text = start.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(size)), as: UTF8.self) } ?? ""
            owner.onText?(text)
        }
        let closed: @convention(c) (OpaquePointer?, gpointer?) -> Void = { connection, data in
            let owner = Unmanaged<WebSocketClient>.fromOpaque(data!).takeUnretainedValue()
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
        g_object_unref(session)
    }

    /// Whether messages may still be sent: the closing handshake has not begun.
    package var isOpen: Bool { soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN }

    /// Sends `text` as a text message (nothing once closing).
    package func send(_ text: String) {
        guard isOpen else { return }
        soup_websocket_connection_send_text(connection, text)
    }

    /// Starts the closing handshake with `code` unless it started (or the connection closed)
    /// already; ``onClose`` follows.
    package func close(code: UInt16, reason: String) {
        guard isOpen else { return }
        soup_websocket_connection_close(connection, code, reason)
    }

    /// A handshake in flight: its session and `SoupMessage`, under an ``HTTPDeadline``.
    package final class Handshake {
        fileprivate let session: UnsafeMutablePointer<SoupSession>
        fileprivate let message: OpaquePointer
        fileprivate let deadline: HTTPDeadline

        fileprivate init?(_ url: URL, headers: [(name: String, value: String)], userAgent: String, seconds: Double) {
            guard let message = soup_message_new("GET", url.absoluteString) else { return nil }
            guard let session = soup_session_new() else {
                g_object_unref(UnsafeMutableRawPointer(message))
                return nil
            }
            self.message = message
            self.session = session
            deadline = HTTPDeadline(seconds: seconds)
            soup_session_set_user_agent(session, userAgent)
            let fields = soup_message_get_request_headers(message)
            for (name, value) in headers { soup_message_headers_append(fields, name, value) }
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(message))
            g_object_unref(session)
        }

        /// Stops the handshake; its `done` gets a failure, which the caller may ignore.
        package func cancel() { g_cancellable_cancel(deadline.cancellable) }
    }

    /// What a handshake in flight keeps alive until its callback.
    private final class Pending {
        let handshake: Handshake
        let maxPayload: Int
        let done: (Result<WebSocketClient, WebSocketFailure>) -> Void

        init(handshake: Handshake, maxPayload: Int, done: @escaping (Result<WebSocketClient, WebSocketFailure>) -> Void) {
            self.handshake = handshake
            self.maxPayload = maxPayload
            self.done = done
        }

        /// The handshake ended: the open connection, or why not (the HTTP status that was
        /// not 101 with its standard phrase; with none, the deadline or libsoup's words).
        func finish(_ result: OpaquePointer?) {
            var error: UnsafeMutablePointer<GError>?
            if let connection = soup_session_websocket_connect_finish(handshake.session, result, &error) {
                done(.success(WebSocketClient(taking: connection, session: handshake.session, maxPayload: maxPayload)))
                return
            }
            let failure = GLibError(consuming: error, fallback: "no WebSocket")
            let status = Int(soup_message_get_status(handshake.message).rawValue)
            let reason = status != 0 ? String(cString: soup_status_get_phrase(UInt32(status)))
                : HTTPClientError(failure, deadline: handshake.deadline).description
            done(.failure(WebSocketFailure(status: status, reason: reason)))
        }
    }
}

/// Why a WebSocket handshake failed: the HTTP status that was not 101 with its standard
/// phrase, or (status 0: no answer came) the deadline's or the transport's words.
package struct WebSocketFailure: Error, Sendable {
    package var status: Int
    package var reason: String
}
