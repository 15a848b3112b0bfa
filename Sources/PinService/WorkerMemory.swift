import Foundation

/// A render worker's own memory, from `/proc/self/status`: its peak since the last
/// ``resetPeak()`` (so that a long-lived worker reports each job's, not its whole life's)
/// and what it keeps now.
enum WorkerMemory {
    /// Starts the peak (`VmHWM`) again from the resident memory now (Linux's `clear_refs`).
    static func resetPeak() {
        let file = open("/proc/self/clear_refs", O_WRONLY)
        guard file >= 0 else { return }
        _ = write(file, "5", 1)
        close(file)
    }

    /// The most resident memory since the last reset, in bytes.
    static func peak() -> Int? { field("VmHWM:") }

    /// The resident memory now, in bytes.
    static func resident() -> Int? { field("VmRSS:") }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kilobytes * 1024
    }
}
