import Foundation
internal import CSoup

/// A failed GLib, GIO or libsoup call, as its `GError` said: the one place in this package
/// where a `GError` is read and freed. Every call that takes a `GError**` here hands what it
/// set (read only when the call failed) to ``init(consuming:fallback:)``; the errors of each
/// concern (``HTTPClientError``, ``HTTPFailure``, ``WebSocketFailure``) are made from this.
///
///     var error: UnsafeMutablePointer<GError>?
///     guard g_socket_listen(socket, &error) != 0 else { throw GLibError(consuming: error, fallback: "cannot listen") }
struct GLibError: Error, CustomStringConvertible {
    /// The library's message (it may quote a server), or the fallback when none was set.
    var message: String
    private var domain: GQuark
    private var code: gint

    /// Reads `error` and frees it; `fallback` is the message when the call set none.
    init(consuming error: UnsafeMutablePointer<GError>?, fallback: String = "unknown error") {
        defer { if let error { g_error_free(error) } }
        message = error?.pointee.message.map { String(cString: $0) } ?? fallback
        domain = error?.pointee.domain ?? 0
        code = error?.pointee.code ?? 0
    }

    var description: String { message }

    /// A non-blocking read or write that would have had to wait.
    var wouldBlock: Bool {
        domain != 0 && domain == g_io_error_quark() && code == gint(G_IO_ERROR_WOULD_BLOCK.rawValue)
    }
}
