import Foundation
internal import CSoup

/// A request of libsoup's server (``SoupHTTPServer``), seen by the handlers on the loop
/// thread: its method, path, query, headers and body; the answer is set on it. libsoup owns the
/// message; a paused one (``pause()``) is kept alive by a reference until it is answered.
package final class HTTPRequest {
    let message: OpaquePointer

    init(_ message: OpaquePointer) {
        self.message = message
    }

    package var method: String { String(cString: soup_server_message_get_method(message)) }

    /// The path as the client wrote it, percent-encoded (`/v1/contents/plan/pins`), for the caller to
    /// decode segment by segment.
    package var path: String {
        g_uri_get_path(soup_server_message_get_uri(message)).map { String(cString: $0) } ?? "/"
    }

    /// The query's fields, decoded; the last value wins when a name repeats.
    package var query: [String: String] {
        guard let raw = g_uri_get_query(soup_server_message_get_uri(message)) else { return [:] }
        var fields: [String: String] = [:]
        for pair in String(cString: raw).split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            fields[decode(parts[0])] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return fields
    }

    package func header(_ name: String) -> String? {
        soup_message_headers_get_one(soup_server_message_get_request_headers(message), name).map { String(cString: $0) }
    }

    /// The announced body length, nil when the body is chunked or absent.
    package var announcedLength: Int? {
        let headers = soup_server_message_get_request_headers(message)
        switch soup_message_headers_get_encoding(headers) {
        case SOUP_ENCODING_CONTENT_LENGTH: return Int(soup_message_headers_get_content_length(headers))
        case SOUP_ENCODING_NONE: return 0
        default: return nil
        }
    }

    /// The request body, read whole by libsoup before the handler runs (but with
    /// ``streamBody(into:name:)``).
    package var body: Data {
        guard let body = soup_server_message_get_request_body(message), let data = body.pointee.data,
              body.pointee.length > 0 else { return Data() }
        return Data(bytes: data, count: Int(body.pointee.length))
    }

    /// Writes the body to a new file in `directory` as it arrives, instead of keeping it
    /// (see ``UploadFile``); call before the body is read (in the early handler).
    package func streamBody(into directory: URL, name: String) throws(HTTPFailure) {
        let file = try UploadFile(directory: directory, name: name)
        soup_message_body_set_accumulate(soup_server_message_get_request_body(message), 0)
        let object = UnsafeMutableRawPointer(message).assumingMemoryBound(to: GObject.self)
        g_object_set_data_full(object, Self.uploadKey, Unmanaged.passRetained(file).toOpaque()) {
            Unmanaged<UploadFile>.fromOpaque($0!).release()
        }
        let chunk: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, bytes, data in
            var size: gsize = 0
            guard let bytes, let start = g_bytes_get_data(bytes, &size) else { return }
            Unmanaged<UploadFile>.fromOpaque(data!).takeUnretainedValue().append(UnsafeRawBufferPointer(start: start, count: Int(size)))
        }
        g_signal_connect_data(object, "got-chunk", unsafeBitCast(chunk, to: GCallback.self),
                              Unmanaged.passUnretained(file).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }

    /// The file that ``streamBody(into:name:)`` wrote the body to.
    package var bodyFile: UploadFile? {
        g_object_get_data(UnsafeMutableRawPointer(message).assumingMemoryBound(to: GObject.self), Self.uploadKey)
            .map { Unmanaged<UploadFile>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let uploadKey = "pinrender-upload"

    /// Which request this is: the same for each value made of one libsoup message.
    package var id: OpaquePointer { message }

    /// The bytes of the answer's body (as set so far).
    package var responseLength: Int {
        Int(soup_server_message_get_response_body(message).pointee.length)
    }

    /// Sets the answer: a status, a body of `type`, and headers.
    package func respond(_ status: Int, body: Data = Data(), type: String = "application/json",
                 headers: [(String, String)] = []) {
        soup_server_message_set_status(message, UInt32(status), nil)
        let fields = soup_server_message_get_response_headers(message)
        for (name, value) in headers { soup_message_headers_replace(fields, name, value) }
        if status == 204 || status == 304 { return }
        body.withUnsafeBytes { bytes in
            soup_server_message_set_response(message, type, SOUP_MEMORY_COPY,
                                             bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(bytes.count))
        }
    }

    /// Adds headers to the answer, whatever it turns out to be (an error's too).
    package func addResponseHeaders(_ headers: [(String, String)]) {
        let fields = soup_server_message_get_response_headers(message)
        for (name, value) in headers { soup_message_headers_replace(fields, name, value) }
    }

    /// Sets the answer: a status and a body of `type` made of `parts` in order, which are
    /// not copied (a large body kept between answers).
    package func respond(_ status: Int, parts: [SharedBytes], type: String = "application/json") {
        soup_server_message_set_status(message, UInt32(status), nil)
        soup_message_headers_set_content_type(soup_server_message_get_response_headers(message), type, nil)
        let body = soup_server_message_get_response_body(message)
        soup_message_body_truncate(body)
        for part in parts { soup_message_body_append_bytes(body, part.bytes) }
    }

    /// An error answer: its status, headers (a 401's challenge among them) and JSON body.
    package func fail(_ failure: HTTPFailure) {
        respond(failure.status, body: failure.body, headers: failure.answerHeaders)
    }

    /// Holds the answer back until ``resume()``: the message is referenced meanwhile.
    /// The status is set now (to 202), so libsoup does not take the request for a WebSocket
    /// handshake after the handler returns; the real one replaces it.
    package func pause() {
        soup_server_message_set_status(message, 202, nil)
        g_object_ref(UnsafeMutableRawPointer(message))
        soup_server_message_pause(message)
    }

    /// Sends the answer set since ``pause()``, on the loop thread.
    package func resume() {
        soup_server_message_unpause(message)
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    /// Answers later, from work done off the loop thread: holds the answer back
    /// (``pause()``), runs `work` on `queue`, then, on the loop thread, hands its result to
    /// `answer`, which sets the answer as a handler does, and sends it (``resume()``). The
    /// loop goes on meanwhile: only `answer` touches the request.
    ///
    ///     request.answerLater(on: readers, { store.lastSeq() }) { request, seq in request.respond(200, json: seq) }
    package func answerLater<T: Sendable>(on queue: DispatchQueue, _ work: @escaping @Sendable () -> T,
                                  answer: @escaping (HTTPRequest, T) -> Void) {
        pause()
        let bound = LoopBound(value: (request: self, answer: answer))
        queue.async {
            let result = work()
            MainLoop.perform {
                bound.value.answer(bound.value.request, result)
                bound.value.request.resume()
            }
        }
    }
}
