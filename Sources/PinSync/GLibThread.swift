import Foundation
internal import CSoup

/// A thread running a GLib main context of its own (not the default one, which a service or
/// an app may run): the libsoup objects of a watch are made, used and released there only.
/// ``stop()`` ends it; it must be called once, after which ``perform(_:)`` does nothing.
final class GLibThread: @unchecked Sendable {
    private let context: OpaquePointer
    private let loop: OpaquePointer
    private let finished = DispatchSemaphore(value: 0)

    init(name: String) {
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        // The thread holds the owner: the loop and context outlive it.
        let thread = Thread { [self] in
            g_main_context_push_thread_default(context)
            g_main_loop_run(loop)
            // What was released last may have queued callbacks (a closed stream's): run them.
            while g_main_context_iteration(context, 0) != 0 {}
            g_main_context_pop_thread_default(context)
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }

    /// Runs `work` on the thread, from any thread, after the work handed over before it.
    func perform(_ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Work(work))
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, { data in
            Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().run()
            return 0
        }, box.toOpaque(), { Unmanaged<Work>.fromOpaque($0!).release() })
    }

    /// Runs `work` on the thread every `seconds` until it returns false; call on the thread.
    func every(seconds: UInt32, _ work: @escaping () -> Bool) {
        let source = g_timeout_source_new_seconds(seconds)!
        let box = Unmanaged.passRetained(Repeating(work))
        g_source_set_callback(source, { data in
            Unmanaged<Repeating>.fromOpaque(data!).takeUnretainedValue().run() ? 1 : 0
        }, box.toOpaque(), { Unmanaged<Repeating>.fromOpaque($0!).release() })
        g_source_attach(source, context)
        g_source_unref(source)
    }

    /// Runs the work handed over so far, ends the thread and waits for it.
    func stop() {
        perform { [loop] in g_main_loop_quit(loop) }
        finished.wait()
    }

    private final class Work {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    private final class Repeating {
        let run: () -> Bool
        init(_ run: @escaping () -> Bool) { self.run = run }
    }
}
