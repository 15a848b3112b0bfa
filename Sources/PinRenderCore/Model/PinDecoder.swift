import Foundation

/// Reads pins from the apps' JSON (`{"pins": [...]}` or a bare array) and validates every
/// field, failing on the first bad one with its index and name.
///
///     let pins = try PinDecoder(source: "pins.json").decode(data)
public struct PinDecoder: Sendable {
    /// How errors name the input (a path, a URL or `-`).
    public var source: String

    public init(source: String) {
        self.source = source
    }

    /// Decodes and validates all pins. Unknown fields are ignored; replies' coordinates too.
    public func decode(_ data: Data) throws -> [Pin] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw InputError(source: source, location: "", problem: "not valid JSON: \(error)")
        }
        let items: [JSONValue]
        switch root {
        case .array(let array):
            items = array
        case .object(let object):
            guard case .array(let array)? = object["pins"] else {
                throw InputError(source: source, location: "pins",
                                    problem: "expected an array of pins under the key \"pins\"")
            }
            items = array
        default:
            throw InputError(source: source, location: "",
                                problem: "expected {\"pins\": [...]} or an array of pins, found \(root.typeName)")
        }
        return try items.enumerated().map { index, item in
            try decodePin(item, at: Self.location(ofPinAt: index))
        }
    }

    /// How messages name the pin at an index of the input, whether it was wrapped in
    /// `{"pins": ...}` or a bare array: `pins[3]`.
    public static func location(ofPinAt index: Int) -> String {
        "pins[\(index)]"
    }

    private func decodePin(_ value: JSONValue, at location: String) throws -> Pin {
        guard case .object(let fields) = value else {
            throw InputError(source: source, location: location,
                                problem: "expected a pin object, found \(value.typeName)")
        }
        let reader = FieldReader(source: source, location: location, fields: fields)
        let id = try reader.string("id", nonEmpty: true)
        let parentId = try reader.optionalString("parentId")
        var pin = Pin(id: id,
                      contentId: try reader.string("contentId"),
                      page: try reader.optionalInteger("page", minimum: 1) ?? 1,
                      authorId: try reader.string("authorId"),
                      authorName: try reader.optionalString("authorName"),
                      createdAt: try reader.date("createdAt"),
                      text: try reader.string("text"),
                      resolved: try reader.bool("resolved"),
                      parentId: parentId,
                      number: try reader.optionalInteger("number", minimum: 0))
        if parentId == nil {
            pin.relativeX = try reader.unitInterval("relativeX")
            pin.relativeY = try reader.unitInterval("relativeY")
            pin.carry = try reader.carry("carry")
        }
        if let kind = try reader.optionalString("kind") {
            pin.kind = Pin.Kind(rawValue: kind) ?? .text
        }
        pin.audio = try reader.audio("audio")
        pin.canonical = try reader.optionalIRI("canonical")
        pin.via = try reader.optionalIRI("via")
        return pin
    }
}
