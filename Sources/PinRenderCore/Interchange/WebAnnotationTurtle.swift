import Foundation

/// pinrender's JSON-LD (an annotation, an AnnotationPage, a protocol container) as Turtle: the
/// same RDF graph, written from the same JSON by the terms of ``WebAnnotationVocabulary``. Not
/// a general JSON-LD processor: it knows the terms pinrender writes and refuses any other key.
/// An object with an `id` is that IRI, described once after the statement that names it; one
/// without is a blank node (`[ ... ]`); `items` is a list (`( ... )`).
///
///     let turtle = try WebAnnotationTurtle.data(fromJSONLD: WebAnnotationDocument.json(object))
public enum WebAnnotationTurtle {
    /// The Turtle of a JSON-LD object pinrender wrote.
    /// - Throws: ``OutputError`` for JSON that is no object, or a key with no IRI here.
    public static func data(fromJSONLD data: Data) throws -> Data {
        guard case .object(let root) = try JSONParser.parse(data) else { throw failure("the JSON-LD is no object") }
        var writer = TurtleWriter()
        try writer.describe(root)
        let prefixes = WebAnnotationVocabulary.prefixes.map { "@prefix \($0.prefix): <\($0.iri)> .\n" }.joined()
        return Data((prefixes + writer.text).utf8)
    }

    static func failure(_ reason: String) -> OutputError {
        OutputError(file: "Turtle", reason: reason)
    }

    /// JSON-LD's canonical form of a double: `1.5E0`, `2.5E-1`.
    static func canonicalDouble(_ number: Double) -> String {
        let parts = String(format: "%.15E", number).split(separator: "E")
        var mantissa = String(parts[0])
        while mantissa.hasSuffix("0") { mantissa.removeLast() }
        if mantissa.hasSuffix(".") { mantissa += "0" }
        return mantissa + "E" + String(Int(parts[1]) ?? 0)
    }
}

/// Writes statements, then the nodes they named, each once.
private struct TurtleWriter {
    var text = ""
    /// The nodes named but not yet described, in the order they were named.
    private var pending: [JSONObject] = []
    /// The statements written, so that a node named twice alike is described once.
    private var written: Set<String> = []

    /// `root`, then every node it names.
    mutating func describe(_ root: JSONObject) throws {
        try statement(root)
        var next = 0
        while next < pending.count {
            try statement(pending[next])
            next += 1
        }
    }

    private mutating func statement(_ object: JSONObject) throws {
        let subject = try object["id"].map { try iri(of: $0) } ?? "[]"
        let body = try predicates(object, indent: 1)
        guard !body.isEmpty else { return }
        let statement = "\n\(subject)\(body) .\n"
        if written.insert(statement).inserted { text += statement }
    }

    /// The object's predicates and objects, `a` first, each on a line of its own.
    private mutating func predicates(_ object: JSONObject, indent: Int) throws -> String {
        let pad = String(repeating: "    ", count: indent)
        var lines: [String] = []
        if let types = object["type"] {
            lines.append("a " + (try values(types).map(name)).joined(separator: ", "))
        }
        for key in Self.uniqueKeys(of: object) where !["id", "type", "@context"].contains(key) {
            guard let value = object[key], !value.isNull else { continue }
            guard let (property, kind) = WebAnnotationVocabulary.terms[key] else {
                throw WebAnnotationTurtle.failure("\"\(key)\" has no IRI in WebAnnotationVocabulary")
            }
            let objects: [String] = switch kind {
            case .node: try values(value).map { try node($0, indent: indent) }
            case .vocabulary: try values(value).map(name)
            case .list: ["(" + (try values(value).map { " " + (try node($0, indent: indent)) }).joined() + " )"]
            case .literal(let datatype): try values(value).map { try literal($0, datatype: datatype) }
            }
            lines.append("\(property) " + objects.joined(separator: ", "))
        }
        return lines.map { "\n" + pad + $0 }.joined(separator: " ;")
    }

    /// A node: an IRI, a described object's IRI (described later), or a blank node.
    private mutating func node(_ value: JSONValue, indent: Int) throws -> String {
        guard case .object(let object) = value else { return try iri(of: value) }
        if let id = object["id"] {
            let iri = try iri(of: id)
            if Self.uniqueKeys(of: object).contains(where: { !["id", "@context"].contains($0) }) {
                pending.append(object)
            }
            return iri
        }
        return "[" + (try predicates(object, indent: indent + 1)) + "\n" + String(repeating: "    ", count: indent) + "]"
    }

    /// A class or vocabulary term by its JSON-LD name, or an IRI as it is.
    private func name(_ value: JSONValue) throws -> String {
        guard case .string(let text) = value else { throw WebAnnotationTurtle.failure("a type or term that is no string") }
        if let name = WebAnnotationVocabulary.names[text] { return name }
        guard text.contains(":") else { throw WebAnnotationTurtle.failure("\"\(text)\" has no IRI in WebAnnotationVocabulary") }
        return Self.iriReference(text)
    }

    private func iri(of value: JSONValue) throws -> String {
        guard case .string(let text) = value else { throw WebAnnotationTurtle.failure("an IRI that is no string") }
        return Self.iriReference(text)
    }

    /// A literal as JSON-LD makes it: a string (of `datatype` when the context gives one), a
    /// boolean, an integer (`xsd:integer`, or the context's datatype), another number as a
    /// canonical `xsd:double`.
    private func literal(_ value: JSONValue, datatype: String?) throws -> String {
        switch value {
        case .string(let text):
            // JSON's escapes (`\"`, `\\`, `\n`, `\u001F`) are Turtle's too.
            var quoted = ""
            JSONValue.quote(text, into: &quoted)
            return quoted + (datatype.map { "^^" + $0 } ?? "")
        case .bool(let flag): return "\"\(flag)\"^^xsd:boolean"
        case .number(let number) where number.rounded() == number && abs(number) < 1e15:
            return "\"\(Int(number))\"^^" + (datatype ?? "xsd:integer")
        case .number(let number): return "\"\(WebAnnotationTurtle.canonicalDouble(number))\"^^xsd:double"
        default: throw WebAnnotationTurtle.failure("a literal that is \(value.typeName)")
        }
    }

    private func values(_ value: JSONValue) throws -> [JSONValue] {
        if case .array(let items) = value { return items.filter { !$0.isNull } }
        return [value]
    }

    /// The keys of an object once each (the last of a repeated one counts, as in lookups).
    private static func uniqueKeys(of object: JSONObject) -> [String] {
        var seen: Set<String> = []
        return object.keys.reversed().filter { seen.insert($0).inserted }.reversed()
    }

    /// `<iri>`, with the characters an IRIREF cannot hold as `\uXXXX`.
    static func iriReference(_ iri: String) -> String {
        var text = "<"
        for scalar in iri.unicodeScalars {
            if scalar.value <= 0x20 || "<>\"{}|^`\\".unicodeScalars.contains(scalar) {
                text += String(format: "\\u%04X", scalar.value)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text + ">"
    }
}

private extension JSONValue {
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
