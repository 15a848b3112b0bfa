import Foundation

/// Reads typed fields of one JSON object, throwing errors that name the field.
struct FieldReader {
    let source: String
    let location: String
    let fields: JSONObject

    private func failure(_ key: String, _ problem: String) -> InputError {
        InputError(source: source, location: "\(location).\(key)", problem: problem)
    }

    private func required(_ key: String, expecting: String) throws -> JSONValue {
        guard let value = fields[key], !isNull(value) else {
            throw failure(key, "missing (expected \(expecting))")
        }
        return value
    }

    private func isNull(_ value: JSONValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    func string(_ key: String, nonEmpty: Bool = false) throws -> String {
        let value = try required(key, expecting: "a string")
        guard case .string(let text) = value else {
            throw failure(key, "expected a string, found \(value.typeName)")
        }
        if nonEmpty && text.isEmpty { throw failure(key, "is empty") }
        return text
    }

    func optionalString(_ key: String) throws -> String? {
        guard let value = fields[key], !isNull(value) else { return nil }
        guard case .string(let text) = value else {
            throw failure(key, "expected a string or null, found \(value.typeName)")
        }
        return text
    }

    /// An optional string that must keep ``AbsoluteIRI/rule`` (a pin's `canonical`, `via`).
    func optionalIRI(_ key: String) throws -> String? {
        guard let text = try optionalString(key) else { return nil }
        guard AbsoluteIRI.isValid(text) else {
            throw failure(key, "\"\(text.prefix(100))\" is not \(AbsoluteIRI.rule)")
        }
        return text
    }

    func bool(_ key: String) throws -> Bool {
        let value = try required(key, expecting: "true or false")
        guard case .bool(let flag) = value else {
            throw failure(key, "expected true or false, found \(value.typeName)")
        }
        return flag
    }

    func optionalInteger(_ key: String, minimum: Int) throws -> Int? {
        guard let value = fields[key], !isNull(value) else { return nil }
        guard case .number(let number) = value, number.rounded() == number else {
            throw failure(key, "expected a whole number, found \(describe(value))")
        }
        guard number >= Double(minimum) else {
            throw failure(key, "\(describe(value)) is below \(minimum)")
        }
        guard number < Self.integerLimit else {
            throw failure(key, "\(describe(value)) is too large (at most \(Int(Self.integerLimit) - 1))")
        }
        return Int(number)
    }

    func unitInterval(_ key: String) throws -> Double {
        let value = try required(key, expecting: "a number from 0 to 1")
        guard case .number(let number) = value else {
            throw failure(key, "expected a number from 0 to 1, found \(value.typeName)")
        }
        guard number.isFinite, (0...1).contains(number) else {
            throw failure(key, "\(number) is outside 0...1 (coordinates are fractions of the displayed content)")
        }
        return number
    }

    func date(_ key: String) throws -> Date {
        let text = try string(key)
        guard let date = ISODate.parse(text) else {
            throw failure(key, "\"\(text)\" is not an ISO 8601 date-time (e.g. 2026-11-02T09:15:00Z)")
        }
        return date
    }

    func audio(_ key: String) throws -> Pin.Audio? {
        guard let value = fields[key], !isNull(value) else { return nil }
        guard case .object(let object) = value else {
            throw failure(key, "expected an object {\"url\", \"durationMs\"}, found \(value.typeName)")
        }
        let nested = FieldReader(source: source, location: "\(location).\(key)", fields: object)
        return Pin.Audio(url: try nested.optionalString("url") ?? "",
                         durationMs: try nested.optionalInteger("durationMs", minimum: 0) ?? 0)
    }

    /// Whole numbers are read below this (10^15): every one of them is exact in a Double.
    private static let integerLimit = 1e15

    /// A value as a message shows it: a whole number in digits as JSON would write it
    /// (9223372036854775808, not 9.223372036854776e+18) while it has at most 21 of them,
    /// another number as Swift prints it, else its type.
    private func describe(_ value: JSONValue) -> String {
        guard case .number(let number) = value else { return value.typeName }
        return number.rounded() == number && abs(number) < 1e21 ? String(format: "%.0f", number) : "\(number)"
    }
}
