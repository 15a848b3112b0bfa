import Foundation
internal import CLinux

/// A limit on the process's address space (`ulimit -v`, RLIMIT_AS) counts what glibc's
/// malloc reserves as well as what it uses: 64 MiB for the heap of each thread that
/// allocates (up to eight a core). Under such a limit a job could run out of address space
/// with little memory used, and the thread that found no room (Pango's, libdispatch's) aborted
/// the process or waited for ever. So when the limit is set, every thread allocates from the
/// one heap, and a job short of memory stops with the message of the allocation that failed.
public enum AddressSpaceLimit {
    /// Keeps malloc to one heap when the address space is limited; call before any thread starts.
    public static func fitHeaps() {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return }
        mallopt(M_ARENA_MAX, 1)
    }
}
