import Foundation

/// Where a ``Deadline`` reads the time: seconds from a fixed start, never going back. A job
/// reads the system's monotonic clock; a test hands in a clock it moves itself, so that a
/// limit is reached by the work the job does, not by how fast the machine does it.
///
///     let deadline = Deadline(seconds: 20, maxMemory: 1 << 30, subject: "plan.pdf", clock: .monotonic)
struct JobClock: Sendable {
    /// The time now, in seconds.
    var now: @Sendable () -> Double

    /// The system's monotonic clock (the one `DispatchTime` reads).
    static let monotonic = JobClock { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}
