import Foundation

/// Gives text drawn in a PDF content stream its text as written: each marked-content span
/// `/Span << /MCID n >> BDC ... EMC` (Cairo's `Span` tags, numbered from 0 in drawing order)
/// becomes `/Span << /ActualText <...> >> BDC ... EMC` with `texts[n]`. Text extraction and
/// copying then give that text instead of reading the glyphs back (which loses emoji drawn as
/// images and gives right-to-left words in visual order, split). ActualText spans nested
/// inside one of these (Cairo's, for invisible bidi marks) lose their text, since a reader
/// takes the innermost: they become `/Span BMC`.
///
/// Only a text with emoji gets one: Cairo draws color emoji as images, which have no text,
/// while glyphs are read back well (and MuPDF spreads an ActualText over the glyphs it
/// covers, splitting words where their counts differ). A text with right-to-left letters
/// (Hebrew, Arabic, ...) is left to its glyphs too: readers disagree on the order of
/// ActualText there (Poppler reverses it, MuPDF does not). Bidi formatting characters
/// (marks, isolates, embeddings) are not part of the text as written and are left out.
///
/// The stream is tokenized as PDF syntax (strings, hex strings, comments, dictionaries), so
/// bytes inside strings are never taken for operators.
public enum ActualTextSpans {
    /// `content` with the spans labelled; spans numbered past `texts` are left as they are.
    public static func label(_ content: [UInt8], texts: [String]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(content.count + texts.reduce(0) { $0 + $1.utf16.count * 4 + 24 })
        var tokens = Tokenizer(content)
        // Tokens since the last operator: a BDC's tag and properties.
        var operands: [Range<Int>] = []
        var copied = 0
        // For each open marked-content sequence: whether it is one of ours.
        var open: [Bool] = []
        while let token = tokens.next() {
            guard token.isOperator else {
                operands.append(token.range)
                continue
            }
            let name = String(decoding: content[token.range], as: UTF8.self)
            defer { operands.removeAll(keepingCapacity: true) }
            switch name {
            case "BDC":
                guard let tag = operands.first, let properties = operands.last, operands.count == 2 else {
                    open.append(false)
                    continue
                }
                let dictionary = String(decoding: content[properties], as: UTF8.self)
                let insideOurs = open.contains(true)
                if let mcid = mcid(in: dictionary), mcid < texts.count, !insideOurs, let text = actualText(texts[mcid]) {
                    output += content[copied..<properties.lowerBound]
                    output += Array("<< /ActualText \(utf16Hex(text)) >>".utf8)
                    copied = properties.upperBound
                    open.append(true)
                } else if insideOurs, dictionary.contains("/ActualText") {
                    output += content[copied..<tag.upperBound]
                    output += Array(" BMC".utf8)
                    copied = token.range.upperBound
                    open.append(false)
                } else {
                    open.append(false)
                }
            case "BMC":
                open.append(false)
            case "EMC":
                if !open.isEmpty { open.removeLast() }
            default:
                break
            }
        }
        output += content[copied...]
        return output
    }

    /// The ActualText of a text: nil when it has no emoji or has right-to-left letters, else
    /// the text without bidi formatting characters.
    static func actualText(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) else { return nil }
        if scalars.contains(where: { scalar in rightToLeft.contains { $0.contains(scalar.value) } }) { return nil }
        return String(String.UnicodeScalarView(scalars.filter { !bidiFormatting.contains($0.value) }))
    }

    /// Blocks of right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
    /// Mandaic, Arabic Extended, and the Hebrew and Arabic presentation forms.
    static let rightToLeft: [ClosedRange<UInt32>] = [0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
                                                     0x10800...0x10FFF, 0x1E800...0x1EFFF]

    /// Marks (LRM, RLM, ALM), embeddings and overrides, isolates.
    static let bidiFormatting: Set<UInt32> = [0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                                              0x2066, 0x2067, 0x2068, 0x2069]

    /// n of `<< /MCID n >>`, when that is all the dictionary holds.
    static func mcid(in dictionary: String) -> Int? {
        guard dictionary.hasPrefix("<<"), dictionary.hasSuffix(">>"), dictionary.count >= 4 else { return nil }
        let words = dictionary.dropFirst(2).dropLast(2).replacingOccurrences(of: "/", with: " /")
            .split(whereSeparator: { " \n\r\t".contains($0) })
        guard words.count == 2, words[0] == "/MCID" else { return nil }
        return Int(words[1])
    }

    /// A PDF hex string of the text in UTF-16BE with its byte order mark.
    static func utf16Hex(_ text: String) -> String {
        "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// PDF content tokens: each operand (number, name, string, array or dictionary, whole)
    /// and operator, by its byte range.
    struct Tokenizer {
        struct Token {
            var range: Range<Int>
            var isOperator: Bool
        }

        private let bytes: [UInt8]
        private var position = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        private static func isSpace(_ byte: UInt8) -> Bool { [0, 9, 10, 12, 13, 32].contains(byte) }
        private static func isDelimiter(_ byte: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(byte) }

        mutating func next() -> Token? {
            skipSpaceAndComments()
            guard position < bytes.count else { return nil }
            let start = position
            switch bytes[position] {
            case UInt8(ascii: "("):
                skipLiteralString()
            case UInt8(ascii: "<") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "<"),
                 UInt8(ascii: "["):
                skipNested()
            case UInt8(ascii: "<"):
                while position < bytes.count && bytes[position] != UInt8(ascii: ">") { position += 1 }
                position = min(bytes.count, position + 1)
            case UInt8(ascii: "/"):
                position += 1
                skipRegular()
            default:
                skipRegular()
                if position == start { position += 1 } // a stray delimiter
                let word = bytes[start..<position]
                let isOperand = word.first.map { "+-.0123456789".utf8.contains($0) } ?? true
                    || word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) || word.elementsEqual("null".utf8)
                return Token(range: start..<position, isOperator: !isOperand)
            }
            return Token(range: start..<position, isOperator: false)
        }

        private mutating func skipSpaceAndComments() {
            while position < bytes.count {
                if Self.isSpace(bytes[position]) {
                    position += 1
                } else if bytes[position] == UInt8(ascii: "%") {
                    while position < bytes.count && bytes[position] != 10 && bytes[position] != 13 { position += 1 }
                } else {
                    return
                }
            }
        }

        private mutating func skipRegular() {
            while position < bytes.count && !Self.isSpace(bytes[position]) && !Self.isDelimiter(bytes[position]) { position += 1 }
        }

        /// A literal string, with its escapes and balanced parentheses.
        private mutating func skipLiteralString() {
            var depth = 0
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\\") {
                    position += 1
                } else if byte == UInt8(ascii: "(") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }

        /// An array or dictionary, whole, with the strings in it.
        private mutating func skipNested() {
            var depth = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "(") {
                    skipLiteralString()
                    continue
                }
                if byte == UInt8(ascii: "%") {
                    skipSpaceAndComments()
                    continue
                }
                if byte == UInt8(ascii: "<") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "<") {
                    depth += 1
                    position += 2
                } else if byte == UInt8(ascii: ">") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: ">") {
                    depth -= 1
                    position += 2
                } else if byte == UInt8(ascii: "<") {
                    while position < bytes.count && bytes[position] != UInt8(ascii: ">") { position += 1 }
                    position += 1
                    continue
                } else if byte == UInt8(ascii: "[") {
                    depth += 1
                    position += 1
                } else if byte == UInt8(ascii: "]") {
                    depth -= 1
                    position += 1
                } else {
                    position += 1
                }
                if depth == 0 { return }
            }
        }
    }
}
