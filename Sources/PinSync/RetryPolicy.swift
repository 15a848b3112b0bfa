import Foundation

/// How often and how long a request is tried again after a network failure, a timeout or
/// a server error: exponential backoff with full jitter (each wait is random between 0 and
/// `initialDelay x 2^try`, at most `maxDelay`), so clients that lost the server together
/// do not come back together.
public struct RetryPolicy: Sendable {
    /// Tries in all, the first included.
    public var attempts: Int
    /// Seconds: the ceiling of the first wait.
    public var initialDelay: Double
    /// Seconds: the ceiling of any wait.
    public var maxDelay: Double

    public init(attempts: Int = 6, initialDelay: Double = 0.2, maxDelay: Double = 10) {
        self.attempts = attempts
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// One try, no retry.
    public static let once = RetryPolicy(attempts: 1)

    /// Seconds to wait after the failed try number `attempt` (0 for the first).
    public func delay(after attempt: Int) -> Double {
        Double.random(in: 0...min(maxDelay, initialDelay * pow(2, Double(attempt))))
    }
}
