import Foundation

/// The resident memory of this process, from `/proc/self/statm`: what `--max-memory`
/// bounds. Cheap enough to read a hundred times a second (one small read of a kernel file).
enum ResidentMemory {
    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// The resident bytes now; nil where `/proc` cannot be read.
    static func bytes() -> Int? {
        let file = open("/proc/self/statm", O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // "size resident shared text lib data dt", in pages.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * pageSize
    }
}
