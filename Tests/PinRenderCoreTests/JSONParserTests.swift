import Foundation
import Testing
@testable import PinRenderCore

/// The byte-level JSON reader: values, escapes, numbers exact to the bit, and errors
/// with their line and column.
@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Data(text.utf8)) }

    func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(Data(bytes))
            return nil
        } catch {
            return error as? JSONSyntaxError
        }
    }

    @Test func valuesAndEscapes() throws {
        guard case .object(let object) = try parse(#" {"a": [1, -2.5e3, true, false, null], "s": "q\"\\\/\n\t\u00e9\ud83d\udc4d", "a": 7} "#) else {
            Issue.record("not an object")
            return
        }
        guard case .string(let s)? = object["s"] else { Issue.record("no s"); return }
        #expect(s == "q\"\\/\n\té👍")
        guard case .number(let last)? = object["a"] else { Issue.record("a repeated key: the last counts"); return }
        #expect(last == 7)
        guard case .array(let items) = object.values[0] else { Issue.record("no array"); return }
        #expect(items.count == 5)
        if case .number(let n) = items[1] { #expect(n == -2500) } else { Issue.record("not a number") }
        if case .bool(let b) = items[2] { #expect(b) } else { Issue.record("true is not a boolean") }
    }

    @Test func numbersMatchTheStandardLibraryBitForBit() throws {
        var random = SplitMix64(seed: 5)
        var texts = ["0", "-0", "0.1", "0.2915", "1e-7", "123456789012345678901234567890", "0.30000000000000004",
                     "2.2250738585072014e-308", "1.7976931348623157e308", "4.9e-324", "9007199254740993", "1.5E+2"]
        for _ in 0..<3000 {
            texts.append(String(random.unit()))
            texts.append(String(format: "%.6f", random.unit() * 1000))
            texts.append(String(random.unit() * pow(10, Double(Int(random.unit() * 40) - 20))))
        }
        for text in texts {
            guard case .number(let value) = try parse(text) else { Issue.record("\(text) is not a number"); continue }
            #expect(value.bitPattern == Double(text)!.bitPattern, "\(text) read as \(value)")
        }
    }

    @Test func errorsSayWhere() throws {
        let cases: [(String, Int, Int, String)] = [
            ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7, "expected ':'"),
            ("[1, 2", 1, 6, "expected ',' or ']'"),
            ("{\"a\": tru}", 1, 7, "expected a JSON value"),
            ("\"abc", 1, 5, "ends inside a string"),
            ("[1] x", 1, 5, "after the JSON value"),
            ("[01]", 1, 3, "expected ',' or ']'"),
            ("[1.]", 1, 4, "after '.'"),
            ("\"\\x\"", 1, 4, "unknown escape"),
            ("\"\\ud83d\"", 1, 8, "lone surrogate"),
            ("", 1, 1, "ends where a value should be"),
        ]
        for (text, line, column, words) in cases {
            let error = try #require(syntaxError(Array(text.utf8)), "\(text) was accepted")
            #expect(error.line == line && error.column == column, "\(text): \(error)")
            #expect(error.message.contains(words), "\(text): \(error)")
        }
    }

    @Test func errorsNameTheMemberTheyAreIn() throws {
        let cases: [(String, String)] = [
            (#"{"a": {"b": [1, {"c": NaN}]}}"#, "a.b[1].c"),
            (#"[{"x": 1}, {"y": tru}]"#, "[1].y"),
            (#"{"relativeX": -Infinity}"#, "relativeX"),
            (#"{"a": [[1, 2], [3 4]]}"#, "a[1]"),
            (#"{"a": 1 "b": 2}"#, ""),
        ]
        for (text, path) in cases {
            let error = try #require(JSONSyntaxError.first(in: Data(text.utf8)), "\(text) was accepted")
            #expect(error.path == path, "\(text): \(error.path)")
        }
        #expect(JSONSyntaxError.first(in: Data(#"{"x": NaN}"#.utf8))?.message.contains("NaN and Infinity are not JSON numbers") == true)
        #expect(JSONSyntaxError.first(in: Data(#"{"a": [1, {"b": null}]}"#.utf8)) == nil)
    }

    @Test func rejectsControlCharactersInvalidUTF8AndDeepNesting() {
        #expect(syntaxError(Array("[\"a\u{01}b\"]".utf8))?.message.contains("control character") == true)
        #expect(syntaxError([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])?.message.contains("UTF-8") == true)
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(syntaxError(Array(deep.utf8))?.message.contains("512") == true)
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(syntaxError(Array(fine.utf8)) == nil)
    }
}
