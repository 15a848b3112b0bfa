import Foundation
import Testing
import PinRenderCore
@testable import PinService

/// The bytes read from a ``Counted`` string.
private final class Reads: @unchecked Sendable {
    var count = 0
}

/// A byte string that counts the bytes read from it.
private struct Counted: Collection {
    let bytes: [UInt8]
    let reads = Reads()

    init(_ text: String) { bytes = Array(text.utf8) }

    var startIndex: Int { 0 }
    var endIndex: Int { bytes.count }
    func index(after i: Int) -> Int { i + 1 }
    subscript(position: Int) -> UInt8 {
        reads.count += 1
        return bytes[position]
    }
}

/// Tokens compared in time that depends on their lengths only.
@Suite struct AccessTokensTests {
    @Test func equalOnlyWhenEveryByteAndTheLengthAre() {
        let cases: [(String, String, Bool)] = [
            ("secret-token-1", "secret-token-1", true), ("secret-token-1", "secret-token-2", false),
            ("secret-token-1", "secret-token-12", false), ("secret-token-1", "secret", false),
            ("secret", "secret-token-1", false), ("", "", true), ("a", "", false), ("\0", "", false),
        ]
        for (a, b, equal) in cases {
            #expect(AccessTokens.same(a.utf8, b.utf8) == equal, "\(a) vs \(b)")
        }
    }

    @Test func everyByteOfTheLongerIsReadWhateverDiffers() {
        let token = "secret-token-1"
        for guess in ["", "s", "x", "secret", "xecret-token-1", "secret-token-1", "secret-token-1-and-more"] {
            let stored = Counted(token), sent = Counted(guess)
            _ = AccessTokens.same(stored, sent)
            #expect(stored.reads.count == token.utf8.count, "\(guess): \(stored.reads.count) bytes of the token read")
            #expect(sent.reads.count == guess.utf8.count, "\(guess): \(sent.reads.count) bytes of the guess read")
        }
    }

    @Test func aPrefixOrAnExtensionOfATokenIsNoToken() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"tokens": [{"token": "reader-token-1", "contents": ["*"], "role": "read"}]}"#.utf8).write(to: file)
        let tokens = try AccessTokens.load(file.path)
        #expect(tokens.allows("reader-token-1", contentId: "plan"))
        for guess in ["reader-token", "reader-token-12", "", "READER-TOKEN-1"] {
            #expect(!tokens.allows(guess, contentId: "plan"), "\(guess)")
        }
    }
}

/// What the access log calls a token.
@Suite struct AccessTokenNamesTests {
    private func tokens(_ json: String) throws -> AccessTokens {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try AccessTokens.load(file.path)
    }

    @Test func aTokenIsNamedByItsNameOrElseByItsHashNeverByItself() throws {
        let tokens = try tokens("""
            {"tokens": [{"token": "reader-secret-1", "contents": ["*"], "role": "read", "name": "ci"},
                        {"token": "writer-secret-2", "contents": ["*"], "role": "comment"}]}
            """)
        #expect(tokens.name(of: "reader-secret-1") == "ci")
        // The first 8 hex digits of SHA-256("writer-secret-2") (sha256sum).
        #expect(tokens.name(of: "writer-secret-2") == "b9f571a5")
        #expect(tokens.name(of: "unknown-token") == nil)
        #expect(tokens.name(of: nil) == nil)
        #expect(AccessTokens.open.name(of: "reader-secret-1") == nil)
    }

    @Test func aNameIsCheckedAndUnique() throws {
        #expect(throws: InputError.self) {
            try tokens(#"{"tokens": [{"token": "reader-secret-1", "contents": ["*"], "role": "read", "name": ""}]}"#)
        }
        do {
            _ = try tokens("""
                {"tokens": [{"token": "reader-secret-1", "contents": ["*"], "role": "read", "name": "ci"},
                            {"token": "reader-secret-2", "contents": ["*"], "role": "read", "name": "ci"}]}
                """)
            Issue.record("two tokens of one name were taken")
        } catch let error as InputError {
            #expect(error.location == "tokens[1].name")
        }
    }
}
