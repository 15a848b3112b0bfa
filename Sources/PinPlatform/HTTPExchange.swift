import Foundation

/// One request and its whole answer, through an ``HTTPClient`` of its own (so no
/// connection is ever reused), under one ``HTTPDeadline`` of ``timeout`` seconds for
/// connecting, the headers and the body, the body refused past ``maxAnswer`` bytes.
/// Redirects are not followed.
///
///     let answer = try await HTTPExchange("POST", url, headers: [("Content-Type", "application/json")],
///                                         body: json, timeout: 10).answer()
///     if answer.status == 200 { ... answer.body ... }
public struct HTTPExchange: Sendable {
    public var method: String
    public var url: URL
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// Seconds for the whole exchange.
    public var timeout: Double
    /// The most body bytes taken, after decompression.
    public var maxAnswer: Int
    public var userAgent: String

    /// - Parameters:
    ///   - method: `GET`, `POST`, `PUT`...
    ///   - url: where to send it.
    ///   - headers: sent as given (`Content-Type` among them when there is a body).
    ///   - body: the bytes sent; nil for none.
    ///   - timeout: seconds for connecting, the headers and the whole body.
    ///   - maxAnswer: the most body bytes taken (64 MiB unless told).
    ///   - userAgent: the `User-Agent` header.
    public init(_ method: String, _ url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil,
                timeout: Double = 30, maxAnswer: Int = 64 << 20, userAgent: String = "pinrender") {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxAnswer = maxAnswer
        self.userAgent = userAgent
    }

    /// The answer: its status and whole body, whatever the status.
    public struct Answer: Sendable {
        public var status: Int
        public var body: Data
    }

    /// Sends the request and reads the answer on this thread, which blocks until it is
    /// done or the deadline passed.
    public func run() throws(HTTPClientError) -> Answer {
        let deadline = HTTPDeadline(seconds: timeout)
        let client = try HTTPClient(userAgent: userAgent)
        guard let request = HTTPClientRequest(method: method, url: url, headers: headers, body: body) else {
            throw .transport("libsoup cannot send to \(url.absoluteString)")
        }
        let stream = try client.send(request, before: deadline)
        return Answer(status: request.status, body: try stream.read(limit: maxAnswer, before: deadline))
    }

    /// ``run()`` on a thread of its own: the blocking libsoup calls never hold a thread of
    /// Swift's cooperative pool, and the deadline bounds how long the caller waits.
    public func answer() async throws(HTTPClientError) -> Answer {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Answer, HTTPClientError>, Never>) in
            let thread = Thread {
                continuation.resume(returning: Result { () throws(HTTPClientError) in try run() })
            }
            thread.name = "pinrender-http"
            thread.start()
        }
        return try result.get()
    }
}
