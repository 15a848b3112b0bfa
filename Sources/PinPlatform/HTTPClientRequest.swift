import Foundation
internal import CSoup

/// A `SoupMessage`: the method, URL, headers and body of a request, then the response's
/// status and headers once ``HTTPClient/send(_:before:)`` returned. A redirect is an
/// answer like any other: the caller decides whether to follow its `Location`.
public final class HTTPClientRequest {
    let message: OpaquePointer

    /// Nil when libsoup cannot parse `url`.
    /// - Parameters:
    ///   - method: `GET`, `POST`, `PUT`...
    ///   - headers: sent as given, in order (`Content-Type` among them when there is a body).
    ///   - body: the bytes sent, copied; nil for none.
    public init?(method: String, url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        guard let message = soup_message_new(method, url.absoluteString) else { return nil }
        self.message = message
        soup_message_set_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let fields = soup_message_get_request_headers(message)
        for (name, value) in headers {
            soup_message_headers_append(fields, name, value)
        }
        if let body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, nil, bytes)
            g_bytes_unref(bytes)
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(message)) }

    /// The answer's HTTP status.
    public var status: Int { Int(soup_message_get_status(message).rawValue) }

    /// The standard reason phrase of ``status`` ("Not Found"), not the server's own: that
    /// one could say anything.
    public var standardPhrase: String { String(cString: soup_status_get_phrase(UInt32(status))) }

    /// A response header, nil when absent.
    public func responseHeader(_ name: String) -> String? {
        soup_message_headers_get_one(soup_message_get_response_headers(message), name).map { String(cString: $0) }
    }

    /// The announced body length, nil when the body is chunked or ends with the connection.
    public var announcedLength: Int64? {
        let fields = soup_message_get_response_headers(message)
        guard soup_message_headers_get_encoding(fields) == SOUP_ENCODING_CONTENT_LENGTH else { return nil }
        return Int64(soup_message_headers_get_content_length(fields))
    }
}
