import Foundation
internal import CSoup

/// Bytes that answers share with libsoup without copying them: a `GBytes`, created from a
/// copy of the data, released in deinit. libsoup takes its own reference while it writes.
package final class SharedBytes {
    let bytes: OpaquePointer

    package init(_ data: Data) {
        bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    }

    deinit { g_bytes_unref(bytes) }
}
