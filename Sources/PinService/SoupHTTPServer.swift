import Foundation
internal import CSoup

/// A libsoup `SoupServer` (owned, unreferenced in deinit) with one route for every path:
/// an early handler (headers read, body not yet), a handler (body read), and a WebSocket
/// handler for handshakes the handler let through (it set no status), given the connection
/// itself once the handshake's answer is written (see ``ServerWebSocket``). Paths reach the
/// handlers as the client wrote them (percent-encoded; ``Route`` decodes each segment), so
/// that `%2F` and `%00` are told apart, not refused without a word. All run on the thread of
/// the GLib main context the server was made on.
final class SoupHTTPServer {
    /// What the routes do.
    struct Handlers {
        var early: (HTTPRequest) -> Void
        var handle: (HTTPRequest) -> Void
        /// The request and its connection (a reference the handler takes over).
        var websocket: (HTTPRequest, UnsafeMutablePointer<GIOStream>) -> Void
    }

    private let server: UnsafeMutablePointer<SoupServer>

    init(handlers: Handlers) throws {
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
            throw ServiceError(status: 500, message: "libsoup cannot make a server")
        }
        server = UnsafeMutableRawPointer(object).assumingMemoryBound(to: SoupServer.self)
        let box = Unmanaged.passRetained(HandlerBox(handlers))
        let release: GDestroyNotify = { Unmanaged<HandlerBox>.fromOpaque($0!).release() }
        soup_server_add_early_handler(server, "/", { _, message, _, _, data in
            Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue().handlers.early(HTTPRequest(message!))
        }, box.toOpaque(), nil)
        soup_server_add_handler(server, "/", { _, message, _, _, data in
            let box = Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue()
            box.handlers.handle(HTTPRequest(message!))
            if soup_server_message_get_status(message) == 0 { box.upgrade(message!) }
        }, box.toOpaque(), release)
    }

    deinit {
        soup_server_disconnect(server)
        g_object_unref(server)
    }

    /// Listens on `host` (an IP address) and `port` (0: any free one); returns the port.
    func listen(host: String, port: Int) throws -> Int {
        guard let address = g_inet_socket_address_new_from_string(host, guint(port)) else {
            throw ServiceError(status: 500, message: "\(host) is not an IP address")
        }
        defer { g_object_unref(address) }
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen(server, address, SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_error_free(error)
            throw ServiceError(status: 500, message: "cannot listen on \(host):\(port): \(reason)")
        }
        let uris = soup_server_get_uris(server)
        defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
        var bound = port, next = uris
        while let node = next {
            bound = Int(g_uri_get_port(OpaquePointer(node.pointee.data)))
            next = node.pointee.next
        }
        return bound
    }
}

/// The handlers, kept alive by the server until it drops them.
private final class HandlerBox {
    let handlers: SoupHTTPServer.Handlers
    init(_ handlers: SoupHTTPServer.Handlers) { self.handlers = handlers }

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
            box.handlers.websocket(HTTPRequest(message), stream)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(message), "wrote-informational", unsafeBitCast(written, to: GCallback.self),
                              Unmanaged.passRetained(self).toOpaque(), { data, _ in Unmanaged<HandlerBox>.fromOpaque(data!).release() },
                              GConnectFlags(rawValue: 0))
    }
}
