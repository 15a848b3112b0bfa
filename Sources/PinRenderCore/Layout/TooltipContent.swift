import Foundation

/// The words of a thread's tooltip: a header (number, author, time), the comment, and a
/// footer (voice duration, replies, resolved).
struct TooltipContent: Equatable {
    var header: String
    var body: String
    var footer: String?

    /// Longest text measured; more could never show in a tooltip and would only cost time.
    static let bodyCharacterLimit = 1200

    init(thread: CommentThread, timeZone: TimeZone) {
        let root = thread.root
        // Left-to-right whatever the name's script: a left-to-right mark first, and the name
        // isolated (FSI ... PDI) so a Hebrew or Arabic name cannot reorder the date.
        header = "\u{200E}#\(thread.number) · \u{2068}\(Self.clean(root.displayAuthor, keepNewlines: false))\u{2069} · "
            + ISODate.display(root.createdAt, timeZone: timeZone)
        var text = Self.clean(String(root.text.prefix(Self.bodyCharacterLimit)), keepNewlines: true)
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

    /// Turns tabs and line breaks into what a text layout can show and drops other control
    /// characters, which fonts draw as boxes.
    static func clean(_ text: String, keepNewlines: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                scalars.append(keepNewlines ? "\n" : " ")
            case "\n":
                if previous != "\r" { scalars.append(keepNewlines ? "\n" : " ") }
            case "\t":
                scalars.append(" ")
            default:
                let value = scalar.value
                if value < 0x20 || (0x7f...0x9f).contains(value) { break }
                scalars.append(scalar)
            }
            previous = scalar
        }
        return String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
