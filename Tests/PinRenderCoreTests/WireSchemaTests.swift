import Foundation
import Testing
@testable import PinRenderCore

/// The wire model and docs/openapi.json agree: every example of each wire type, encoded,
/// is valid against its schema (no field the schema does not list, every required one, the
/// types), and the examples together use every field of every schema they reach. A field
/// added to one and not the other fails here.
struct WireSchemaTests {
    private static let root = Pin(id: "p1", contentId: "plan", page: 2, relativeX: 0.25, relativeY: 0.5, authorId: "ana",
                                  authorName: "Ana", createdAt: Date(timeIntervalSince1970: 1_700_000_000.5), text: "Crack here",
                                  resolved: false, number: 4, kind: .voice, audio: Pin.Audio(url: "https://a.example/1.m4a", durationMs: 1200),
                                  carry: PinCarry(verdict: "moved", confidence: 0.9, from: .init(page: 1, x: 0.2, y: 0.4)),
                                  canonical: "urn:uuid:1b0f7a3e", via: "https://elsewhere.example/annotations/41")
    private static let reply = Pin(id: "r1", contentId: "plan", authorId: "bo", createdAt: Date(timeIntervalSince1970: 1_700_000_100),
                                   text: "Seen", parentId: "p1")
    private static let stored = WirePin(root, version: 3, updatedAt: "2026-01-02T03:04:05.678Z", seq: 12, deleted: false)
    private static let tombstone = WirePin(reply, version: 2, updatedAt: "2026-01-02T03:04:06.000Z", seq: 13, deleted: true)

    /// Each wire type's examples, by the schema that describes them.
    private static let examples: [(schema: String, value: any Encodable & Sendable)] = [
        ("StoredPin", stored), ("StoredPin", tombstone),
        ("PinInput", WirePin(root)), ("PinInput", WirePin(reply)),
        ("PinEdit", WireEdit(text: "t", relativeX: 0.1, relativeY: 0.2, page: 1, resolved: true, version: 3)),
        ("PinEdit", ["version": 3, "carry": nil] as [String: Int?]),
        ("SyncRequest", WireSyncRequest(contentId: "plan", cursor: 7, changes: [
            .create(changeId: "c1", pin: WirePin(root)),
            .update(changeId: "c2", id: "p1", version: 3, set: WireEdit(resolved: true)),
            .delete(changeId: "c3", id: "p1", version: 4),
        ])),
        ("SyncAnswer", WireSyncAnswer(results: [
            WireSyncResult(changeId: "c1", pinId: "p1", status: .applied),
            WireSyncResult(changeId: "c2", pinId: "p1", status: .refused, reason: "version: 2 is stale", replayed: true),
        ], contentId: "plan", cursor: 13, more: false, changes: [stored, tombstone])),
        ("ChangeList", WireChangeList(contentId: "plan", cursor: 13, more: true, changes: [stored, tombstone])),
        ("PinList", WirePinList(contentId: "plan", cursor: 13, pins: [stored])),
        ("Event", WireEvent(type: "pin.updated", seq: 12, contentId: "plan", pin: stored)),
        ("Event", WireEvent(type: "ready", contentId: "plan", cursor: 12)),
        ("Error", WireError(status: 409, error: "version: the pin is at version 3", current: stored)),
    ]

    @Test func everyExampleIsValidAndTheExamplesUseEveryField() throws {
        let document = try Self.document()
        var checker = SchemaChecker(document: document)
        for (name, value) in Self.examples {
            let json = try JSONParser.parse(JSONEncoder().encode(value))
            checker.check(json, against: Self.reference(name), at: name)
        }
        #expect(checker.problems == [])
        #expect(checker.unused() == [])
    }

