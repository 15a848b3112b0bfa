import Foundation
internal import CSoup

/// A `SoupSession`: no cookie jar, no cache, redirects left to the caller. It and the
/// requests and bodies it makes are used on the thread that made it, one exchange at a
/// time; ``HTTPExchange`` does all of it for one request.
///
///     let client = try HTTPClient(userAgent: "pinrender")
///     let deadline = HTTPDeadline(seconds: 30)
///     let request = HTTPClientRequest(method: "GET", url: url)!
///     let body = try client.send(request, before: deadline)
///     if request.status == 200 { data = try body.read(limit: 1 << 20, before: deadline) }
public final class HTTPClient {
    private let session: UnsafeMutablePointer<SoupSession>

    /// A session that names itself `userAgent` in every request.
    public init(userAgent: String) throws(HTTPClientError) {
        guard let session = soup_session_new() else { throw .transport("libsoup cannot make a session") }
        self.session = session
        soup_session_set_user_agent(session, userAgent)
    }

    deinit { g_object_unref(session) }

    /// Sends `request` and waits for the status line and headers; the body is left to read.
    public func send(_ request: HTTPClientRequest, before deadline: HTTPDeadline) throws(HTTPClientError) -> HTTPResponseBody {
        var error: UnsafeMutablePointer<GError>?
        guard let stream = soup_session_send(session, request.message, deadline.cancellable, &error) else {
            throw HTTPClientError(GLibError(consuming: error, fallback: "no answer"), deadline: deadline)
        }
        return HTTPResponseBody(stream: stream, request: request)
    }
}
