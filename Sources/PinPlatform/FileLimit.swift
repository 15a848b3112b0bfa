import Foundation

/// The process's limit of open file descriptors (`RLIMIT_NOFILE`) and the connections it
/// affords. libsoup stops accepting for good when an accept fails (its listener's source is
/// removed), so the server must never reach the limit: connections past the maximum are
/// refused, and the maximum leaves room for everything else.
package enum FileLimit {
    /// Descriptors kept for all but connections: standard streams, the listening socket, the
    /// store (SQLite's three files, or PostgreSQL's sockets), renders and GLib's own.
    static let reserve = 64
    /// The default maximum, when the limit affords more.
    static let defaultConnections = 1024

    /// Raises the soft limit to the hard one (as far as the kernel allows) and returns the
    /// limit in force.
    package static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == rlim_t.max ? 1 << 20 : limit.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur == rlim_t.max ? Int(Int32.max) : Int(clamping: limit.rlim_cur)
    }

    /// The most connections a limit of `descriptors` affords: two descriptors each (its
    /// socket, and the file of an upload in progress) once the reserve is kept.
    static func connections(for descriptors: Int) -> Int {
        max(0, (descriptors - reserve) / 2)
    }

    /// The maximum of connections: `requested` (by `setting`, named in the refusal), or the
    /// default within what `descriptors` affords. Throws when `requested` needs more
    /// descriptors than the limit.
    package static func maximumConnections(requested: Int?, setting: String, descriptors: Int) throws(HTTPFailure) -> Int {
        let affordable = connections(for: descriptors)
        guard let requested else {
            guard affordable >= 1 else {
                throw HTTPFailure(status: 500, message: "the file limit (\(descriptors) descriptors, ulimit -n) leaves no room for connections: \(reserve + 2) at least")
            }
            return min(defaultConnections, affordable)
        }
        guard requested <= affordable else {
            throw HTTPFailure(status: 500, message: "\(setting) \(requested) needs \(reserve + 2 * requested) file descriptors; the limit is \(descriptors) (ulimit -n), which affords \(affordable)")
        }
        return requested
    }
}
