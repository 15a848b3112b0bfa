import Foundation
internal import CSoup

/// The connections of the HTTP server (``SoupHTTPServer`` reports each request's start,
/// headers and end): how many are open, those past the maximum refused, and a deadline for
/// what each waits for. Used on the loop thread only.
///
/// libsoup 3.2 (Debian 12) never closes a kept connection that the client closes while it
/// waits for the next request: that request's message, made when the last answer was sent,
/// gets its completion callback only with its first byte, so the end of stream finishes it
/// and nothing closes the connection (CLOSE-WAIT for good, a descriptor each, until accept
/// fails and libsoup stops listening; fixed in libsoup 3.3). Here an idle connection is
/// watched at a higher priority than libsoup's own source, so the end of stream is seen here
/// first, and closed when the client hangs up, or after the idle timeout.
///
/// A connection is closed here by taking it from libsoup
/// (`soup_server_message_steal_connection`) through one of its messages (see
/// ``HTTPConnection/message()``), at most once, and never once libsoup closed it. A record
/// goes once its socket is closed: when it is closed here, and otherwise (libsoup closed it)
/// when the records are swept, before a new connection is refused.
package final class HTTPConnections {
    /// The limits: connections open at once, and the seconds given to a request's headers
    /// and to an idle connection's next request.
    package struct Limits {
        package var maximum: Int
        package var headerSeconds: Int
        package var idleSeconds: Int
        /// The setting that changes the maximum, named in a refusal and its log line
        /// (`serve --max-connections`).
        package var setting: String

        package init(maximum: Int, headerSeconds: Int, idleSeconds: Int, setting: String) {
            self.maximum = maximum
            self.headerSeconds = headerSeconds
            self.idleSeconds = idleSeconds
            self.setting = setting
        }
    }

    /// Seconds that a connection answered before its body was read goes on reading (and
    /// dropping) what the client still sends (see ``LingeringClose``).
    static let lingerSeconds = 5

    let limits: Limits
    private var open: [UnsafeMutableRawPointer: HTTPConnection] = [:]
    private let log: RefusalLog

    /// The records, under `limits`; a refused connection's log line goes to `log`.
    init(limits: Limits, log: @escaping (String) -> Void) {
        self.limits = limits
        self.log = RefusalLog(setting: limits.setting, write: log)
    }

    deinit {
        for connection in open.values { connection.stop() }
    }

    /// A request began: on a new connection (libsoup starts its first message as it
    /// accepts), or the next one on a kept connection, at its first byte. Its headers must
    /// come within the header timeout.
    func started(_ message: OpaquePointer) {
        guard let socket = soup_server_message_get_socket(message) else { return }
        let key = UnsafeMutableRawPointer(socket)
        let connection: HTTPConnection
        if let known = open[key] {
            connection = known
        } else {
            connection = HTTPConnection(socket: socket, adopting: Self.acceptLeaks && Self.references(socket) == 2)
            open[key] = connection
            // libsoup reads the addresses when the connection is taken, and warns when the
            // client is gone by then: read now (unless already gone: libsoup ends it).
            if Self.isConnected(socket) {
                _ = soup_server_message_get_remote_address(message)
                _ = soup_server_message_get_local_address(message)
            }
            if open.count > limits.maximum { sweep() }
            if open.count > limits.maximum { refuse(connection) }
        }
        guard !connection.closed else { return }
        connection.awaitHeaders(of: message, seconds: limits.headerSeconds) { [unowned self] connection in
            let error = HTTPFailure(status: 408, message: "the request's headers did not come within \(limits.headerSeconds) s")
            close(connection, answer: HTTPRequest.wire(error), linger: false)
        }
    }

    /// The headers of `message` were read. False when its connection is refused: it is
    /// answered 503 and closed, the request must go no further.
    func headersRead(_ message: OpaquePointer) -> Bool {
        guard let connection = connection(of: message) else { return true }
        connection.headersArrived()
        guard connection.refused else { return true }
        if !close(connection, answer: HTTPRequest.wire(refusal), linger: false, through: message) {
            let request = HTTPRequest(message)
            request.fail(refusal)
            request.closeAfterAnswer()
        }
        return false
    }

    /// `message` ended (answered, or cut). When libsoup keeps its connection for another
    /// request, the connection is watched until then.
    func finished(_ message: OpaquePointer) {
        guard let connection = connection(of: message), !connection.closed else { return }
        connection.stop()
        // A connection libsoup is about to close anyway (the request was cut) is seen closed
        // by the watch, which then lets it go.
        guard Self.mayBeKept(message), g_socket_is_closed(connection.socket) == 0 else { return }
        connection.awaitNextRequest(after: message, seconds: limits.idleSeconds, expired: { [unowned self] connection in
            close(connection, answer: nil, linger: false)
        }, readable: { [unowned self] connection in
            nextRequestOrHangUp(connection)
        })
    }

    /// Sends `answer` (a whole response that says `Connection: close`) for `message` at once,
    /// before its body is read, and closes the connection (see ``LingeringClose``). False when
    /// that cannot be done here (libsoup's own answer then goes as usual).
    func answerAndClose(_ message: OpaquePointer, answer: Data) -> Bool {
        guard let connection = connection(of: message) else { return false }
        return close(connection, answer: answer, linger: true, through: message)
    }

    /// Whether libsoup may keep the connection of `message` for another request: unless
    /// either side said `Connection: close`, or an HTTP/1.0 answer did not say keep-alive
    /// (libsoup's rule; its own test is not exported).
    private static func mayBeKept(_ message: OpaquePointer) -> Bool {
        let request = soup_server_message_get_request_headers(message)
        let response = soup_server_message_get_response_headers(message)
        if soup_server_message_get_http_version(message) == SOUP_HTTP_1_0 {
            return soup_message_headers_header_contains(response, "Connection", "Keep-Alive") != 0
        }
        return soup_message_headers_header_contains(request, "Connection", "close") == 0
            && soup_message_headers_header_contains(response, "Connection", "close") == 0
    }

    private func connection(of message: OpaquePointer) -> HTTPConnection? {
        soup_server_message_get_socket(message).flatMap { open[UnsafeMutableRawPointer($0)] }
    }

    /// The socket of an idle connection has something to read, before libsoup looks: the
    /// next request (libsoup reads it, and ``started(_:)`` follows), or the end of stream or
    /// an error (the client is gone: closed here).
    private func nextRequestOrHangUp(_ connection: HTTPConnection) {
        if g_socket_is_closed(connection.socket) != 0 {
            forget(connection)
            return
        }
        var byte: UInt8 = 0
        let peeked = recv(g_socket_get_fd(connection.socket), &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if peeked > 0 {
            // libsoup reads it next; the idle deadline stands until ``started(_:)``.
            connection.stopWatching()
            return
        }
        if peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
        close(connection, answer: nil, linger: false)
    }

    /// A connection past the maximum: answered 503 and closed as soon as libsoup has set it
    /// up (now it is still accepting), or when its headers come first.
    private func refuse(_ connection: HTTPConnection) {
        connection.refused = true
        log.refused(peer: Self.peer(of: connection.socket), open: open.count - 1, maximum: limits.maximum)
        MainLoop.soon { [weak self, weak connection] in
            guard let self, let connection else { return }
            close(connection, answer: HTTPRequest.wire(refusal), linger: false)
        }
    }

    private var refusal: HTTPFailure {
        HTTPFailure(status: 503, message: "the server has \(limits.maximum) connections open, the most it takes (\(limits.setting)); try again later",
                     headers: [("Retry-After", "5")])
    }

    /// Takes `connection` from libsoup and closes it, after writing `answer` when there is
    /// one; with `linger`, once the client stopped sending (``LingeringClose``). False when it
    /// is left to libsoup: a client already gone (reset) while a request is read (libsoup's
    /// next read fails and it closes the connection; taking it would have libsoup warn that
    /// it cannot read the client's address).
    @discardableResult
    private func close(_ connection: HTTPConnection, answer: Data?, linger: Bool, through given: OpaquePointer? = nil) -> Bool {
        guard !connection.closed else { return true }
        guard g_socket_is_closed(connection.socket) == 0 else {
            forget(connection)
            return true
        }
        guard connection.isIdle || Self.isConnected(connection.socket) else {
            connection.stop()
            return false
        }
        if let given { g_object_ref(UnsafeMutableRawPointer(given)) }
        guard let message = given ?? connection.message() else {
            connection.stop()
            return false
        }
        connection.closed = true
        connection.stop()
        let socket = connection.socket
        g_object_ref(socket)
        defer {
            g_object_unref(socket)
            g_object_unref(UnsafeMutableRawPointer(message))
        }
        guard let stream = soup_server_message_steal_connection(message) else { return true }
        if let answer {
            _ = answer.withUnsafeBytes { bytes in
                send(g_socket_get_fd(socket), bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
        }
        if linger {
            LingeringClose.start(stream: stream, socket: socket, seconds: Self.lingerSeconds)
        } else {
            g_io_stream_close(stream, nil, nil)
            g_object_unref(stream)
            forget(connection)
        }
        return true
    }

    private func forget(_ connection: HTTPConnection) {
        connection.stop()
        open.removeValue(forKey: UnsafeMutableRawPointer(connection.socket))
    }

    /// Forgets the connections whose socket is closed.
    private func sweep() {
        for connection in open.values where g_socket_is_closed(connection.socket) != 0 { forget(connection) }
    }

    /// Whether libsoup keeps a reference to each socket it accepts, for good (before 3.4.0:
    /// its listener never drops the one `g_socket_accept` returns; upstream b545d5f0).
    private static let acceptLeaks = soup_check_version(3, 4, 0) == 0

    /// The references to `socket`: as libsoup starts the first message of a connection it
    /// accepted, 1 (the connection's), and 2 where the accept's own is kept as well.
    private static func references(_ socket: UnsafeMutablePointer<GSocket>) -> UInt32 {
        UnsafeMutableRawPointer(socket).assumingMemoryBound(to: GObject.self).pointee.ref_count
    }

    /// Whether the client is still there (not reset).
    private static func isConnected(_ socket: UnsafeMutablePointer<GSocket>) -> Bool {
        guard let address = g_socket_get_remote_address(socket, nil) else { return false }
        g_object_unref(address)
        return true
    }

    /// `ADDRESS:PORT` of the client.
    private static func peer(of socket: UnsafeMutablePointer<GSocket>) -> String {
        guard let address = g_socket_get_remote_address(socket, nil) else { return "a client already gone" }
        defer { g_object_unref(address) }
        let inet = UnsafeMutableRawPointer(address).assumingMemoryBound(to: GInetSocketAddress.self)
        guard let host = g_inet_address_to_string(g_inet_socket_address_get_address(inet)) else { return "a client" }
        defer { g_free(host) }
        return "\(String(cString: host)):\(g_inet_socket_address_get_port(inet))"
    }
}

/// The log of refused connections: the first of a burst at once, then at most a line every
/// 10 s saying how many more were refused, so that a flood cannot fill the log (or a pipe
/// nobody reads).
private final class RefusalLog {
    static let seconds = 10
    private let setting: String
    private let write: (String) -> Void
    private var unlogged = 0
    private var maximum = 0
    private var flush: UInt32 = 0

    init(setting: String, write: @escaping (String) -> Void) {
        self.setting = setting
        self.write = write
    }

    deinit {
        if flush != 0 { MainLoop.cancel(flush) }
    }

    func refused(peer: String, open: Int, maximum: Int) {
        self.maximum = maximum
        guard flush == 0 else {
            unlogged += 1
            return
        }
        write("refused a connection from \(peer): \(open) connections open, the most (\(setting) \(maximum))")
        schedule()
    }

    private func schedule() {
        flush = MainLoop.after(seconds: Self.seconds) { [unowned self] in
            flush = 0
            guard unlogged > 0 else { return }
            write("refused \(unlogged) more connections in \(Self.seconds) s (\(setting) \(maximum))")
            unlogged = 0
            schedule()
        }
    }
}
