import Foundation
import Testing
@testable import PinRenderCore

/// The fields of a valid root pin, as raw JSON fragments.
private let rootFields: [(String, String)] = [
    ("id", #""p1""#), ("contentId", #""doc-7""#), ("relativeX", "0.25"), ("relativeY", "0.75"),
    ("authorId", #""u42""#), ("createdAt", #""2026-11-02T09:15:00Z""#), ("text", #""Fix this""#),
    ("resolved", "false"), ("parentId", "null"),
]

/// The fields of a valid reply to p1, without coordinates.
private let replyFields: [(String, String)] = [
    ("id", #""r1""#), ("contentId", #""doc-7""#), ("authorId", #""u43""#),
    ("createdAt", #""2026-11-02T10:00:00Z""#), ("text", #""Done""#), ("resolved", "false"),
    ("parentId", #""p1""#),
]

/// A pin object from `base`, with fields replaced or added (`nil` removes a field).
private func object(_ base: [(String, String)], _ changes: [String: String?] = [:]) -> String {
    var fields = base.compactMap { key, value -> String? in
        if let change = changes[key] {
            return change.map { "\"\(key)\": \($0)" }
        }
        return "\"\(key)\": \(value)"
    }
    for (key, value) in changes.sorted(by: { $0.key < $1.key })
    where !base.contains(where: { $0.0 == key }) {
        if let value { fields.append("\"\(key)\": \(value)") }
    }
    return "{" + fields.joined(separator: ", ") + "}"
}

private func root(_ changes: [String: String?] = [:]) -> String { object(rootFields, changes) }
private func reply(_ changes: [String: String?] = [:]) -> String { object(replyFields, changes) }

private func decode(_ json: String) throws -> [Pin] {
    try PinDecoder(source: "pins.json").decode(Data(json.utf8))
}

/// Decodes `json`, which must fail, and returns the error.
private func failure(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> InputError {
    do {
        let pins = try decode(json)
        Issue.record("expected an InputError, decoded \(pins.count) pins", sourceLocation: sourceLocation)
        throw CancellationError()
    } catch let error as InputError {
        #expect(error.source == "pins.json", sourceLocation: sourceLocation)
        return error
    }
}

struct PinDecoderTests {
    // MARK: accepted input

    @Test func decodesEveryFieldOfARoot() throws {
        let pins = try decode(#"{"pins": [\#(root(["authorName": #""Анна 👩🏽‍💻""#, "number": "3", "page": "2"]))]}"#)
        let pin = try #require(pins.first)
        #expect(pins.count == 1)
        #expect(pin.id == "p1")
        #expect(pin.contentId == "doc-7")
        #expect(pin.page == 2)
        #expect(pin.relativeX == 0.25)
        #expect(pin.relativeY == 0.75)
        #expect(pin.authorId == "u42")
        #expect(pin.authorName == "Анна 👩🏽‍💻")
        #expect(pin.createdAt == november2At0915UTC)
        #expect(pin.text == "Fix this")
        #expect(pin.resolved == false)
        #expect(pin.parentId == nil)
        #expect(pin.number == 3)
        #expect(pin.kind == .text)
        #expect(pin.audio == nil)
        #expect(pin.isRoot)
    }

    @Test func wrappedAndBareArraysGiveTheSamePins() throws {
        let list = "[\(root()), \(reply())]"
        let wrapped = try decode(#"{"pins": \#(list)}"#)
        let bare = try decode(list)
        #expect(wrapped.map(\.id) == ["p1", "r1"])
        #expect(bare == wrapped)
    }

    @Test func emptyListsAreFine() throws {
        #expect(try decode("[]").isEmpty)
        #expect(try decode(#"{"pins": []}"#).isEmpty)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let json = #"{"version": 2, "pins": [\#(root(["color": #""red""#, "extra": #"{"nested": [1, true, null]}"#, "relativeZ": "9"]))]}"#
        let pins = try decode(json)
        #expect(pins.count == 1)
        #expect(pins[0].id == "p1")
        #expect(pins[0].relativeX == 0.25)
    }

    @Test func replyCoordinatesAreIgnored() throws {
        let pins = try decode("[\(root()), \(reply(["relativeX": "0.3", "relativeY": "0.4"]))]")
        #expect(pins[1].parentId == "p1")
        #expect(pins[1].relativeX == nil)
        #expect(pins[1].relativeY == nil)
        #expect(pins[1].normalizedPoint == nil)
        #expect(!pins[1].isRoot)
        // Even coordinates that would be invalid on a root.
        let odd = try decode("[\(reply(["relativeX": "7", "relativeY": #""left""#]))]")
        #expect(odd[0].relativeX == nil)
    }

    @Test func replyNeedsNoCoordinates() throws {
        let pins = try decode("[\(reply())]")
        #expect(pins.count == 1)
        #expect(pins[0].relativeY == nil)
    }

    @Test func pageDefaultsToOne() throws {
        #expect(try decode("[\(root())]")[0].page == 1)
        #expect(try decode("[\(root(["page": "null"]))]")[0].page == 1)
        #expect(try decode("[\(root(["page": "4"]))]")[0].page == 4)
    }

    @Test func voiceCommentWithAudio() throws {
        let pins = try decode("[\(root(["kind": #""voice""#, "audio": #"{"url": "https://x/a.m4a", "durationMs": 42000}"#]))]")
        #expect(pins[0].kind == .voice)
        #expect(pins[0].audio == Pin.Audio(url: "https://x/a.m4a", durationMs: 42000))
    }

    @Test func canonicalAndViaAreKeptAndWrittenBackOnlyWhenGiven() throws {
        let pins = try decode("[\(root(["canonical": #""urn:uuid:1b0f7a3e""#, "via": #""https://elsewhere.example/a/1?x=é""#])), \(reply())]")
        #expect((pins[0].canonical, pins[0].via) == ("urn:uuid:1b0f7a3e", "https://elsewhere.example/a/1?x=é"))
        #expect((pins[1].canonical, pins[1].via) == (nil, nil))
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(WirePin(pins[0]))) as? [String: Any]
        #expect(written?["canonical"] as? String == "urn:uuid:1b0f7a3e")
        let plain = String(decoding: try JSONEncoder().encode(WirePin(pins[1])), as: UTF8.self)
        #expect(!plain.contains("canonical") && !plain.contains("via"))
    }

    @Test func coordinatesAtTheEdgesAreValid() throws {
        let pins = try decode("[\(root(["relativeX": "0", "relativeY": "1"])), \(root(["id": #""p2""#, "relativeX": "1.0", "relativeY": "0.0"]))]")
        #expect(pins.map(\.relativeX) == [0, 1])
        #expect(pins.map(\.relativeY) == [1, 0])
    }

    // MARK: dates

    @Test func datesWithFractionalSecondsAndOffsets() throws {
        let cases: [(String, Double)] = [
            ("2026-11-02T09:15:00Z", 0),
            ("2026-11-02T09:15:00.250Z", 0.25),
            ("2026-11-02T09:15:00.123Z", 0.123),
            ("2026-11-02T12:15:00+03:00", 0),
            ("2026-11-02T12:15:00.500+03:00", 0.5),
            ("2026-11-02T04:15:00-05:00", 0),
            ("2026-11-02T09:15:00.123456Z", 0.123456),
        ]
        for (text, fraction) in cases {
            let pins = try decode("[\(root(["createdAt": "\"\(text)\""]))]")
            let expected = november2At0915UTC.timeIntervalSince1970 + fraction
            #expect(abs(pins[0].createdAt.timeIntervalSince1970 - expected) < 1e-6, "\(text)")
        }
        #expect(ISODate.parse("2026-11-02T12:15:00+03:00") == november2At0915UTC)
        #expect(ISODate.parse("yesterday") == nil)
    }

    // MARK: errors

    @Test func notJSON() throws {
        let error = try failure(#"{"pins": [ {"id": "#)
        #expect(error.location == "")
        #expect(error.problem.contains("not valid JSON"))
    }

    @Test func topLevelString() throws {
        let error = try failure(#""hello""#)
        #expect(error.location == "")
        #expect(error.problem.contains("found a string"))
        #expect(error.problem.contains("{\"pins\": [...]}"))
    }

    @Test func topLevelNumber() throws {
        let error = try failure("42")
        #expect(error.location == "")
        #expect(error.problem.contains("found a number"))
    }

    @Test func pinsNotAnArray() throws {
        let error = try failure(#"{"pins": {"id": "p1"}}"#)
        #expect(error.location == "pins")
        #expect(error.problem.contains("array"))
        let missing = try failure(#"{"comments": []}"#)
        #expect(missing.location == "pins")
    }

    @Test func elementNotAnObject() throws {
        let error = try failure(#"{"pins": [\#(root()), \#(root(["id": #""p2""#])), 3]}"#)
        #expect(error.location == "pins[2]")
        #expect(error.problem == "expected a pin object, found a number")
        #expect(error.description == "pins.json: pins[2]: expected a pin object, found a number")
    }

    @Test func missingId() throws {
        let error = try failure("[\(root(["id": nil]))]")
        #expect(error.location == "pins[0].id")
        #expect(error.problem == "missing (expected a string)")
    }

    @Test func nullId() throws {
        let error = try failure("[\(root(["id": "null"]))]")
        #expect(error.location == "pins[0].id")
        #expect(error.problem.contains("missing"))
    }

    @Test func emptyId() throws {
        let error = try failure("[\(root()), \(root(["id": #""""#]))]")
        #expect(error.location == "pins[1].id")
        #expect(error.problem == "is empty")
    }

    @Test func idANumber() throws {
        let error = try failure("[\(root(["id": "17"]))]")
        #expect(error.location == "pins[0].id")
        #expect(error.problem == "expected a string, found a number")
    }

    @Test func relativeXAboveOne() throws {
        let error = try failure("[\(root()), \(root(["id": #""p2""#])), \(root(["id": #""p3""#, "relativeX": "1.5"]))]")
        #expect(error.location == "pins[2].relativeX")
        #expect(error.problem.contains("1.5"))
        #expect(error.problem.contains("outside 0...1"))
    }

    @Test func relativeXNegative() throws {
        let error = try failure("[\(root(["relativeX": "-0.1"]))]")
        #expect(error.location == "pins[0].relativeX")
        #expect(error.problem.contains("-0.1"))
        #expect(error.problem.contains("outside 0...1"))
    }

    @Test func relativeXAString() throws {
        let error = try failure("[\(root(["relativeX": #""0.5""#]))]")
        #expect(error.location == "pins[0].relativeX")
        #expect(error.problem == "expected a number from 0 to 1, found a string")
    }

    @Test func missingRelativeYOnARoot() throws {
        let error = try failure("[\(root(["relativeY": nil]))]")
        #expect(error.location == "pins[0].relativeY")
        #expect(error.problem.contains("missing"))
        #expect(error.problem.contains("0 to 1"))
    }

    @Test func resolvedGivenAsOne() throws {
        let error = try failure("[\(root(["resolved": "1"]))]")
        #expect(error.location == "pins[0].resolved")
        #expect(error.problem == "expected true or false, found a number")
    }

    @Test func resolvedMissing() throws {
        let error = try failure("[\(root(["resolved": nil]))]")
        #expect(error.location == "pins[0].resolved")
        #expect(error.problem.contains("missing"))
    }

    @Test func invalidCreatedAt() throws {
        let error = try failure("[\(root(["createdAt": #""02/11/2026 09:15""#]))]")
        #expect(error.location == "pins[0].createdAt")
        #expect(error.problem.contains("02/11/2026 09:15"))
        #expect(error.problem.contains("ISO 8601"))
        #expect(error.problem.contains("2026-11-02T09:15:00Z"))
    }

    @Test func canonicalOrViaThatIsNoIRIIsNamed() throws {
        for (field, value) in [("canonical", #""notes/1""#), ("via", #""https://x/a b""#), ("via", "\"urn:\(String(repeating: "x", count: 2100))\""),
                               ("canonical", "7")] {
            let error = try failure("[\(root([field: value]))]")
            #expect(error.location == "pins[0].\(field)", "\(field)")
            #expect(error.problem.contains(value == "7" ? "expected a string" : "is not an absolute IRI"), "\(error.problem)")
        }
    }

    @Test func pageZero() throws {
        let error = try failure("[\(root(["page": "0"]))]")
        #expect(error.location == "pins[0].page")
        #expect(error.problem == "0 is below 1")
    }

    @Test func pageNotWhole() throws {
        let error = try failure("[\(root(["page": "1.5"]))]")
        #expect(error.location == "pins[0].page")
        #expect(error.problem == "expected a whole number, found 1.5")
    }

    @Test func pageAString() throws {
        let error = try failure("[\(root(["page": #""2""#]))]")
        #expect(error.location == "pins[0].page")
        #expect(error.problem == "expected a whole number, found a string")
    }

    @Test func negativeNumber() throws {
        let error = try failure("[\(root(["number": "-1"]))]")
        #expect(error.location == "pins[0].number")
        #expect(error.problem == "-1 is below 0")
    }

    @Test func audioNotAnObject() throws {
        let error = try failure("[\(root(["kind": #""voice""#, "audio": #""a.m4a""#]))]")
        #expect(error.location == "pins[0].audio")
        #expect(error.problem.contains("found a string"))
    }

    @Test func audioDurationNegative() throws {
        let error = try failure("[\(root(["audio": #"{"url": "a", "durationMs": -5}"#]))]")
        #expect(error.location == "pins[0].audio.durationMs")
    }

    @Test func errorsInAReplyNameTheReply() throws {
        let error = try failure("[\(root()), \(reply(["parentId": "5"]))]")
        #expect(error.location == "pins[1].parentId")
        #expect(error.problem == "expected a string or null, found a number")
    }

    @Test func wrappedAndBareErrorsNameTheSameLocation() throws {
        let bad = root(["relativeY": "2"])
        let wrapped = try failure(#"{"pins": [\#(root()), \#(bad)]}"#)
        let bare = try failure("[\(root()), \(bad)]")
        #expect(wrapped.location == "pins[1].relativeY")
        #expect(bare.location == "pins[1].relativeY")
    }
}
