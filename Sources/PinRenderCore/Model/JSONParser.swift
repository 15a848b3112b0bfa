import Foundation

/// A JSON syntax error with the line and column (1-based, in bytes) where it was found, and
/// the member being read there (`changes[3].pin.relativeX`; empty outside any).
///
///     if let error = JSONSyntaxError.first(in: body) { print(error.path, error) }
public struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    public var line: Int
    public var column: Int
    public var message: String
    /// The keys and indices down to the value that could not be read, as `a.b[2].c`.
    public var path = ""
    public var description: String { "line \(line), column \(column): \(message)" }

    /// The first syntax error of `data`; nil when it is one JSON document.
    public static func first(in data: Data) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(data)
            return nil
        } catch {
            return error as? JSONSyntaxError
        }
    }

    /// The error, read inside the member `key` (a key, or an index as `[2]`).
    func inside(_ key: String) -> JSONSyntaxError {
        var error = self
        error.path = path.isEmpty || path.hasPrefix("[") ? key + path : key + "." + path
        return error
    }
}

/// Reads JSON text (RFC 8259) into ``JSONValue``s, straight from UTF-8 bytes.
///
/// Foundation's parsers measured about 14 MB/s here, too slow for exports of a million
/// pins; this one reads bytes in place, makes a `String` only for real strings, and
/// takes the fast exact path for plain decimal numbers. Invalid UTF-8, raw control
/// characters in strings, and nesting deeper than 512 levels are errors.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    static let maximumDepth = 512

    /// Parses a whole document: one value, with only white space around it.
    static func parse(_ data: Data) throws -> JSONValue {
        try data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            parser.skipSpace()
            let value = try parser.value()
            parser.skipSpace()
            guard parser.position == parser.bytes.count else { throw parser.failure("unexpected text after the JSON value") }
            return value
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func failure(_ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expect(_ word: StaticString, _ result: JSONValue) throws -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              memcmp(bytes.baseAddress! + position, word.utf8Start, count) == 0 else {
            throw failure("expected a JSON value")
        }
        position += count
        return result
    }

    private mutating func value() throws -> JSONValue {
        guard let byte = current else { throw failure("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try object())
        case UInt8(ascii: "["): return .array(try array())
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "N"), UInt8(ascii: "I"): throw failure("expected a JSON value; NaN and Infinity are not JSON numbers")
        default: throw failure("expected a JSON value, found '\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func nest() throws {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func object() throws -> JSONObject {
        try nest()
        defer { depth -= 1 }
        position += 1
        var object = JSONObject()
        skipSpace()
        if current == UInt8(ascii: "}") { position += 1; return object }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let key = try string()
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\"") }
            position += 1
            skipSpace()
            do {
                object.append(key, try value())
            } catch let error as JSONSyntaxError {
                throw error.inside(key)
            }
            skipSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): position += 1; return object
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array() throws -> [JSONValue] {
        try nest()
        defer { depth -= 1 }
        position += 1
        var items: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") { position += 1; return items }
        while true {
            skipSpace()
            do {
                items.append(try value())
            } catch let error as JSONSyntaxError {
                throw error.inside("[\(items.count)]")
            }
            skipSpace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): position += 1; return items
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func string() throws -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        var bits: UInt8 = 0
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw failure("a control character inside a string (escape it as \\u00XX)") }
            bits |= byte
            position += 1
        }
        guard let stop = current else { throw failure("the text ends inside a string") }
        if stop == UInt8(ascii: "\"") {
            position += 1
            let utf8 = UnsafeBufferPointer(rebasing: bytes[start..<position - 1])
            // ASCII is valid UTF-8 as it is: no validation to pay for (ids, dates, keys).
            return bits < 0x80 ? String(decoding: utf8, as: UTF8.self) : try text(utf8)
        }
        var buffer = Array(bytes[start..<position])
        while let byte = current {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return try buffer.withUnsafeBufferPointer { try text($0) }
            case UInt8(ascii: "\\"):
                try escape(into: &buffer)
            case ..<0x20:
                position -= 1
                throw failure("a control character inside a string (escape it as \\u00XX)")
            default:
                buffer.append(byte)
            }
        }
        throw failure("the text ends inside a string")
    }

    private func text(_ utf8: UnsafeBufferPointer<UInt8>) throws -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
        return text
    }

    private mutating func escape(into buffer: inout [UInt8]) throws {
        guard let byte = current else { throw failure("the text ends inside a string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A surrogate pair: \uD83D\uDC4D.
                guard current == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate \\u\(String(scalar, radix: 16)) in a string")
                }
                position += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("an invalid surrogate pair in a string") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a lone surrogate \\u\(String(scalar, radix: 16)) in a string")
            }
            buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw failure("an unknown escape \\\(Unicode.Scalar(byte)) in a string")
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("the text ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[position])).hexDigitValue else {
                throw failure("expected four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// A number as JSON writes it. Up to 15 significant digits and a power of ten up to 22
    /// are exact doubles, so one division rounds correctly; anything else goes to strtod.
    private mutating func number() throws -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        var mantissa: UInt64 = 0, digits = 0, scale = 0
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw failure("expected a digit")
        }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            while let d = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(d) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(d - 48) } else { scale += 1 }
                digits += 1
                position += 1
            }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            var any = false
            while let d = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(d) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(d - 48); scale -= 1 }
                if mantissa != 0 || d != 48 { digits += 1 }
                any = true
                position += 1
            }
            guard any else { throw failure("expected a digit after '.'") }
        }
        var exponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            exponent = true
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let d = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(d) else {
                throw failure("expected a digit in the exponent")
            }
            while let d = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(d) { position += 1 }
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        if !exponent && digits <= 15 && scale >= -22 && scale <= 0 {
            let magnitude = Double(mantissa) / Self.powersOfTen[-scale]
            return negative ? -magnitude : magnitude
        }
        let length = position - start
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) { buffer in
            for i in 0..<length { buffer[i] = CChar(bitPattern: bytes[start + i]) }
            buffer[length] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }

    private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }
}

/// A JSON object's members in document order; lookups scan, which beats hashing for the
/// dozen keys of a pin. A repeated key: the last one counts, as in JavaScript.
struct JSONObject: Sendable {
    private(set) var keys: [String] = []
    private(set) var values: [JSONValue] = []

    mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }

    /// Sets `key` where it is (its last place), or appends it.
    mutating func set(_ key: String, _ value: JSONValue) {
        if let index = keys.lastIndex(of: key) { values[index] = value } else { append(key, value) }
    }

    subscript(key: String) -> JSONValue? {
        guard let index = keys.lastIndex(of: key) else { return nil }
        return values[index]
    }
}
