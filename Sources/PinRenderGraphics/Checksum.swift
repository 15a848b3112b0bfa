import Foundation
internal import CPoppler

/// Digests by GLib, which Poppler loads anyway.
public enum Checksum {
    /// SHA-256 of `data`, in lowercase hex.
    public static func sha256(_ data: Data) -> String {
        let checksum = g_checksum_new(G_CHECKSUM_SHA256)
        defer { g_checksum_free(checksum) }
        data.withUnsafeBytes { raw in
            if let base = raw.bindMemory(to: UInt8.self).baseAddress { g_checksum_update(checksum, base, raw.count) }
        }
        return String(cString: g_checksum_get_string(checksum))
    }
}
