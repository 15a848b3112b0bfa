import Foundation
internal import CSoup

// Owners of the libsoup objects of one fetch, each freed in its deinit. All of them are
// used on the thread that made the session.

/// A `SoupSession` for one fetch: no cookie jar, no cache, redirects left to the caller.
final class SoupClientSession {
    private let session: UnsafeMutablePointer<SoupSession>

    init() throws(FetchError) {
        guard let session = soup_session_new() else { throw .transport("libsoup cannot make a session") }
        self.session = session
        soup_session_set_user_agent(session, "pinrender")
    }

    deinit { g_object_unref(session) }

    /// Sends `request` and waits for the status line and headers; the body is left to read.
    func send(_ request: SoupRequest, before deadline: FetchDeadline) throws(FetchError) -> SoupResponseBody {
        var error: UnsafeMutablePointer<GError>?
        guard let stream = soup_session_send(session, request.message, deadline.cancellable, &error) else {
            throw deadline.failure(error, fallback: "no answer")
        }
        return SoupResponseBody(stream: stream, request: request)
    }
}

/// A GET `SoupMessage`: the request headers, then the response's status and headers.
final class SoupRequest {
    fileprivate let message: OpaquePointer

    /// Nil when libsoup cannot parse `url`.
    init?(get url: URL, headers: [(name: String, value: String)]) {
        guard let message = soup_message_new("GET", url.absoluteString) else { return nil }
        self.message = message
        soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let fields = soup_message_get_request_headers(message)
        for (name, value) in headers {
            soup_message_headers_append(fields, name, value)
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(message)) }

    var status: Int { Int(soup_message_get_status(message).rawValue) }

    /// The standard reason phrase of ``status`` ("Not Found"), not the server's own: that
    /// one could say anything.
    var standardPhrase: String { String(cString: soup_status_get_phrase(UInt32(status))) }

    /// A response header, nil when absent.
    func responseHeader(_ name: String) -> String? {
        soup_message_headers_get_one(soup_message_get_response_headers(message), name).map { String(cString: $0) }
    }

    /// The announced body length, nil when the body is chunked or ends with the connection.
    var announcedLength: Int64? {
        let fields = soup_message_get_response_headers(message)
        guard soup_message_headers_get_encoding(fields) == SOUP_ENCODING_CONTENT_LENGTH else { return nil }
        return Int64(soup_message_headers_get_content_length(fields))
    }
}

/// The body of a response, decompressed by libsoup as it is read. Released unread (a
/// redirect, an error), its connection is dropped, not drained.
final class SoupResponseBody {
    private let stream: UnsafeMutablePointer<GInputStream>
    /// The message the stream belongs to, kept alive as long as the stream.
    let request: SoupRequest

    fileprivate init(stream: UnsafeMutablePointer<GInputStream>, request: SoupRequest) {
        self.stream = stream
        self.request = request
    }

    deinit { g_object_unref(stream) }

    /// Reads up to `limit` bytes (a block at a time, never more in memory); more than that
    /// is a failure as soon as the first byte over it arrives.
    func read(limit: Int, before deadline: FetchDeadline) throws(FetchError) -> Data {
        var body = Data()
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var error: UnsafeMutablePointer<GError>?
            let count = block.withUnsafeMutableBytes {
                g_input_stream_read(stream, $0.baseAddress, gsize($0.count), deadline.cancellable, &error)
            }
            if count < 0 { throw deadline.failure(error, fallback: "the body could not be read") }
            if count == 0 { break }
            guard body.count + count <= limit else {
                let encoding = request.responseHeader("Content-Encoding")
                throw .tooLarge(limit: limit, encoding: encoding.flatMap { $0.lowercased() == "identity" ? nil : $0 })
            }
            body.append(contentsOf: block[..<count])
        }
        var error: UnsafeMutablePointer<GError>?
        if g_input_stream_close(stream, deadline.cancellable, &error) == 0 {
            throw deadline.failure(error, fallback: "the body could not be read")
        }
        return body
    }
}
