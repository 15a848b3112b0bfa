import Foundation
internal import CSoup

/// SHA-256 through GLib's `GChecksum`, for the few places that need a digest (a script's
/// hash in a content security policy, a token's that is stored instead of the token).
///
///     SHA256.digest(of: Array("abc".utf8)).count  // 32
///     SHA256.hex(of: "abc")                       // "ba7816bf..."
package enum SHA256 {
    /// The 32 bytes of the digest of `bytes`.
    package static func digest(of bytes: [UInt8]) -> [UInt8] {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        g_checksum_update(checksum, bytes, bytes.count)
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return Array(digest.prefix(Int(length)))
    }

    /// The digest of `text`'s UTF-8 bytes in lower-case hexadecimal.
    package static func hex(of text: String) -> String {
        digest(of: Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
