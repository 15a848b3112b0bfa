import Foundation
import PinRender
internal import CSoup

/// A `GCancellable` that a timer cancels when the time is up. Every blocking libsoup and
/// GIO call of a fetch takes it, so the whole fetch ends by then. The timer fires on another
/// thread: GCancellable is thread-safe.
final class FetchDeadline: @unchecked Sendable {
    let seconds: Double
    let cancellable: UnsafeMutablePointer<GCancellable>
    private let timer: DispatchSourceTimer

    init(seconds: Double) {
        self.seconds = seconds
        cancellable = g_cancellable_new()
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            g_cancellable_cancel(self.cancellable)
        }
        timer.resume()
    }

    deinit {
        timer.cancel()
        g_object_unref(cancellable)
    }

    /// Whether the time is up.
    var expired: Bool { g_cancellable_is_cancelled(cancellable) != 0 }

    /// The error for a failed call: the deadline when it has passed (a cancelled call
    /// reports that, or whatever the interruption caused), else the library's message.
    /// Frees `error`.
    func failure(_ error: UnsafeMutablePointer<GError>?, fallback: String) -> FetchError {
        defer { if let error { g_error_free(error) } }
        if expired { return .deadline(seconds: seconds) }
        guard let text = error?.pointee.message else { return .transport(fallback) }
        return .transport(PinSource.printable(String(cString: text)))
    }
}
