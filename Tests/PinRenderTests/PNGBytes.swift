import Foundation

/// Building and taking apart PNG files byte by byte, for tests that need damaged or
/// unusual ones.
enum PNGBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body
            + withUnsafeBytes(of: crc32(body).bigEndian, Array.init)
    }

    /// The chunks of a PNG file, in order.
    static func chunks(of file: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var i = signature.count
        while i + 12 <= file.count {
            let length = file[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            guard i + 12 + length <= file.count else { break }
            result.append((String(decoding: file[i + 4..<i + 8], as: UTF8.self), Array(file[i + 8..<i + 8 + length])))
            i += 12 + length
        }
        return result
    }

    /// A file made of chunks.
    static func file(_ chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        signature + chunks.flatMap { chunk($0.type, $0.data) }
    }

    /// PNG's CRC-32 (ISO 3309).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

/// A fixed sequence of pseudo-random bytes (a 64-bit LCG), so damaged files are the same on
/// every run.
struct ScrambleBytes {
    var state: UInt64

    mutating func next() -> UInt8 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return UInt8(truncatingIfNeeded: state >> 56)
    }
}
