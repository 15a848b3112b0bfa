import Foundation

/// An upload's body written to a new file as it arrives, so that it never sits whole in
/// memory: `.NAME.upload-XXXXXX` (mode 0600) in the directory given, removed when this is
/// released unless ``finish()`` handed it over. A write that fails (a full disk) removes the
/// file at once and drops the rest of the body; ``finish()`` then reports it.
package final class UploadFile {
    /// Where the body goes.
    package let url: URL
    /// The bytes written so far.
    package private(set) var byteCount = 0
    private var descriptor: Int32
    private var failure: HTTPFailure?
    private var handedOver = false

    /// A new, empty file in `directory`, named after `name` (a content id).
    package init(directory: URL, name: String) throws(HTTPFailure) {
        var template = Array(directory.appendingPathComponent(".\(name).upload-XXXXXX").path.utf8CString)
        descriptor = mkstemp(&template)
        url = URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        guard descriptor >= 0 else { throw Self.failure(errno, after: 0, file: url) }
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
        if !handedOver { unlink(url.path) }
    }

    /// Writes the next bytes of the body (nothing once a write failed).
    package func append(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while descriptor >= 0 && offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
                byteCount += written
            } else if errno != EINTR {
                failure = Self.failure(errno, after: byteCount, file: url)
                Glibc.close(descriptor)
                descriptor = -1
                unlink(url.path)
            }
        }
    }

    /// Closes the file and hands it over (the caller moves it into place or removes it);
    /// throws 507 when the disk was full, 500 for another failure to write.
    package func finish() throws(HTTPFailure) -> URL {
        if let failure { throw failure }
        let closed = Glibc.close(descriptor)
        descriptor = -1
        guard closed == 0 else {
            throw Self.failure(errno, after: byteCount, file: url)
        }
        handedOver = true
        return url
    }

    /// A failed write of `file`: 507 for a full disk (told to the client, without the path);
    /// else a 500, whose message (with the path) goes only to the server's log.
    private static func failure(_ code: Int32, after bytes: Int, file: URL) -> HTTPFailure {
        if code == ENOSPC || code == EDQUOT {
            return HTTPFailure(status: 507, message: "the server's disk is full: the upload stopped after \(bytes) bytes")
        }
        return HTTPFailure(status: 500, message: "the upload cannot be stored in \(file.path) after \(bytes) bytes: \(String(cString: strerror(code)))")
    }
}
