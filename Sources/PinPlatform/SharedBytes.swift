import Foundation
internal import CSoup

/// Bytes that answers share with libsoup without copying them: a `GBytes`, created from a
/// copy of the data, released in deinit. libsoup takes its own reference while it writes.
/// A `GBytes` never changes and its count is atomic: any thread may hold one.
package final class SharedBytes: @unchecked Sendable {
    let bytes: OpaquePointer

    package init(_ data: Data) {
        bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    }

    deinit { g_bytes_unref(bytes) }
}
