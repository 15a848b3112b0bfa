import Foundation

extension JSONValue {
    /// The value as JSON text, members in their order: an object on one line, an array of
    /// objects (a pins list) an item a line with `indent` before each.
    func text(indent: String = "") -> String {
        var out = ""
        write(to: &out, indent: indent)
        return out
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.number(value)
        case .string(let value): Self.quote(value, into: &out)
        case .array(let items):
            let lines = items.contains { if case .object = $0 { return true } else { return false } }
            out += "["
            for (index, item) in items.enumerated() {
                out += index == 0 ? (lines ? "\n" + indent + "  " : "") : (lines ? ",\n" + indent + "  " : ", ")
                item.write(to: &out, indent: indent + "  ")
            }
            out += lines && !items.isEmpty ? "\n" + indent + "]" : "]"
        case .object(let object):
            out += "{"
            for (index, key) in object.keys.enumerated() {
                if index > 0 { out += ", " }
                Self.quote(key, into: &out)
                out += ": "
                object.values[index].write(to: &out, indent: indent)
            }
            out += "}"
        }
    }

    /// A whole number as one (`3`, not `3.0`); otherwise the shortest text that reads back
    /// the same; JSON has no NaN or infinity, so those are null.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
