import Foundation
internal import CSoup

/// A `GCancellable` that a timer cancels when the time is up. Every blocking libsoup and
/// GIO call of an exchange takes it, so the whole exchange (connecting, the headers, the
/// body, any redirect the caller follows) ends by then, even when a server stalls after
/// the headers. The timer fires on another thread: GCancellable is thread-safe.
///
///     let deadline = HTTPDeadline(seconds: 30)
///     let body = try client.send(request, before: deadline)
///     let data = try body.read(limit: 1 << 20, before: deadline)
public final class HTTPDeadline: @unchecked Sendable {
    /// The seconds it was given, for messages.
    public let seconds: Double
    let cancellable: UnsafeMutablePointer<GCancellable>
    private let timer: DispatchSourceTimer

    /// Starts the clock: the calls that take this deadline fail `seconds` from now.
    public init(seconds: Double) {
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
    public var expired: Bool { g_cancellable_is_cancelled(cancellable) != 0 }
}
