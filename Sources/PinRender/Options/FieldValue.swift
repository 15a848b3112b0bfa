/// A value of a manifest or request field, as JSON has it (a query string's values are
/// all ``text``).
public enum FieldValue: Decodable, Equatable, Sendable {
    case text(String)
    case number(Double)
    case bool(Bool)
    case list([FieldValue])
    case object([String: FieldValue])
    case null

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([FieldValue].self) {
            self = .list(list)
        } else {
            self = .object(try container.decode([String: FieldValue].self))
        }
    }

    /// A text, number or boolean as an option's text: `72`, `0.5`, `true`; nil for a list,
    /// an object or null.
    public var optionText: String? {
        switch self {
        case .text(let text): return text
        case .number(let number):
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag): return String(flag)
        case .list, .object, .null: return nil
        }
    }
}