    /// The limits and the id rule the model states are the document's.
    @Test func theLimitsAndTheIdRuleAreTheDocuments() throws {
        let schemas = try Self.document().object?["components"]?.object?["schemas"]?.object
        let request = schemas?["SyncRequest"]?.object?["properties"]?.object
        #expect(request?["changes"]?.object?["maxItems"]?.number == Double(WireSyncRequest.maxChanges))
        let create = schemas?["SyncChange"]?.object?["oneOf"]?.array?.first?.object?["properties"]?.object
        #expect(create?["changeId"]?.object?["maxLength"]?.number == Double(WireChange.changeIdLimit))
        let pattern = try #require(schemas?["PinInput"]?.object?["properties"]?.object?["id"]?.object?["pattern"]?.text)
        #expect(request?["contentId"]?.object?["pattern"]?.text == pattern)
        for field in ["canonical", "via"] {
            #expect(schemas?["PinInput"]?.object?["properties"]?.object?[field]?.object?["maxLength"]?.number == Double(AbsoluteIRI.maximumLength))
        }
        let expression = try Regex(pattern)
        for id in ["p1", "plan-2.pdf", "_x", "-", String(repeating: "a", count: 100), String(repeating: "a", count: 101),
                   ".hidden", "..", "a/b", "a b", "", "é", "a?b", "a%20"] {
            #expect(WireIdentifier.isValid(id) == (id.wholeMatch(of: expression) != nil), "\(id)")
        }
    }

    @Test func aFieldTheSchemaDoesNotListIsFound() throws {
        var checker = SchemaChecker(document: try Self.document())
        let json = try JSONParser.parse(Data(#"{"id": "p1", "contentId": "plan", "parentId": null, "version": 1, "updatedAt": "x", "seq": 1, "colour": "red"}"#.utf8))
        checker.check(json, against: Self.reference("StoredPin"), at: "pin")
        #expect(checker.problems == ["pin.colour: not in the schema"])
        #expect(checker.unused().contains("StoredPin.text"))
    }

    /// What a client gets for a root and a tombstone (keys sorted: JSONEncoder keeps no
    /// order), as the service wrote them before the wire model: `parentId` always, a
    /// fraction of a second only when there is one, `deleted` only on a tombstone, `carry` only on a
    /// carried pin, `canonical` and `via` only on a pin that has them.
    @Test func pinsEncodeAsTheServiceAlwaysWroteThem() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var plain = Self.root
        (plain.canonical, plain.via) = (nil, nil)
        let stored = WirePin(plain, version: 3, updatedAt: "2026-01-02T03:04:05.678Z", seq: 12, deleted: false)
        let encoded = String(decoding: try encoder.encode(stored), as: UTF8.self)
        #expect(encoded == #"{"audio":{"durationMs":1200,"url":"https:\/\/a.example\/1.m4a"},"authorId":"ana","authorName":"Ana","carry":{"confidence":0.9,"from":{"page":1,"x":0.2,"y":0.4},"verdict":"moved"},"contentId":"plan","createdAt":"2023-11-14T22:13:20.500Z","id":"p1","kind":"voice","number":4,"page":2,"parentId":null,"relativeX":0.25,"relativeY":0.5,"resolved":false,"seq":12,"text":"Crack here","updatedAt":"2026-01-02T03:04:05.678Z","version":3}"#)
        let gone = String(decoding: try encoder.encode(Self.tombstone), as: UTF8.self)
        #expect(gone == #"{"contentId":"plan","deleted":true,"id":"r1","parentId":"p1","seq":13,"updatedAt":"2026-01-02T03:04:06.000Z","version":2}"#)
        let reply = String(decoding: try encoder.encode(WirePin(Self.reply)), as: UTF8.self)
        #expect(reply == #"{"authorId":"bo","contentId":"plan","createdAt":"2023-11-14T22:15:00Z","id":"r1","kind":"text","page":1,"parentId":"p1","resolved":false,"text":"Seen"}"#)
        #expect(try JSONDecoder().decode(WirePin.self, from: JSONEncoder().encode(Self.stored)) == Self.stored)
    }

    /// `{"$ref": "#/components/schemas/NAME"}`.
    private static func reference(_ name: String) -> JSONObject {
        var object = JSONObject()
        object.append("$ref", .string("#/components/schemas/\(name)"))
        return object
    }

    private static func document() throws -> JSONValue {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/openapi.json")
        return try JSONParser.parse(Data(contentsOf: url))
    }
}

/// Checks JSON values against the OpenAPI document's schemas (the parts of JSON Schema it
/// uses: `$ref`, `oneOf`, `type`, `enum`, `const`, `properties`, `required`, `items`), and
/// records which named schemas' properties were seen.
private struct SchemaChecker {
    let document: JSONValue
    private(set) var problems: [String] = []
    private var seen: Set<String> = []
    private var reached: Set<String> = []

