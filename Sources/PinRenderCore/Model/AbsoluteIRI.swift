/// What a pin's `canonical` and `via` may be: an absolute IRI (RFC 3987) of at most
/// ``maximumLength`` characters (Unicode scalars, as JSON Schema's `maxLength` counts), a
/// scheme then no character that Turtle's and N-Triples' IRIs refuse (spaces, controls,
/// `<>"{}|\^` and the backquote). Checked where a pin is read (``PinDecoder``, a W3C
/// annotation's fields), so every IRI a pin holds can be written as one.
///
///     AbsoluteIRI.isValid("urn:uuid:1b0f7a3e")  // true
///     AbsoluteIRI.isValid("notes/1")            // false: no scheme
public enum AbsoluteIRI {
    /// The most characters of one.
    public static let maximumLength = 2048
    /// The rule in words, for messages.
    public static let rule = "an absolute IRI (a scheme such as https: or urn:, then no spaces, controls or <>\"{}|\\^`), at most \(maximumLength) characters"

    /// Whether `text` keeps ``rule``.
    public static func isValid(_ text: String) -> Bool {
        guard text.unicodeScalars.count <= maximumLength, let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon].unicodeScalars
        guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic,
              scheme.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && !(0x80...0x9F).contains(scalar.value)
                && !"<>\"{}|\\^`".unicodeScalars.contains(scalar)
        }
    }
}
