import Foundation
internal import CSoup

extension HTTPRequest {
    /// Whether a body follows the headers (a length above 0, or chunks).
    package var hasBody: Bool { announcedLength != 0 }

    /// What makes the request's framing ambiguous, read before anything else: several
    /// `Content-Length` values (libsoup takes the first number of "5, 10"), one that is not
    /// a number, or a `Content-Length` with a `Transfer-Encoding` (libsoup goes by the
    /// chunks). A proxy in front may frame such a request otherwise, and the bytes it takes
    /// for the next request would be read here as this one's body, or the reverse (request
    /// smuggling); nil when the framing is plain.
    var framingProblem: String? {
        let headers = soup_server_message_get_request_headers(message)
        guard let length = soup_message_headers_get_list(headers, "Content-Length").map({ String(cString: $0) }) else {
            return nil
        }
        if soup_message_headers_get_one(headers, "Transfer-Encoding") != nil {
            return "Content-Length and Transfer-Encoding together: send one of them"
        }
        if length.contains(",") {
            return "Content-Length: several values (\(length.prefix(100))): send one"
        }
        guard !length.isEmpty, length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return "Content-Length: \"\(length.prefix(100))\" is not a number of bytes"
        }
        return nil
    }

    /// The status set so far (0: none yet).
    var status: Int { Int(soup_server_message_get_status(message)) }

    /// The answer set so far as the bytes of a whole response, with `Connection: close`: to
    /// send before the body is read.
    var wireAnswer: Data {
        var fields: [(String, String)] = []
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, soup_server_message_get_response_headers(message))
        var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            guard let name, let value else { continue }
            fields.append((String(cString: name), String(cString: value)))
        }
        var body = Data()
        if let bytes = soup_message_body_flatten(soup_server_message_get_response_body(message)) {
            var size: gsize = 0
            if let data = g_bytes_get_data(bytes, &size), size > 0 { body = Data(bytes: data, count: Int(size)) }
            g_bytes_unref(bytes)
        }
        return Self.wire(status: status, fields: fields, body: body)
    }

    /// Closes the connection once the answer is sent; libsoup reads the body first, which
    /// is not kept.
    func closeAfterAnswer() {
        soup_message_headers_replace(soup_server_message_get_response_headers(message), "Connection", "close")
        soup_message_body_set_accumulate(soup_server_message_get_request_body(message), 0)
    }

    /// An error answer as the bytes of a whole response, with `Connection: close`.
    static func wire(_ failure: HTTPFailure) -> Data {
        wire(status: failure.status, fields: [("Content-Type", "application/json")] + failure.answerHeaders, body: failure.body)
    }

    /// A response: the status line, `fields` (but their framing and `Connection`), the
    /// date, the length, `Connection: close`, then `body`.
    private static func wire(status: Int, fields: [(String, String)], body: Data) -> Data {
        let framing: Set<String> = ["content-length", "transfer-encoding", "connection", "date"]
        let date = g_date_time_new_now_utc()!
        defer { g_date_time_unref(date) }
        let now = soup_date_time_to_string(date, SOUP_DATE_HTTP)!
        defer { g_free(now) }
        var head = "HTTP/1.1 \(status) \(String(cString: soup_status_get_phrase(guint(status))))\r\n"
        for (name, value) in fields where !framing.contains(name.lowercased()) {
            head += "\(name): \(value)\r\n"
        }
        head += "Date: \(String(cString: now))\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Data(head.utf8) + body
    }
}
