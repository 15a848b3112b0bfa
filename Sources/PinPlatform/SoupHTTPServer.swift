import Foundation
internal import CSoup

/// A libsoup `SoupServer` (owned, unreferenced in deinit) with one route for every path:
/// an early handler (headers read, body not yet), a handler (body read), and a WebSocket
/// handler for handshakes the handler let through (it set no status), given the connection
/// as a ``ServerWebSocket`` once the handshake's answer is written. Paths reach the
/// handlers as the client wrote them (percent-encoded; the caller decodes each segment), so
/// that `%2F` and `%00` are told apart, not refused without a word. All run on the thread of
/// the GLib main context the server was made on.
///
/// The wire is guarded here, before the handlers: the connections are counted and given
/// deadlines (``HTTPConnections``); a request whose framing is ambiguous is answered 400;
/// and an answer the early handler set to a request with a body goes at once, the body
/// unread, and the connection is closed (libsoup would read the whole body first, into
/// memory, whatever the answer).
package final class SoupHTTPServer {
    /// What the routes do.
    package struct Handlers {
        package var early: (HTTPRequest) -> Void
        package var handle: (HTTPRequest) -> Void
        /// The request and its WebSocket, open (dropping it closes the connection).
        package var websocket: (HTTPRequest, ServerWebSocket) -> Void
        /// What each WebSocket's client may leave unread and send.
        package var webSocketLimits: ServerWebSocket.Limits

        package init(early: @escaping (HTTPRequest) -> Void, handle: @escaping (HTTPRequest) -> Void,
                     websocket: @escaping (HTTPRequest, ServerWebSocket) -> Void, webSocketLimits: ServerWebSocket.Limits) {
            self.early = early
            self.handle = handle
            self.websocket = websocket
            self.webSocketLimits = webSocketLimits
        }
    }

    /// The listen backlog: connections the kernel completes and queues while the loop is
    /// busy (GLib's default is 10; the kernel caps it at net.core.somaxconn).
    static let backlog: Int32 = 4096

    let connections: HTTPConnections
    private let server: UnsafeMutablePointer<SoupServer>

    /// - Parameters:
    ///   - handlers: what the routes do.
    ///   - limits: the connections' maximum and deadlines.
    ///   - log: where a line goes when a connection is refused (at most one every 10 s).
    package init(handlers: Handlers, limits: HTTPConnections.Limits, log: @escaping (String) -> Void) throws(HTTPFailure) {
        // soup_server_new is variadic, which Swift does not import.
        var rawPaths = GValue()
        g_value_init(&rawPaths, GType(5) << GType(G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN, a macro
        g_value_set_boolean(&rawPaths, 1)
        defer { g_value_unset(&rawPaths) }
        let made = "raw-paths".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return g_object_new_with_properties(soup_server_get_type(), 1, &names, &rawPaths)
        }
        guard let object = made else {
            throw HTTPFailure(status: 500, message: "libsoup cannot make a server")
        }
        server = UnsafeMutableRawPointer(object).assumingMemoryBound(to: SoupServer.self)
        connections = HTTPConnections(limits: limits, log: log)
        let box = Unmanaged.passRetained(HandlerBox(handlers, connections: connections))
        let release: GDestroyNotify = { Unmanaged<HandlerBox>.fromOpaque($0!).release() }
        soup_server_add_early_handler(server, "/", { _, message, _, _, data in
            Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue().early(HTTPRequest(message!))
        }, box.toOpaque(), nil)
        soup_server_add_handler(server, "/", { _, message, _, _, data in
            let box = Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue()
            box.handlers.handle(HTTPRequest(message!))
            if soup_server_message_get_status(message) == 0 { box.upgrade(message!) }
        }, box.toOpaque(), release)
        let started: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, gpointer?) -> Void = { _, message, data in
            Unmanaged<HTTPConnections>.fromOpaque(data!).takeUnretainedValue().started(message!)
        }
        let finished: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, gpointer?) -> Void = { _, message, data in
            Unmanaged<HTTPConnections>.fromOpaque(data!).takeUnretainedValue().finished(message!)
        }
        let table = Unmanaged.passUnretained(connections).toOpaque()
        for (signal, callback) in [("request-started", started), ("request-finished", finished), ("request-aborted", finished)] {
            g_signal_connect_data(object, signal, unsafeBitCast(callback, to: GCallback.self), table, nil, GConnectFlags(rawValue: 0))
        }
    }

    deinit {
        g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(server), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil,
                                             Unmanaged.passUnretained(connections).toOpaque())
        soup_server_disconnect(server)
        g_object_unref(server)
    }

    /// Listens on `host` (an IP address) and `port` (0: any free one), with a socket made
    /// here for its backlog; returns the port.
    package func listen(host: String, port: Int) throws(HTTPFailure) -> Int {
        guard let address = g_inet_socket_address_new_from_string(host, guint(port)) else {
            throw HTTPFailure(status: 500, message: "\(host) is not an IP address")
        }
        defer { g_object_unref(address) }
        var error: UnsafeMutablePointer<GError>?
        let family = g_socket_address_get_family(address)
        guard let socket = g_socket_new(family, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, &error) else {
            throw Self.failure("cannot listen on \(host):\(port)", error)
        }
        defer { g_object_unref(socket) }
        if family == G_SOCKET_FAMILY_IPV6 {
            // As libsoup's own listener: an IPv6 address takes IPv6 only.
            _ = g_socket_set_option(socket, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1, nil)
        }
        g_socket_set_listen_backlog(socket, Self.backlog)
        guard g_socket_bind(socket, address, 1, &error) != 0, g_socket_listen(socket, &error) != 0,
              soup_server_listen_socket(server, socket, SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            throw Self.failure("cannot listen on \(host):\(port)", error)
        }
        guard let local = g_socket_get_local_address(socket, &error) else {
            throw Self.failure("cannot read the port listened on", error)
        }
        defer { g_object_unref(local) }
        return Int(g_inet_socket_address_get_port(UnsafeMutableRawPointer(local).assumingMemoryBound(to: GInetSocketAddress.self)))
    }

    private static func failure(_ what: String, _ error: UnsafeMutablePointer<GError>?) -> HTTPFailure {
        HTTPFailure(status: 500, message: "\(what): \(GLibError(consuming: error))")
    }
}

