import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The pin service a store syncs with (`pinrender serve`): its URL, the bearer token, and
/// how requests are timed and retried.
///
///     let server = SyncServer(url: URL(string: "http://127.0.0.1:8080")!, token: "s3cret")
public struct SyncServer: Sendable {
    public var url: URL
    public var token: String?
    /// Seconds for one request, connecting included.
    public var timeout: Double
    public var retry: RetryPolicy

    public init(url: URL, token: String? = nil, timeout: Double = 30, retry: RetryPolicy = RetryPolicy()) {
        self.url = url
        self.token = token
        self.timeout = timeout
        self.retry = retry
    }

    /// An answer the client cannot retry: its status and the server's `error` line.
    struct Refusal: Error {
        var status: Int
        var message: String
    }

    /// Sends a request until it gets an answer, retrying what may pass on a second try
    /// (no connection, a timeout, a cut or unreadable answer, 408, 429, 5xx) with backoff.
    /// Returns the JSON object of a 2xx answer; throws ``Refusal`` for any other status,
    /// ``PinSyncError/unreachable(server:reason:queued:)`` when the tries ran out.
    /// `requests` counts the tries.
    func send(_ method: String, _ path: String, query: [String: String] = [:], body: Data? = nil, queued: Int,
              requests: inout Int) async throws -> [String: Any] {
        var components = URLComponents(url: url.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0, value: $1) } }
        var request = URLRequest(url: components.url!, timeoutInterval: timeout)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        var reason = ""
        for attempt in 0..<max(1, retry.attempts) {
            if attempt > 0 { try await Task.sleep(nanoseconds: UInt64(retry.delay(after: attempt - 1) * 1e9)) }
            requests += 1
            // A session per try: FoundationNetworking spins until the timeout when a kept-alive
            // connection is closed without an answer, so a try never reuses one.
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            do {
                let (data, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                let answer = JSONText.object(data)
                if (200..<300).contains(status), let answer { return answer }
                if status == 408 || status == 429 || status >= 500 || (200..<300).contains(status) {
                    reason = (200..<300).contains(status) ? "an answer that is not a JSON object" : "status \(status)"
                    continue
                }
                throw Refusal(status: status, message: answer?["error"] as? String ?? "status \(status)")
            } catch let error as URLError {
                reason = error.localizedDescription
            }
        }
        throw PinSyncError.unreachable(server: url.absoluteString, reason: reason, queued: queued)
    }
}
