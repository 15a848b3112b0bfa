import Foundation
internal import CSoup

/// A libsoup `SoupServer` (owned, unreferenced in deinit) with one route for every path:
/// an early handler (headers read, body not yet), a handler (body read), and a WebSocket
/// handler for handshakes the handler let through (it set no status). All run on the
/// thread of the GLib main context the server was made on.
final class SoupHTTPServer {
    /// What the routes do.
    struct Handlers {
        var early: (HTTPRequest) -> Void
        var handle: (HTTPRequest) -> Void
        var websocket: (HTTPRequest, OpaquePointer) -> Void
    }

    private let server: UnsafeMutablePointer<SoupServer>

    init(handlers: Handlers) throws {
        // soup_server_new is variadic, which Swift does not import.
        guard let object = g_object_new_with_properties(soup_server_get_type(), 0, nil, nil) else {
            throw ServiceError(status: 500, message: "libsoup cannot make a server")
        }
        server = UnsafeMutableRawPointer(object).assumingMemoryBound(to: SoupServer.self)
        // Messages are framed as they are written, so a client's backlog is counted in
        // bytes of the wire (see EventSocket); no compression.
        soup_server_remove_websocket_extension(server, soup_websocket_extension_deflate_get_type())
        let box = Unmanaged.passRetained(HandlerBox(handlers))
        let release: GDestroyNotify = { Unmanaged<HandlerBox>.fromOpaque($0!).release() }
        soup_server_add_early_handler(server, "/", { _, message, _, _, data in
            Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue().handlers.early(HTTPRequest(message!))
        }, box.toOpaque(), nil)
        soup_server_add_handler(server, "/", { _, message, _, _, data in
            Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue().handlers.handle(HTTPRequest(message!))
        }, box.toOpaque(), nil)
        soup_server_add_websocket_handler(server, "/", nil, nil, { _, message, _, connection, data in
            Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue().handlers.websocket(HTTPRequest(message!), connection!)
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
}
