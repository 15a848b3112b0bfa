import Foundation
internal import CSoup

/// One connection of the HTTP server, by its socket, and what it waits for: a request's
/// headers (the message being read, weakly: libsoup owns it) or, kept between requests, the
/// next request (the last message, referenced: libsoup offers no other way to the connection
/// then), each with its deadline. ``HTTPConnections`` keeps the records and decides; used on
/// the loop thread only.
final class HTTPConnection {
    /// The socket, referenced.
    let socket: UnsafeMutablePointer<GSocket>
    /// Past the maximum when it came: it is answered 503 and closed.
    var refused = false
    /// Taken from libsoup to be closed here.
    var closed = false
    private let reading = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
    private var last: OpaquePointer?
    private var deadline: UInt32 = 0
    private var watch: UnsafeMutablePointer<GSource>?

    /// The record of `socket`; `adopting` a reference to it nobody else releases (see
    /// ``HTTPConnections``), else taking one.
    init(socket: UnsafeMutablePointer<GSocket>, adopting: Bool) {
        self.socket = socket
        if !adopting { g_object_ref(socket) }
        g_weak_ref_init(reading, nil)
    }

    deinit {
        stop()
        g_weak_ref_clear(reading)
        reading.deallocate()
        g_object_unref(socket)
    }

    /// Waits for the headers of `message` until `seconds` from now, then calls `expired`.
    func awaitHeaders(of message: OpaquePointer, seconds: Int, expired: @escaping (HTTPConnection) -> Void) {
        stop()
        g_weak_ref_set(reading, UnsafeMutableRawPointer(message))
        arm(seconds: seconds, expired)
    }

    /// The headers came: nothing is awaited until the request ends.
    func headersArrived() {
        stop()
    }

    /// Waits for the request after `message` (which ended on a kept connection) until
    /// `seconds` from now, then calls `expired`; calls `readable` (before libsoup's own
    /// source sees it) whenever the socket has something to read: the next request, the end
    /// of stream or an error.
    func awaitNextRequest(after message: OpaquePointer, seconds: Int, expired: @escaping (HTTPConnection) -> Void,
                          readable: @escaping (HTTPConnection) -> Void) {
        stop()
        g_object_ref(UnsafeMutableRawPointer(message))
        last = message
        arm(seconds: seconds, expired)
        watch = MainLoop.watch(socket, priority: G_PRIORITY_HIGH) { [unowned self] in readable(self) }
    }

    /// Waiting for the next request (``awaitNextRequest``).
    var isIdle: Bool { last != nil }

    /// A message of the connection to take it from libsoup through, referenced (the caller
    /// unreferences it): the last one while idle, else the one being read, if still there.
    func message() -> OpaquePointer? {
        if let last {
            g_object_ref(UnsafeMutableRawPointer(last))
            return last
        }
        return g_weak_ref_get(reading).map(OpaquePointer.init)
    }

    /// Stops the watch of an idle connection (until the next ``awaitNextRequest``): while
    /// it has something to read, it would run before libsoup's source at every turn, and
    /// libsoup would never read the request.
    func stopWatching() {
        if let watch {
            MainLoop.unwatch(watch)
            self.watch = nil
        }
    }

    /// Stops waiting: no deadline, no watch, no message held.
    func stop() {
        g_weak_ref_set(reading, nil)
        if deadline != 0 {
            MainLoop.cancel(deadline)
            deadline = 0
        }
        stopWatching()
        if let last {
            g_object_unref(UnsafeMutableRawPointer(last))
            self.last = nil
        }
    }

    private func arm(seconds: Int, _ expired: @escaping (HTTPConnection) -> Void) {
        deadline = MainLoop.after(seconds: seconds) { [unowned self] in
            deadline = 0
            expired(self)
        }
    }
}
