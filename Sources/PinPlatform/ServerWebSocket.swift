import Foundation
internal import CSoup

/// The server side of a WebSocket, on the connection libsoup hands over after the handshake
/// (``SoupHTTPServer``): frames are written and read here (``WebSocketFrame``), not by
/// libsoup's `SoupWebsocketConnection`, whose queue has no limit and which, on the loop's
/// thread, reads and answers a client's pings for as long as the client sends them (a ping
/// flood took the server past 400 MiB and stalled every other request). Used on the loop
/// thread only; the stream is owned (closed and unreferenced here).
///
/// Everything queued for the client counts against ``Limits/backlog``: the server's
/// messages and the pongs alike. What the client's socket does not take at once is kept;
/// when that passes the limit, ``onOverflow`` is called (the caller closes), so a client
/// costs at most the limit and one batch of messages, whatever it sends or leaves unread.
/// A client may send ``Limits/burst`` messages at once, then ``Limits/perSecond`` (past
/// that it is closed with 1008, policy), each at most ``Limits/maxPayload`` bytes (1009).
/// Input is read 4 KiB at a time, one read a turn of the loop, so no client holds the
/// loop; once closing, the client's answer is waited for ``closeTimeout`` seconds at most.
package final class ServerWebSocket {
    /// What a client may leave unread and send.
    package struct Limits {
        /// The most bytes queued for the client: written once its socket takes them.
        package var backlog: Int
        /// The largest frame a client may send.
        package var maxPayload = 4096
        /// Messages a client may send at once, then a second.
        package var burst = 100
        package var perSecond = 10.0

        package init(backlog: Int) {
            self.backlog = backlog
        }
    }

    /// The close code of a client that sent more than it may.
    static let policyCode: UInt16 = 1008
    /// Seconds a closing connection waits for its close frame to leave and the client's
    /// close, before it is dropped.
    static let closeTimeout: guint = 5
    /// Bytes read in one turn of the loop.
    private static let readSize = 4096
    /// Bytes still read (for the client's close) once the server closed.
    private static let closingAllowance = 64 << 10

    private enum State {
        case open
        /// The close frame is queued; `answered` once the client's came.
        case closing(answered: Bool)
        case closed
    }

    private let stream: UnsafeMutablePointer<GIOStream>
    private let input: OpaquePointer
    private let output: OpaquePointer
    private let limits: Limits
    private var state = State.open
    private var reader: WebSocketReader
    private var budget: MessageBudget
    /// Bytes queued for the client; the first `written` of them were written.
    private var outgoing: [UInt8] = []
    private var written = 0
    /// Bytes read since the server closed.
    private var readWhileClosing = 0
    private var inputSource: UnsafeMutablePointer<GSource>?
    private var outputSource: UnsafeMutablePointer<GSource>?
    private var closeTimer: UnsafeMutablePointer<GSource>?
    /// Called when the backlog passes its limit; the caller closes.
    package var onOverflow: (() -> Void)?

    /// The most bytes queued for the client (``Limits/backlog``).
    package var backlogLimit: Int { limits.backlog }
    /// Called once, when the connection is closed, by either side or by a fault.
    package var onClose: (() -> Void)?

    /// Takes over `stream` (a reference of the caller's, released when closed), a
    /// connection after a WebSocket handshake.
    init(stream: UnsafeMutablePointer<GIOStream>, limits: Limits) {
        self.stream = stream
        self.limits = limits
        input = OpaquePointer(g_io_stream_get_input_stream(stream))
        output = OpaquePointer(g_io_stream_get_output_stream(stream))
        reader = WebSocketReader(maxPayload: limits.maxPayload)
        budget = MessageBudget(burst: limits.burst, perSecond: limits.perSecond)
        inputSource = watch(g_pollable_input_stream_create_source(input, nil)) { $0.readable() }
    }

    deinit {
        if isOpen {
            outgoing += WebSocketFrame.close(code: 1001, reason: "server going away")
            _ = write()
        }
        finish(notifying: false)
        g_object_unref(stream)
    }

    /// Whether messages may still be sent.
    package var isOpen: Bool {
        if case .open = state { return true }
        return false
    }

    /// Bytes queued and not written yet.
    var backlog: Int { outgoing.count - written }

    /// Sends `texts` as text frames, written together (one write, one TCP segment when they
    /// fit); calls ``onOverflow`` when what is left unwritten passes the backlog limit.
    package func send(_ texts: [String]) {
        guard isOpen else { return }
        for text in texts { outgoing += WebSocketFrame.encode(WebSocketFrame.text, text.utf8) }
        flushWithinBacklog()
    }

    /// Sends a close frame with `code` after what is queued (past the backlog limit if need
    /// be), then drops the connection once the client answers, or ``closeTimeout`` seconds after.
    package func close(code: UInt16, reason: String) {
        guard isOpen else { return }
        state = .closing(answered: false)
        outgoing += WebSocketFrame.close(code: code, reason: reason)
        closeTimer = watch(g_timeout_source_new_seconds(Self.closeTimeout), timeout: true) { $0.finish() }
        flush()
    }

    // MARK: Input and output

    /// A turn's read: one read of the client's bytes, and the frames made whole by it.
    private func readable() {
        var bytes = [UInt8](repeating: 0, count: Self.readSize)
        var error: UnsafeMutablePointer<GError>?
        let count = g_pollable_input_stream_read_nonblocking(input, &bytes, gsize(bytes.count), nil, &error)
        guard count >= 0 else {
            if !Self.wouldBlock(error) { finish() }
            return
        }
        guard count > 0 else { return finish() }
        if case .closing = state {
            readWhileClosing += count
            if readWhileClosing > Self.closingAllowance {
                stopReading()
                return flush()
            }
        }
        reader.append(bytes.prefix(count))
        do {
            while inputSource != nil, let message = try reader.next() { received(message) }
        } catch {
            stopReading()
            close(code: error.code, reason: error.reason)
        }
    }

    /// What a client's message asks for.
    private func received(_ message: ClientMessage) {
        switch state {
        case .open:
            guard budget.spend(at: ProcessInfo.processInfo.systemUptime) else {
                // Reading goes on while closing (up to the closing allowance, dropped): a
                // client still sending then reads the close frame and answers it, where
                // dropping the connection with its bytes unread would reset it first.
                close(code: Self.policyCode,
                      reason: "at most \(limits.burst) messages at once and \(Int(limits.perSecond)) a second: this socket is one way")
                return
            }
            switch message {
            case .ping(let payload):
                outgoing += WebSocketFrame.encode(WebSocketFrame.pong, payload)
                flushWithinBacklog()
            case .close:
                close(code: 1000, reason: "")
                answered()
            case .pong, .data: break
            }
        case .closing:
            if case .close = message { answered() }
        case .closed: break
        }
    }

    /// The client closed too: the connection is dropped once the close frame is written.
    private func answered() {
        guard case .closing = state else { return }
        state = .closing(answered: true)
        flush()
    }

    /// Writes what was queued, and calls ``onOverflow`` when what is left passes the limit.
    private func flushWithinBacklog() {
        flush()
        if isOpen, backlog > limits.backlog { onOverflow?() }
    }

    /// Writes what the client's socket takes now and waits, while something is left, for it
    /// to take more; once all is written on a closing connection that the client answered
    /// (or that is not read any more), drops it.
    private func flush() {
        guard write() else { return finish() }
        if written < outgoing.count {
            if outputSource == nil {
                outputSource = watch(g_pollable_output_stream_create_source(output, nil)) { $0.flush() }
            }
            return
        }
        if let outputSource { g_source_destroy(outputSource); g_source_unref(outputSource) }
        outputSource = nil
        outgoing = []
        written = 0
        if case .closing(let answered) = state, answered || inputSource == nil { finish() }
    }

    /// Writes what the client's socket takes now; false when the connection failed. The
    /// bytes written leave the queue by 64 KiB or more at a time, so a client that always
    /// lags a little does not keep them all.
    private func write() -> Bool {
        defer {
            if written >= 1 << 16 {
                outgoing.removeFirst(written)
                written = 0
            }
        }
        while written < outgoing.count {
            var error: UnsafeMutablePointer<GError>?
            let count = outgoing.withUnsafeBytes { bytes in
                g_pollable_output_stream_write_nonblocking(output, bytes.baseAddress! + written, gsize(bytes.count - written),
                                                           nil, &error)
            }
            guard count >= 0 else { return Self.wouldBlock(error) }
            written += count
        }
        return true
    }

    /// Whether a failed read or write would only have blocked.
    private static func wouldBlock(_ error: UnsafeMutablePointer<GError>?) -> Bool {
        GLibError(consuming: error).wouldBlock
    }

    /// Reads no more: the client's bytes wait in the kernel until the connection is dropped.
    private func stopReading() {
        if let inputSource { g_source_destroy(inputSource); g_source_unref(inputSource) }
        inputSource = nil
    }

    /// Closes the stream and stops everything; ``onClose`` is called unless `notifying` is false.
    private func finish(notifying: Bool = true) {
        if case .closed = state { return }
        state = .closed
        stopReading()
        for source in [outputSource, closeTimer].compactMap({ $0 }) {
            g_source_destroy(source)
            g_source_unref(source)
        }
        outputSource = nil
        closeTimer = nil
        outgoing = []
        written = 0
        g_io_stream_close(stream, nil, nil)
        if notifying {
            let done = onClose
            onClose = nil
            done?()
        }
    }

    /// Attaches `source` (a pollable stream's, or a timeout with `timeout`) to the loop's
    /// context, calling `handler` with this connection, kept alive meanwhile, each time it
    /// fires, until it is destroyed.
    private func watch(_ source: UnsafeMutablePointer<GSource>, timeout: Bool = false,
                       _ handler: @escaping (ServerWebSocket) -> Void) -> UnsafeMutablePointer<GSource> {
        let box = Unmanaged.passRetained(WatchBox(owner: self, handler: handler))
        let release: GDestroyNotify = { Unmanaged<WatchBox>.fromOpaque($0!).release() }
        // A pollable source calls back with its stream and the data, a timeout with the data.
        let pollable: @convention(c) (UnsafeMutablePointer<GObject>?, gpointer?) -> gboolean = { _, data in
            Unmanaged<WatchBox>.fromOpaque(data!).takeUnretainedValue().fire()
        }
        let timer: @convention(c) (gpointer?) -> gboolean = { data in
            Unmanaged<WatchBox>.fromOpaque(data!).takeUnretainedValue().fire()
        }
        g_source_set_callback(source, timeout ? timer : unsafeBitCast(pollable, to: GSourceFunc.self), box.toOpaque(), release)
        g_source_attach(source, nil)
        return source
    }
}

/// A source's handler and the connection it calls, weakly: a source outliving its
/// connection calls nothing.
private final class WatchBox {
    weak var owner: ServerWebSocket?
    let handler: (ServerWebSocket) -> Void

    init(owner: ServerWebSocket, handler: @escaping (ServerWebSocket) -> Void) {
        self.owner = owner
        self.handler = handler
    }

    /// Calls the handler with the connection, if it is still there; the source goes on.
    func fire() -> gboolean {
        guard let owner else { return 0 }
        withExtendedLifetime(owner) { handler(owner) }
        return 1
    }
}
