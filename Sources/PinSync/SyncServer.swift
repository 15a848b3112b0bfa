import Foundation
import PinPlatform
import PinRenderCore

/// The pin service a store syncs with (`pinrender serve`): its URL, the bearer token, and
/// how requests are timed and retried.
///
///     let server = SyncServer(url: URL(string: "http://127.0.0.1:8080")!, token: "s3cret")
public struct SyncServer: Sendable {
    public var url: URL
    public var token: String?
    /// Seconds for one request: connecting, the headers and the whole answer.
    public var timeout: Double
    public var retry: RetryPolicy

    public init(url: URL, token: String? = nil, timeout: Double = 30, retry: RetryPolicy = RetryPolicy()) {
        self.url = url
        self.token = token
        self.timeout = timeout
        self.retry = retry
    }

    /// The most bytes of one answer: a batch's results and changes, or a page of changes
    /// (the service sends at most 1000 pins a page and takes 4 MiB batches).
    static let maxAnswer = 64 << 20

    /// An answer the client cannot retry: its status and the server's `error` line.
    struct Refusal: Error {
        var status: Int
        var message: String
    }

    /// Sends a request until it gets an answer, retrying what may pass on a second try
    /// (no connection, a timeout, a cut or unreadable answer, 408, 429, 5xx) with backoff.
    /// Returns a 2xx answer read as `Answer`; throws ``Refusal`` for any other status,
    /// ``PinSyncError/unreachable(server:reason:queued:)`` when the tries ran out.
    /// `requests` counts the tries.
    ///
    /// Each try is one ``HTTPExchange``: a client of its own (a kept-alive connection the
    /// server closed is never reused), on a thread of its own, under a deadline of
    /// ``timeout`` that every libsoup call takes, so a server that stalls after the headers
    /// is given up at the timeout, not when it lets go.
    func send<Answer: Decodable>(_ method: String, _ path: String, query: [String: String] = [:], body: Data? = nil,
                                 queued: Int, requests: inout Int) async throws -> Answer {
        var components = URLComponents(url: url.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query.map { URLQueryItem(name: $0, value: $1) } }
        var headers: [(name: String, value: String)] = []
        if body != nil { headers.append(("Content-Type", "application/json")) }
        if let token { headers.append(("Authorization", "Bearer \(token)")) }
        let exchange = HTTPExchange(method, components.url!, headers: headers, body: body, timeout: timeout,
                                    maxAnswer: Self.maxAnswer, userAgent: "pinrender-sync")
        var reason = ""
        for attempt in 0..<max(1, retry.attempts) {
            if attempt > 0 { try await Task.sleep(nanoseconds: UInt64(retry.delay(after: attempt - 1) * 1e9)) }
            requests += 1
            let answer: HTTPExchange.Answer
            do {
                answer = try await exchange.answer()
            } catch {
                reason = error.description
                continue
            }
            let status = answer.status
            if (200..<300).contains(status), let value = try? JSONDecoder().decode(Answer.self, from: answer.body) { return value }
            if status == 408 || status == 429 || status >= 500 || (200..<300).contains(status) {
                reason = (200..<300).contains(status) ? "an answer that is not a JSON object" : "status \(status)"
                continue
            }
            let refusal = try? JSONDecoder().decode(WireError.self, from: answer.body)
            throw Refusal(status: status, message: refusal?.error ?? "status \(status)")
        }
        throw PinSyncError.unreachable(server: url.absoluteString, reason: reason, queued: queued)
    }
}
