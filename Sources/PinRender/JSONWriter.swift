import Foundation

/// Appends JSON text fast, for outputs of millions of values, handing it on in chunks.
struct JSONWriter {
    private var bytes: [UInt8] = []
    private let sink: (Data) -> Void

    /// A writer that passes every megabyte or so to `sink`.
    init(sink: @escaping (Data) -> Void) {
        self.sink = sink
        bytes.reserveCapacity(1 << 20 + 4096)
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        sink(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }

    /// Shortest round-tripping form; JSON has no NaN or infinity, so those become null.
    mutating func number(_ value: Double) {
        raw(value.isFinite ? value.description : "null")
    }

    mutating func integer(_ value: Int) {
        raw(String(value))
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
        } else {
            for unit in utf8 {
                switch unit {
                case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
                case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
                case 0x0A: bytes.append(contentsOf: "\\n".utf8)
                case 0x0D: bytes.append(contentsOf: "\\r".utf8)
                case 0x09: bytes.append(contentsOf: "\\t".utf8)
                case 0..<0x20: bytes.append(contentsOf: String(format: "\\u%04x", unit).utf8)
                default: bytes.append(unit)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
