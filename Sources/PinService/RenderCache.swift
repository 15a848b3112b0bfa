import Foundation

/// Rendered bytes by key, the least recently used dropped past `limit` bytes in all; an
/// answer larger than the limit is not kept (a limit of 0 keeps nothing).
///
///     var cache = RenderCache(limit: 64 << 20)
///     cache[key] = png
///     let again = cache[key]
struct RenderCache {
    let limit: Int
    private var entries: [String: (data: Data, used: Int)] = [:]
    /// The last use's number, counting up.
    private var uses = 0
    private(set) var bytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// How many answers are kept.
    var count: Int { entries.count }

    /// The bytes of `key`, which count as used now; setting them keeps them, dropping the
    /// least recently used entries until all fit.
    subscript(key: String) -> Data? {
        mutating get {
            guard let entry = entries[key] else { return nil }
            uses += 1
            entries[key]?.used = uses
            return entry.data
        }
        set {
            guard let newValue, newValue.count <= limit, entries[key] == nil else { return }
            uses += 1
            entries[key] = (newValue, uses)
            bytes += newValue.count
            while bytes > limit, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
                bytes -= oldest.value.data.count
                entries[oldest.key] = nil
            }
        }
    }
}
