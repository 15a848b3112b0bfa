import Foundation
internal import CSoup

/// The body of a response, decompressed by libsoup as it is read. Released unread (a
/// redirect, an error), its connection is dropped, not drained.
public final class HTTPResponseBody {
    private let stream: UnsafeMutablePointer<GInputStream>
    /// The request the body answers, kept alive as long as the stream.
    public let request: HTTPClientRequest

    init(stream: UnsafeMutablePointer<GInputStream>, request: HTTPClientRequest) {
        self.stream = stream
        self.request = request
    }

    deinit { g_object_unref(stream) }

    /// Reads up to `limit` bytes (a block at a time, never more in memory); more than that
    /// is a failure as soon as the first byte over it arrives.
    public func read(limit: Int, before deadline: HTTPDeadline) throws(HTTPClientError) -> Data {
        var body = Data()
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var error: UnsafeMutablePointer<GError>?
            let count = block.withUnsafeMutableBytes {
                g_input_stream_read(stream, $0.baseAddress, gsize($0.count), deadline.cancellable, &error)
            }
            if count < 0 { throw HTTPClientError(GLibError(consuming: error, fallback: "the body could not be read"), deadline: deadline) }
            if count == 0 { break }
            guard body.count + count <= limit else {
                let encoding = request.responseHeader("Content-Encoding")
                throw .tooLarge(limit: limit, encoding: encoding.flatMap { $0.lowercased() == "identity" ? nil : $0 })
            }
            body.append(contentsOf: block[..<count])
        }
        var error: UnsafeMutablePointer<GError>?
        if g_input_stream_close(stream, deadline.cancellable, &error) == 0 {
            throw HTTPClientError(GLibError(consuming: error, fallback: "the body could not be read"), deadline: deadline)
        }
        return body
    }
}
