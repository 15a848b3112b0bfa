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
                let (data, response) = try await answer(to: request, from: session)
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

    /// The answer to `request`, given up after ``timeout`` seconds from the start whatever
    /// arrives meanwhile: FoundationNetworking's own timeout waits as long as the server
    /// keeps a connection open after the headers (a stalled answer held a sync 10 s past a
    /// 3 s timeout, as long as the proxy held it), and its async `data(for:)` does not end
    /// when cancelled then: the task is cancelled and left to end on its own.
    private func answer(to request: URLRequest, from session: URLSession) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = FirstOutcome(continuation)
            let task = session.dataTask(with: request) { data, response, error in
                if let data, let response {
                    outcome.resume(with: .success((data, response)))
                } else {
                    outcome.resume(with: .failure(error ?? URLError(.badServerResponse)))
                }
            }
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                outcome.resume(with: .failure(URLError(.timedOut)))
                task.cancel()
            }
        }
    }
}

/// Resumes a continuation with the first outcome it is given; later ones are dropped.
private final class FirstOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, URLResponse), Error>?

    init(_ continuation: CheckedContinuation<(Data, URLResponse), Error>) {
        self.continuation = continuation
    }

    func resume(with result: Result<(Data, URLResponse), Error>) {
        lock.withLock { () -> CheckedContinuation<(Data, URLResponse), Error>? in
            defer { continuation = nil }
            return continuation
        }?.resume(with: result)
    }
}
