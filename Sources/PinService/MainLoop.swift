import Foundation
internal import CSoup

/// The GLib main loop the service runs on (the default main context): libsoup's server,
/// its connections and the service's state live on the thread that runs it. Other threads
/// (renders) hand results back with ``perform(_:)``.
public final class MainLoop: @unchecked Sendable {
    private let loop: OpaquePointer

    public init() {
        loop = g_main_loop_new(nil, 0)
    }

    deinit { g_main_loop_unref(loop) }

    /// Runs until ``quit()``.
    public func run() { g_main_loop_run(loop) }

    /// Ends ``run()``; call on the loop's thread.
    public func quit() { g_main_loop_quit(loop) }

    /// Calls `first` on the loop's thread at the first SIGINT or SIGTERM, whenever one arrives
    /// after this call: GLib's handler is in place when it returns, and `first` runs when the
    /// loop next turns (a signal before ``run()`` too). From then on both signals have their
    /// default action again: a second one ends the process at once, however busy the loop.
    /// (`first` is called twice when both signals came before the loop turned.)
    public func onFirstSignal(_ first: @escaping () -> Void) {
        // A process started from a thread that blocks signals (a Dispatch worker's, as
        // Foundation's Process spawns from) inherits the block: lift it on this thread, the
        // one that runs the loop, or the handler never runs.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        // Shared by both sources, and kept for the process's life (the other signal's source
        // stays; it runs too when both signals came before the loop turned).
        let once = Unmanaged.passRetained(WorkBox(first)).toOpaque()
        for number in [SIGINT, SIGTERM] {
            g_unix_signal_add_full(G_PRIORITY_HIGH, number, { data in
                // GLib's handlers go: the next signal is the process's end.
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
                Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().work()
                return 0
            }, once, nil)
        }
    }

    /// Runs `work` on the loop's thread, from any thread.
    static func perform(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work))
        g_main_context_invoke_full(nil, G_PRIORITY_DEFAULT, { data in
            let box = Unmanaged<WorkBox>.fromOpaque(data!).takeRetainedValue()
            box.work()
            return 0
        }, box.toOpaque(), nil)
    }

    /// Runs `work` on the loop's thread once, when the loop next turns (after the sources
    /// ready now); call on that thread.
    static func soon(_ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work))
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeRetainedValue().work()
            return 0
        }, box.toOpaque(), nil)
    }

    /// Runs `work` on the loop's thread once, `seconds` from now, unless ``cancel(_:)`` is
    /// called with the returned id before; call on that thread.
    static func after(seconds: Int, _ work: @escaping () -> Void) -> UInt32 {
        let box = Unmanaged.passRetained(WorkBox(work))
        return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: seconds * 1000), { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().work()
            return 0
        }, box.toOpaque(), { Unmanaged<WorkBox>.fromOpaque($0!).release() })
    }

    /// Stops the work of ``after(seconds:_:)`` with the id it returned, before it ran.
    static func cancel(_ id: UInt32) {
        g_source_remove(id)
    }

    /// Runs `work` on the loop's thread whenever `socket` has something to read (or the
    /// peer hung up, or it failed), at `priority`, until ``unwatch(_:)``; call on that thread.
    static func watch(_ socket: UnsafeMutablePointer<GSocket>, priority: Int32 = G_PRIORITY_DEFAULT,
                      _ work: @escaping () -> Void) -> UnsafeMutablePointer<GSource> {
        let source = g_socket_create_source(socket, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue), nil)!
        let callback: @convention(c) (UnsafeMutablePointer<GSocket>?, GIOCondition, gpointer?) -> gboolean = { _, _, data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().work()
            return 1
        }
        g_source_set_callback(source, unsafeBitCast(callback, to: GSourceFunc.self), Unmanaged.passRetained(WorkBox(work)).toOpaque()) {
            Unmanaged<WorkBox>.fromOpaque($0!).release()
        }
        g_source_set_priority(source, priority)
        g_source_attach(source, nil)
        return source
    }

    /// Stops a ``watch(_:priority:_:)`` (also from its own work).
    static func unwatch(_ source: UnsafeMutablePointer<GSource>) {
        g_source_destroy(source)
        g_source_unref(source)
    }

    /// Runs `work` on the loop's thread every `seconds`; call on that thread.
    static func every(seconds: Int, _ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work))
        g_timeout_add_seconds_full(G_PRIORITY_DEFAULT, guint(seconds), { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().work()
            return 1
        }, box.toOpaque(), { Unmanaged<WorkBox>.fromOpaque($0!).release() })
    }
}

private final class WorkBox {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}

/// A value that belongs to the loop's thread, carried through another thread untouched.
struct LoopBound<Value>: @unchecked Sendable {
    let value: Value
}
