/// Decoding errors as the other messages word them: the field by its path with indexes
/// (`cases[0].pins`, where Foundation's coding path says `cases.Index 0.pins`), then what
/// was expected.
extension InputError {
    /// A `DecodingError` of `source` as one line: where it is and what was expected there.
    ///
    ///     InputError(source: "m.json", decoding: error)   // m.json: cases[0].pins: expected a number
    public init(source: String, decoding error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(source: source, location: Self.location(context.codingPath),
                      problem: "expected \(Self.kind(of: type))")
        case .valueNotFound(let type, let context):
            self.init(source: source, location: Self.location(context.codingPath),
                      problem: "expected \(Self.kind(of: type)), found null")
        case .keyNotFound(let key, let context):
            self.init(source: source, location: Self.location(context.codingPath + [key]), problem: "missing")
        case .dataCorrupted(let context):
            self.init(source: source, location: Self.location(context.codingPath), problem: context.debugDescription)
        @unknown default:
            self.init(source: source, location: "", problem: "\(error)")
        }
    }

    /// A coding path as messages name fields: `pages[0].markers[2].x`.
    public static func location(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// What JSON calls a Swift type: `a number`, `a string`, `a list`, `an object`.
    private static func kind(of type: Any.Type) -> String {
        let name = "\(type)"
        if name.hasPrefix("Dictionary") { return "an object" }
        if name.hasPrefix("Array") { return "a list" }
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is UInt.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        default: return "a \(name)"
        }
    }
}