    init(document: JSONValue) {
        self.document = document
    }

    /// `Schema.field` for each property of a schema reached that no example held.
    func unused() -> [String] {
        reached.sorted().flatMap { name in
            properties(of: schema(named: name)).keys.filter { !seen.contains("\(name).\($0)") }.sorted().map { "\(name).\($0)" }
        }
    }

    mutating func check(_ value: JSONValue, against schema: JSONObject, at path: String, named: String? = nil) {
        if case .string(let reference)? = schema["$ref"] {
            let name = String(reference.split(separator: "/").last ?? "")
            reached.insert(name)
            check(value, against: self.schema(named: name), at: path, named: name)
            return
        }
        if case .array(let variants)? = schema["oneOf"] {
            let matching = variants.compactMap(\.object).first { variant in
                var trial = SchemaChecker(document: document)
                trial.check(value, against: variant, at: path)
                return trial.problems.isEmpty
            }
            guard let matching else { return problems.append("\(path): matches no variant of oneOf") }
            check(value, against: matching, at: path, named: named)
            return
        }
        if let const = schema["const"], !same(const, value) { problems.append("\(path): not the constant") }
        if case .array(let choices)? = schema["enum"], !choices.contains(where: { same($0, value) }) {
            problems.append("\(path): not one of the enum")
        }
        if let types = schema["type"], !types.strings.contains(where: { Self.holds(value, $0) }) {
            problems.append("\(path): not \(types.strings.joined(separator: " or "))")
        }
        if case .array(let items) = value, let itemSchema = schema["items"]?.object {
            for (index, item) in items.enumerated() { check(item, against: itemSchema, at: "\(path)[\(index)]") }
        }
        guard case .object(let fields) = value, schema["properties"] != nil || schema["required"] != nil else { return }
        let known = properties(of: schema)
        for key in schema["required"]?.strings ?? [] where fields[key] == nil { problems.append("\(path).\(key): required, missing") }
        for key in fields.keys {
            guard let property = known[key] else {
                problems.append("\(path).\(key): not in the schema")
                continue
            }
            if let named { seen.insert("\(named).\(key)") }
            check(fields[key]!, against: property, at: "\(path).\(key)")
        }
    }

    private func schema(named name: String) -> JSONObject {
        document.object?["components"]?.object?["schemas"]?.object?[name]?.object ?? JSONObject()
    }

    /// The schema's properties, with those of every `oneOf` variant (SyncChange's).
    private func properties(of schema: JSONObject) -> [String: JSONObject] {
        var all: [String: JSONObject] = [:]
        if let properties = schema["properties"]?.object {
            for key in properties.keys { all[key] = properties[key]?.object ?? JSONObject() }
        }
        if case .array(let variants)? = schema["oneOf"] {
            for variant in variants.compactMap(\.object) { all.merge(properties(of: variant)) { first, _ in first } }
        }
        return all
    }

    private static func holds(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("null", .null), ("array", .array), ("object", .object), ("number", .number):
            true
        case ("integer", .number(let number)):
            number == number.rounded()
        default:
            false
        }
    }

    private func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.null, .null): true
        default: false
        }
    }
}

private extension JSONValue {
    var object: JSONObject? { if case .object(let object) = self { object } else { nil } }
    var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    var number: Double? { if case .number(let number) = self { number } else { nil } }
    var text: String? { if case .string(let text) = self { text } else { nil } }

    /// A string, or the strings of an array (a `type` or `required` list).
    var strings: [String] {
        switch self {
        case .string(let text): [text]
        case .array(let items): items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        default: []
        }
    }
}
