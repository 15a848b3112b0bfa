import Foundation
internal import CSoup

/// A GLib main loop: the one way this package runs GLib and libsoup. Either the loop of the
/// default main context, which a program runs on its main thread (``init()``, ``run()``: the
/// service's server, its connections and its state live there; other threads hand results
/// back with ``perform(_:)``), or a loop of a context of its own on a thread of its own
/// (``init(threadNamed:)``: a client's libsoup objects are made, used and released there, and
/// ``stop()`` ends it).
///
/// The static functions work on the default context, the instance's ``perform(_:)`` and
/// ``every(seconds:_:)`` on the loop's own.
///
///     let loop = MainLoop()
///     loop.quitOnSignals()
///     loop.run()
///
///     let thread = MainLoop(threadNamed: "pinsync-watch")
///     thread.perform { ... }   // on that thread
///     thread.stop()
public final class MainLoop: @unchecked Sendable {
    /// The loop's context; nil for the default one.
    private let context: OpaquePointer?
    private let loop: OpaquePointer
    /// Signalled when the thread of ``init(threadNamed:)`` ends.
    private let finished: DispatchSemaphore?

    /// The loop of the default main context, for the thread that will call ``run()``.
    public init() {
        context = nil
        loop = g_main_loop_new(nil, 0)
        finished = nil
    }

    /// A loop of a context of its own (not the default one, which a service or an app may
    /// run), running at once on a new thread named `name`, until ``stop()``, which must be
    /// called once; after it, ``perform(_:)`` does nothing.
    package init(threadNamed name: String) {
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        finished = DispatchSemaphore(value: 0)
        // The thread holds the owner: the loop and context outlive it.
        let thread = Thread { [self] in
            g_main_context_push_thread_default(context)
            g_main_loop_run(loop)
            // What was released last may have queued callbacks (a closed stream's): run them.
            while g_main_context_iteration(context, 0) != 0 {}
            g_main_context_pop_thread_default(context)
            finished?.signal()
        }
        thread.name = name
        thread.start()
    }

    deinit {
        g_main_loop_unref(loop)
        if let context { g_main_context_unref(context) }
    }

    /// Runs until a signal of ``quitOnSignals()``.
    public func run() { g_main_loop_run(loop) }

    /// Ends ``run()`` on SIGINT or SIGTERM, whenever one arrives after this call: GLib's
    /// handler is in place when it returns, and the loop quits when it next turns (a signal
    /// before ``run()`` too; a quit asked before `g_main_loop_run` is forgotten by it).
    public func quitOnSignals() {
        // A process started from a thread that blocks signals (a Dispatch worker's, as
        // Foundation's Process spawns from) inherits the block: lift it on this thread, the
        // one that runs the loop, or the handler never runs.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGTERM] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for number in [SIGINT, SIGTERM] {
            g_main_loop_ref(loop)
            g_unix_signal_add_full(G_PRIORITY_HIGH, number, { data in
                g_main_loop_quit(OpaquePointer(data))
                return 1
            }, UnsafeMutableRawPointer(loop), { g_main_loop_unref(OpaquePointer($0)) })
        }
    }

    /// Runs the work handed over so far, ends the thread of ``init(threadNamed:)`` and waits
    /// for it.
    package func stop() {
        perform { [loop] in g_main_loop_quit(loop) }
        finished?.wait()
    }

    /// Runs `work` on the loop's thread, from any thread, after the work handed over before it.
    package func perform(_ work: @escaping () -> Void) {
        Self.invoke(work, in: context)
    }

    /// Runs `work` on the loop's thread every `seconds` until it returns false; call on that thread.
    package func every(seconds: Int, _ work: @escaping () -> Bool) {
        Self.repeating(every: seconds, work, in: context)
    }

    // MARK: The default context

    /// Runs `work` on the default loop's thread, from any thread.
    package static func perform(_ work: @escaping @Sendable () -> Void) {
        invoke(work, in: nil)
    }

    /// Runs `work` on the loop's thread once, when the loop next turns (after the sources
    /// ready now); call on that thread.
    package static func soon(_ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work))
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeRetainedValue().work()
            return 0
        }, box.toOpaque(), nil)
    }

    /// Runs `work` on the loop's thread once, `seconds` from now, unless ``cancel(_:)`` is
    /// called with the returned id before; call on that thread.
    package static func after(seconds: Int, _ work: @escaping () -> Void) -> UInt32 {
        let box = Unmanaged.passRetained(WorkBox(work))
        return g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: seconds * 1000), { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().work()
            return 0
        }, box.toOpaque(), { Unmanaged<WorkBox>.fromOpaque($0!).release() })
    }

    /// Stops the work of ``after(seconds:_:)`` or ``watch(descriptor:_:)`` with the id it
    /// returned.
    package static func cancel(_ id: UInt32) {
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

    /// Runs `work` on the loop's thread whenever `descriptor` has something to read (or the
    /// peer hung up, or it failed), until `work` returns false or ``cancel(_:)`` is called
    /// with the returned id; call on that thread.
    package static func watch(descriptor: Int32, _ work: @escaping () -> Bool) -> UInt32 {
        let box = Unmanaged.passRetained(RepeatingBox(work))
        return g_unix_fd_add_full(G_PRIORITY_DEFAULT, descriptor, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue),
                                  { _, _, data in Unmanaged<RepeatingBox>.fromOpaque(data!).takeUnretainedValue().work() ? 1 : 0 },
                                  box.toOpaque(), { Unmanaged<RepeatingBox>.fromOpaque($0!).release() })
    }

    /// Stops a ``watch(_:priority:_:)`` (also from its own work).
    static func unwatch(_ source: UnsafeMutablePointer<GSource>) {
        g_source_destroy(source)
        g_source_unref(source)
    }

    /// Runs `work` on the loop's thread every `seconds`; call on that thread.
    package static func every(seconds: Int, _ work: @escaping () -> Void) {
        repeating(every: seconds, { work(); return true }, in: nil)
    }

    // MARK: Any context

    /// Runs `work` on the thread of `context` (nil: the default one), from any thread.
    private static func invoke(_ work: @escaping () -> Void, in context: OpaquePointer?) {
        let box = Unmanaged.passRetained(WorkBox(work))
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().work()
            return 0
        }, box.toOpaque(), { Unmanaged<WorkBox>.fromOpaque($0!).release() })
    }

    /// Runs `work` on the thread of `context` every `seconds` until it returns false.
    private static func repeating(every seconds: Int, _ work: @escaping () -> Bool, in context: OpaquePointer?) {
        let source = g_timeout_source_new_seconds(guint(seconds))!
        g_source_set_callback(source, { data in
            Unmanaged<RepeatingBox>.fromOpaque(data!).takeUnretainedValue().work() ? 1 : 0
        }, Unmanaged.passRetained(RepeatingBox(work)).toOpaque(), { Unmanaged<RepeatingBox>.fromOpaque($0!).release() })
        g_source_attach(source, context)
        g_source_unref(source)
    }
}

private final class WorkBox {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}

private final class RepeatingBox {
    let work: () -> Bool
    init(_ work: @escaping () -> Bool) { self.work = work }
}

/// A value that belongs to a loop's thread, carried through another thread untouched.
package struct LoopBound<Value>: @unchecked Sendable {
    package let value: Value

    package init(value: Value) {
        self.value = value
    }
}
