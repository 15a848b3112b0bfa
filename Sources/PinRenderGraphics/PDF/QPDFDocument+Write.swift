import Foundation
import PinRenderCore
internal import CPoppler
internal import CQPDF

/// Writing a ``QPDFDocument`` so that the same input gives the same bytes.
extension QPDFDocument {
    /// Writes the document to `path` (`name` for messages).
    ///
    /// An unencrypted document gets qpdf's deterministic ID, a digest of its content.
    /// An encrypted one keeps its encryption as it was read (the same method, passwords and
    /// permissions; qpdf copies the encryption dictionary and the key), which qpdf cannot
    /// combine with its deterministic ID: the ID has to be known before the first encrypted
    /// string is written. So it is written with qpdf's fixed ID and fixed AES initialization
    /// vector, then the ID's second half (the part that says "this version of the file"; the
    /// first half, which the key is derived from, stays the original's) is replaced by the
    /// MD5 of those bytes. The fixed IV costs nothing when only an owner password is set (the
    /// file opens for everyone, so nothing is secret); with a user password it shows which
    /// strings and streams encrypted with the same key begin with the same 16 bytes.
    func write(to path: String, name: String) throws {
        guard isEncrypted else {
            guard qpdf_init_write(handle, path) & QPDF_ERRORS == 0 else { throw writeError(file: name) }
            qpdf_set_deterministic_ID(handle, QPDF_TRUE)
            guard qpdf_write(handle) & QPDF_ERRORS == 0 else { throw writeError(file: name) }
            return
        }
        guard qpdf_init_write_memory(handle) & QPDF_ERRORS == 0 else { throw writeError(file: name) }
        qpdf_set_static_ID(handle, QPDF_TRUE)
        qpdf_set_static_aes_IV(handle, QPDF_TRUE)
        guard qpdf_write(handle) & QPDF_ERRORS == 0, let buffer = qpdf_get_buffer(handle) else {
            throw writeError(file: name)
        }
        let bytes = Self.replacingFixedID(in: Data(bytes: buffer, count: qpdf_get_buffer_length(handle)))
        // Written in place, not through a file of its own renamed over `path` (FileManager's
        // way): `path` is a temporary file already, or an unnamed file's /proc/self/fd name.
        do {
            try bytes.write(to: URL(fileURLWithPath: path))
        } catch {
            throw OutputError(file: name, reason: "cannot create the file")
        }
    }

    /// qpdf's fixed ID (`qpdf_set_static_ID`), as it writes it at the end of the `/ID` array.
    private static let fixedIDEnd = Data("><31415926535897932384626433832795>]".utf8)

    /// `bytes` with the fixed second half of every `/ID` (the trailer's, or the cross-reference
    /// stream's; neither is encrypted or compressed) replaced by the MD5 of `bytes`, in hex:
    /// the same length, so no offset moves.
    static func replacingFixedID(in bytes: Data) -> Data {
        let digest = bytes.withUnsafeBytes { raw -> String in
            let hex = g_compute_checksum_for_data(G_CHECKSUM_MD5, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count))!
            defer { g_free(hex) }
            return String(cString: hex).uppercased()
        }
        let replacement = Data(("><" + digest + ">]").utf8)
        var result = bytes
        var searchFrom = result.startIndex
        while let found = result.range(of: fixedIDEnd, in: searchFrom..<result.endIndex) {
            result.replaceSubrange(found, with: replacement)
            searchFrom = found.upperBound
        }
        return result
    }
}
