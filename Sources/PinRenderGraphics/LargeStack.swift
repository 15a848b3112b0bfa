import Foundation

/// Runs a call on a thread of its own with a very large stack, and waits for it. Poppler
/// follows Type 3 glyphs, forms and patterns by recursion, and a file whose Type 3 glyph
/// shows itself recurses without end: on a thread's usual 8 MB stack that is a crash
/// (SIGSEGV, pdftocairo's fate too); on this stack it is memory, which the job's memory
/// limit (`--max-memory`) stops cleanly long before the stack's end. The stack is address
/// space, reserved, not memory: only the pages the call touches are used.
enum LargeStack {
    /// 8 GiB: beyond the default memory limit (4 GiB), within what the kernel's overcommit
    /// heuristic grants on an ordinary machine.
    static let bytes = 8 << 30

    private final class Call {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` on a thread with a stack of ``bytes``, or on this thread when such a
    /// thread cannot be made (an address-space limit, `ulimit -v`).
    static func run(_ body: () -> Void) {
        withoutActuallyEscaping(body) { body in
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            let call = Unmanaged.passRetained(Call(body))
            var thread = pthread_t()
            guard pthread_attr_setstacksize(&attributes, bytes) == 0,
                  pthread_create(&thread, &attributes, { raw in
                      Unmanaged<Call>.fromOpaque(raw!).takeRetainedValue().body()
                      return nil
                  }, call.toOpaque()) == 0 else {
                call.release()
                body()
                return
            }
            pthread_join(thread, nil)
        }
    }
}
