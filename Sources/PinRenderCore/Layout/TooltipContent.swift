import Foundation

/// The words of a thread's tooltip: a header (number, author, time), the comment, and a
/// footer (voice duration, replies, resolved).
struct TooltipContent: Equatable {
    var header: String
    var body: String
    var footer: String?

    /// Longest text measured; more could never show in a tooltip and would only cost time.
    static let bodyCharacterLimit = 1200
    /// Longest author name shown.
    static let nameCharacterLimit = 100
    /// The most Unicode scalars kept of one grapheme cluster. Pango's time grows with the
    /// square of a cluster's length (a letter with 20,000 accents took 9.5 s, with 80,000 over
    /// a minute); the longest emoji sequences have 10 scalars, and the syllables of Indic and
    /// Tibetan scripts fewer.
    static let scalarsPerCluster = 16
    /// The most scalars kept per grapheme cluster on average: Pango's time grows with the
    /// scalars it sets too, and the scripts whose clusters take several scalars average fewer.
    static let scalarsPerGrapheme = 4

    init(thread: CommentThread, timeZone: TimeZone) {
        let root = thread.root
        // Left-to-right whatever the name's script: a left-to-right mark first, and the name
        // isolated (FSI ... PDI) so a Hebrew or Arabic name cannot reorder the date.
        header = "\u{200E}#\(thread.number) · \u{2068}\(Self.clean(root.displayAuthor, keepNewlines: false, limit: Self.nameCharacterLimit))\u{2069} · "
            + ISODate.display(root.createdAt, timeZone: timeZone)
        var text = Self.clean(root.text, keepNewlines: true, limit: Self.bodyCharacterLimit)
        if text.isEmpty && root.kind == .voice { text = "Voice comment" }
        body = text
        var parts: [String] = []
        if root.kind == .voice, let audio = root.audio {
            parts.append("🎙 " + Self.duration(milliseconds: audio.durationMs))
        }
        if !thread.replies.isEmpty {
            parts.append(thread.replies.count == 1 ? "1 reply" : "\(thread.replies.count) replies")
        }
        if root.resolved { parts.append("✓ Resolved") }
        footer = parts.isEmpty ? nil : "\u{200E}" + parts.joined(separator: " · ")
    }

    /// `0:42`, `12:05`, `1:02:03`.
    static func duration(milliseconds: Int) -> String {
        let seconds = max(0, milliseconds) / 1000
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    /// What a text layout is given of `text`: its first `limit` grapheme clusters, each cut to
    /// ``scalarsPerCluster`` scalars, as many as fit in ``scalarsPerGrapheme`` x `limit`
    /// scalars; tabs and line breaks turned into what a layout can show (line breaks into
    /// spaces unless `keepNewlines`), other control characters, which fonts draw as boxes,
    /// dropped; whitespace trimmed at both ends.
    ///
    ///     clean("a\u{301}\u{301}…(80,000 accents)", keepNewlines: true, limit: 1200)  // "a" + 15 accents
    static func clean(_ text: String, keepNewlines: Bool, limit: Int) -> String {
        var kept = ""
        var budget = limit * scalarsPerGrapheme
        var previous: Unicode.Scalar?
        for character in text.prefix(limit) {
            var piece = String.UnicodeScalarView()
            for scalar in character.unicodeScalars {
                switch scalar {
                case "\r":
                    piece.append(keepNewlines ? "\n" : " ")
                case "\n":
                    if previous != "\r" { piece.append(keepNewlines ? "\n" : " ") }
                case "\t":
                    piece.append(" ")
                default:
                    let value = scalar.value
                    if value < 0x20 || (0x7f...0x9f).contains(value) { break }
                    piece.append(scalar)
                }
                previous = scalar
            }
            let count = min(piece.count, scalarsPerCluster)
            guard count <= budget else { break }
            kept.unicodeScalars.append(contentsOf: piece.prefix(count))
            // A cut cluster can join what follows (an emoji sequence cut after a joiner):
            // the piece is dropped rather than let the cluster grow past the limit.
            if let last = kept.last, last.unicodeScalars.count > scalarsPerCluster {
                kept.unicodeScalars.removeLast(count)
            } else {
                budget -= count
            }
        }
        return kept.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
