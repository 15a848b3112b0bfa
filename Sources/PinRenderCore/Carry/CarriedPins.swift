import Foundation

/// CARRIED.json: the pins file as it was, every pin in its order with its own fields, each
/// root pin at its new place with what became of it under `carry`.
public enum CarriedPins {
    /// Rewrites the pins file `data` (already read by ``PinDecoder``): the root pin at index
    /// `i` of the list takes `carried[i]`'s page and point (a `gone` pin keeps its own) and
    /// gains `"carry": {"verdict", "confidence", "from": {"page", "x", "y"}}`. Replies, and
    /// any pin without an entry, are unchanged.
    public static func write(_ data: Data, source: String, carried: [Int: CarryReport.Pin]) throws -> Data {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw InputError(source: source, location: "", problem: "not valid JSON: \(error)")
        }
        func carry(_ items: [JSONValue]) -> JSONValue {
            .array(items.enumerated().map { index, item in
                guard case .object(var pin) = item, let result = carried[index] else { return item }
                if result.verdict != .gone {
                    pin.set("page", .number(Double(result.to.page)))
                    pin.set("relativeX", .number(result.to.x))
                    pin.set("relativeY", .number(result.to.y))
                }
                pin.set("carry", .object(JSONObject([
                    "verdict": .string(result.verdict.rawValue),
                    "confidence": .number(result.confidence),
                    "from": CarryReport.place(result.from),
                ])))
                return .object(pin)
            })
        }
        let carriedRoot: JSONValue
        switch root {
        case .array(let items):
            carriedRoot = carry(items)
        case .object(var object):
            guard case .array(let items)? = object["pins"] else {
                throw InputError(source: source, location: "pins", problem: "expected an array of pins under the key \"pins\"")
            }
            object.set("pins", carry(items))
            carriedRoot = .object(object)
        default:
            throw InputError(source: source, location: "", problem: "expected {\"pins\": [...]} or an array of pins, found \(root.typeName)")
        }
        return Data((carriedRoot.text() + "\n").utf8)
    }
}
