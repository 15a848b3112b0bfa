import Foundation
internal import CSoup

/// The end of a connection answered before its request's body was read (a 413, a 401, a
/// 404 to a body nobody takes): the answer is already written; the sending side is shut, so
/// the client reads the answer and then the end of stream; what it still sends is read and
/// dropped (nothing kept) until it closes, for at most a few seconds; then the connection
/// is closed. Closing at once, with the client's bytes unread, would reset the connection
/// under a client still sending, which may then never read the answer. Kept by its watch until
/// done; on the loop thread only.
final class LingeringClose {
    /// The most bytes dropped in one turn of the loop, so that a fast client cannot hold it.
    static let turnBytes = 1 << 20

    private let stream: UnsafeMutablePointer<GIOStream>
    private let socket: UnsafeMutablePointer<GSocket>
    private var watch: UnsafeMutablePointer<GSource>?
    private var deadline: UInt32 = 0

    /// Starts on `stream` (owned: closed and unreferenced at the end) over `socket`.
    static func start(stream: UnsafeMutablePointer<GIOStream>, socket: UnsafeMutablePointer<GSocket>, seconds: Int) {
        let closing = LingeringClose(stream: stream, socket: socket)
        guard shutdown(g_socket_get_fd(socket), Int32(SHUT_WR)) == 0 else {
            closing.finish()
            return
        }
        // The watch keeps `closing` until ``finish()`` ends it.
        closing.watch = MainLoop.watch(socket) {
            if !closing.drop() { closing.finish() }
        }
        closing.deadline = MainLoop.after(seconds: seconds) { [unowned closing] in
            closing.deadline = 0
            closing.finish()
        }
    }

    private init(stream: UnsafeMutablePointer<GIOStream>, socket: UnsafeMutablePointer<GSocket>) {
        self.stream = stream
        self.socket = socket
        g_object_ref(socket)
    }

    /// Reads and drops what the client sent; false once it closed (or failed).
    private func drop() -> Bool {
        withUnsafeTemporaryAllocation(byteCount: 65536, alignment: 16) { buffer in
            var dropped = 0
            while dropped < Self.turnBytes {
                let count = recv(g_socket_get_fd(socket), buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 {
                    dropped += count
                } else {
                    return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
                }
            }
            return true
        }
    }

    private func finish() {
        if deadline != 0 {
            MainLoop.cancel(deadline)
            deadline = 0
        }
        if let watch {
            self.watch = nil
            MainLoop.unwatch(watch)
        }
        g_io_stream_close(stream, nil, nil)
        g_object_unref(stream)
        g_object_unref(socket)
    }
}