/// The handlers and the connections, kept alive by the server until it drops them.
private final class HandlerBox {
    let handlers: SoupHTTPServer.Handlers
    unowned let connections: HTTPConnections

    init(_ handlers: SoupHTTPServer.Handlers, connections: HTTPConnections) {
        self.handlers = handlers
        self.connections = connections
    }

    /// Headers read: the connection's checks, the framing's, then the early handler's. An
    /// answer set to a request with a body (or an ambiguous framing) goes at once, and the
    /// connection is closed.
    func early(_ request: HTTPRequest) {
        guard connections.headersRead(request.message) else { return }
        let problem = request.framingProblem
        if let problem {
            request.fail(HTTPFailure(status: 400, message: problem))
        } else {
            handlers.early(request)
        }
        guard request.status != 0, request.hasBody || problem != nil else { return }
        if !connections.answerAndClose(request.message, answer: request.wireAnswer) {
            request.closeAfterAnswer()
        }
    }

    /// Answers a WebSocket handshake (101, no extension, no subprotocol) or refuses what is
    /// none (libsoup sets the status); once the 101 is written, takes the connection from
    /// libsoup and hands it to the WebSocket handler.
    func upgrade(_ message: OpaquePointer) {
        guard soup_websocket_server_process_handshake(message, nil, nil, nil, nil) != 0 else { return }
        let written: @convention(c) (OpaquePointer?, gpointer?) -> Void = { message, data in
            guard let message, soup_server_message_get_status(message) == 101 else { return }
            let box = Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue()
            // Taking the connection may free the message: it is referenced until the handler returns.
            g_object_ref(UnsafeMutableRawPointer(message))
            defer { g_object_unref(UnsafeMutableRawPointer(message)) }
            guard let stream = soup_server_message_steal_connection(message) else { return }
            box.handlers.websocket(HTTPRequest(message), ServerWebSocket(stream: stream, limits: box.handlers.webSocketLimits))
        }
        g_signal_connect_data(UnsafeMutableRawPointer(message), "wrote-informational", unsafeBitCast(written, to: GCallback.self),
                              Unmanaged.passRetained(self).toOpaque(), { data, _ in Unmanaged<HandlerBox>.fromOpaque(data!).release() },
                              GConnectFlags(rawValue: 0))
    }
}
