internal import CSoup

/// How glibc's malloc gives memory back, for a server whose threads pass large buffers to
/// each other (a request's body read on the loop, decoded off it, its events encoded back
/// on the loop).
package enum HeapPolicy {
    /// Blocks of 128 KiB and more get mappings of their own, unmapped when freed. By
    /// default glibc raises that threshold each time such a block is freed (up to 32 MiB),
    /// after which the large blocks of the service (bodies, answers, batches of events) came
    /// from the heaps of the threads that made them and stayed held there once freed: a
    /// burst of 2 MiB sync batches left the server 35 MB larger instead of under 30.
    package static func returnLargeBlocks() {
        mallopt(M_MMAP_THRESHOLD, 128 << 10)
    }

    /// Gives the free memory of every thread's heap back to the system (glibc's
    /// `malloc_trim`, which also releases the free pages inside a heap, not only its top):
    /// for after a large piece of work whose buffers were made and freed on worker threads.
    package static func giveBackFreeMemory() {
        _ = malloc_trim(0)
    }
}
