import Foundation
import Testing
@testable import PinRenderCore

private let utc = TimeZone(identifier: "UTC")!

private extension String {
    /// Without the bidi marks, to check the words.
    var visibleText: String { visible(self) }
}

private func thread(_ root: Pin, number: Int = 7, replies: Int = 0) -> CommentThread {
    CommentThread(root: root, number: number,
                  replies: (0..<replies).map { replyPin("r\($0)", to: root.id, at: Double($0)) })
}

private func root(text: String = "Move the door 20 cm left", authorId: String = "u42", authorName: String? = "Anna",
                  resolved: Bool = false, kind: Pin.Kind = .text, audio: Pin.Audio? = nil) -> Pin {
    Pin(id: "p1", contentId: "doc", relativeX: 0.5, relativeY: 0.5, authorId: authorId, authorName: authorName,
        createdAt: november2At0915UTC, text: text, resolved: resolved, kind: kind, audio: audio)
}

struct TooltipContentTests {
    // MARK: duration

    @Test(arguments: [
        (0, "0:00"), (999, "0:00"), (42_000, "0:42"), (42_999, "0:42"), (59_000, "0:59"), (60_000, "1:00"),
        (725_000, "12:05"), (3_599_000, "59:59"), (3_600_000, "1:00:00"), (3_723_000, "1:02:03"),
        (36_000_000 + 61_000, "10:01:01"), (-5_000, "0:00"),
    ])
    func duration(_ milliseconds: Int, _ expected: String) {
        #expect(TooltipContent.duration(milliseconds: milliseconds) == expected)
    }

    // MARK: clean

    @Test func cleanRemovesControlCharacters() {
        #expect(TooltipContent.clean("a\u{0}b\u{7}c\u{1B}[0md\u{7F}e\u{85}f\u{9F}g", keepNewlines: false, limit: 100) == "abc[0mdefg")
    }

    @Test func cleanTurnsTabsIntoSpaces() {
        #expect(TooltipContent.clean("a\tb\t\tc", keepNewlines: true, limit: 100) == "a b  c")
    }

    @Test func cleanKeepsNewlinesWhenAsked() {
        #expect(TooltipContent.clean("one\ntwo\r\nthree\rfour", keepNewlines: true, limit: 100) == "one\ntwo\nthree\nfour")
        #expect(TooltipContent.clean("one\ntwo\r\nthree\rfour", keepNewlines: false, limit: 100) == "one two three four")
        // Blank lines are kept inside, trimmed at the ends.
        #expect(TooltipContent.clean("\n\nfirst\n\nsecond\n", keepNewlines: true, limit: 100) == "first\n\nsecond")
    }

    @Test func cleanTrimsWhitespace() {
        #expect(TooltipContent.clean("  \t padded \u{1}  ", keepNewlines: false, limit: 100) == "padded")
        #expect(TooltipContent.clean("\u{0}\u{1}\t", keepNewlines: true, limit: 100) == "")
    }

    @Test func cleanKeepsAnyUnicode() {
        let text = "Привет 👋🏽 שלום 👨‍👩‍👧 مرحبا — ok"
        #expect(TooltipContent.clean(text, keepNewlines: true, limit: 100) == text)
    }

    // MARK: limits

    /// A letter with 80,000 accents is one grapheme cluster, and Pango's time grows with the
    /// square of a cluster's length: the letter keeps its first accents, the rest goes.
    @Test func aClusterKeepsItsFirstScalars() {
        let text = "a" + String(repeating: "\u{301}", count: 80_000) + " ok"
        let kept = "a" + String(repeating: "\u{301}", count: TooltipContent.scalarsPerCluster - 1) + " ok"
        #expect(TooltipContent.clean(text, keepNewlines: true, limit: 1200) == kept)
        #expect(TooltipContent.scalarsPerCluster == 16)
    }

    /// Clusters that would join what follows them once cut (an emoji sequence cut after a
    /// joiner, prepended concatenation marks, Hangul leading consonants) do not grow into one
    /// another: whatever the text, no cluster laid out passes the limit.
    @Test(arguments: [
        String(repeating: "👨\u{FE0F}" + String(repeating: "\u{200D}👨", count: 40), count: 6),
        String(repeating: String(repeating: "\u{600}", count: 100) + "a", count: 6),
        String(repeating: String(repeating: "\u{1100}", count: 100) + "\u{1161}", count: 6),
        String(repeating: "\u{915}\u{94D}", count: 300) + "\u{915}",
        " " + String(repeating: "\u{301}", count: 500) + "\n" + String(repeating: "\u{5B4}\u{591}", count: 300),
        String(repeating: "\u{600}\u{7}", count: 200) + "a",
    ])
    func noClusterPassesTheLimit(text: String) {
        let cleaned = TooltipContent.clean(text, keepNewlines: true, limit: 1200)
        #expect(!cleaned.isEmpty)
        let longest = cleaned.map(\.unicodeScalars.count).max() ?? 0
        #expect(longest <= TooltipContent.scalarsPerCluster, "a cluster of \(longest) scalars")
    }

    /// At most four scalars a grapheme on average: 1,200 letters with ten accents each keep
    /// as many whole clusters as fit in 4,800 scalars.
    @Test func aTextKeepsAtMostFourScalarsAGrapheme() {
        let cluster = "e" + String(repeating: "\u{301}", count: 10)
        let cleaned = TooltipContent.clean(String(repeating: cluster, count: 1200), keepNewlines: true, limit: 1200)
        #expect(cleaned == String(repeating: cluster, count: 4 * 1200 / 11))
        #expect(TooltipContent.scalarsPerGrapheme == 4)
    }

    @Test func cleanKeepsAtMostTheLimitOfGraphemes() {
        #expect(TooltipContent.clean(String(repeating: "ж", count: 50), keepNewlines: true, limit: 20)
                == String(repeating: "ж", count: 20))
        // An emoji sequence counts as one, within the scalars allowed.
        #expect(TooltipContent.clean(String(repeating: "👍🏽", count: 10), keepNewlines: true, limit: 3) == "👍🏽👍🏽👍🏽")
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(TooltipContent.clean(String(repeating: family, count: 10), keepNewlines: true, limit: 5)
                == String(repeating: family, count: 4))
    }

    // MARK: header

    @Test func headerHasNumberAuthorNameAndUTCTime() {
        let content = TooltipContent(thread: thread(root(), number: 7), timeZone: utc)
        #expect(visible(content.header) == "#7 · Anna · 2026-11-02 09:15")
    }

    @Test func headerFallsBackToAuthorId() {
        #expect(TooltipContent(thread: thread(root(authorName: nil)), timeZone: utc).header.visibleText == "#7 · u42 · 2026-11-02 09:15")
        #expect(TooltipContent(thread: thread(root(authorName: "")), timeZone: utc).header.visibleText == "#7 · u42 · 2026-11-02 09:15")
    }

    @Test func headerInAnotherTimeZone() {
        let plus3 = TimeZone(secondsFromGMT: 3 * 3600)!
        #expect(TooltipContent(thread: thread(root(), number: 12), timeZone: plus3).header.visibleText
                == "#12 · Anna · 2026-11-02 12:15")
        #expect(ISODate.display(november2At0915UTC) == "2026-11-02 09:15")
    }

    @Test func headerCutsALongName() {
        let content = TooltipContent(thread: thread(root(authorName: String(repeating: "Ω", count: 10_000))), timeZone: utc)
        #expect(visible(content.header) == "#7 · " + String(repeating: "Ω", count: TooltipContent.nameCharacterLimit)
                + " · 2026-11-02 09:15")
        #expect(TooltipContent.nameCharacterLimit == 100)
    }

    @Test func headerCleansTheAuthor() {
        let content = TooltipContent(thread: thread(root(authorName: "Anna\nB\u{7}")), timeZone: utc)
        #expect(visible(content.header) == "#7 · Anna B · 2026-11-02 09:15")
    }

    @Test func headerAndFooterStayLeftToRightWithARightToLeftName() throws {
        // A Hebrew name must not reorder "#7" and the date: the header starts with a
        // left-to-right mark and isolates the name (FSI ... PDI); the footer starts with a mark.
        let content = TooltipContent(thread: thread(root(authorName: "דוד"), replies: 1), timeZone: utc)
        #expect(content.header == "\u{200E}#7 · \u{2068}דוד\u{2069} · 2026-11-02 09:15")
        #expect(content.footer == "\u{200E}1 reply")
        // The marks are all the header carries beyond the words.
        #expect(content.header.unicodeScalars.filter { $0.properties.generalCategory == .format }.map(\.value)
                == [0x200E, 0x2068, 0x2069])
    }

    // MARK: body

    @Test func bodyIsTheCleanedText() {
        let content = TooltipContent(thread: thread(root(text: " line 1\r\nline\t2 ")), timeZone: utc)
        #expect(content.body == "line 1\nline 2")
    }

    @Test func bodyIsCutAtTheLimit() {
        let content = TooltipContent(thread: thread(root(text: String(repeating: "ж", count: 5000))), timeZone: utc)
        #expect(content.body.count == TooltipContent.bodyCharacterLimit)
        #expect(TooltipContent.bodyCharacterLimit == 1200)
    }

    @Test func emptyVoiceCommentSaysSo() {
        let voice = TooltipContent(thread: thread(root(text: "", kind: .voice, audio: .init(url: "a", durationMs: 42_000))),
                                   timeZone: utc)
        #expect(voice.body == "Voice comment")
        let text = TooltipContent(thread: thread(root(text: "")), timeZone: utc)
        #expect(text.body == "")
    }

    // MARK: footer

    @Test func noFooterForAPlainComment() {
        #expect(TooltipContent(thread: thread(root()), timeZone: utc).footer == nil)
    }

    @Test func footerCountsReplies() {
        #expect(TooltipContent(thread: thread(root(), replies: 1), timeZone: utc).footer?.visibleText == "1 reply")
        #expect(TooltipContent(thread: thread(root(), replies: 3), timeZone: utc).footer?.visibleText == "3 replies")
    }

    @Test func footerShowsVoiceDuration() {
        let content = TooltipContent(thread: thread(root(kind: .voice, audio: .init(url: "a", durationMs: 725_000))),
                                     timeZone: utc)
        #expect(content.footer?.visibleText == "🎙 12:05")
    }

    @Test func footerShowsResolved() {
        #expect(TooltipContent(thread: thread(root(resolved: true)), timeZone: utc).footer?.visibleText == "✓ Resolved")
    }

    @Test func footerWithEverything() {
        let content = TooltipContent(
            thread: thread(root(resolved: true, kind: .voice, audio: .init(url: "a", durationMs: 3_723_000)), replies: 2),
            timeZone: utc)
        #expect(content.footer?.visibleText == "🎙 1:02:03 · 2 replies · ✓ Resolved")
    }
}
