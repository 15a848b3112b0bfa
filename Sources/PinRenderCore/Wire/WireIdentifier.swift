/// What the id of a pin or of a content may be on the service's wire, where a URL names it:
/// 1 to 100 of `A-Z a-z 0-9 . _ -`, not starting with a dot (the OpenAPI document's
/// `^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$`). The service refuses any other (400); the sync
/// client refuses it before a change is queued. A pins file may hold any non-empty id.
///
///     WireIdentifier.isValid("plan-2.pdf")  // true
public enum WireIdentifier {
    /// The rule in words, for messages.
    public static let rule = "1 to 100 of A-Z a-z 0-9 . _ -, not starting with a dot"

    /// Whether `id` keeps ``rule``.
    public static func isValid(_ id: String) -> Bool {
        let allowed = id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        return allowed && !id.isEmpty && id.utf8.count <= 100 && !id.hasPrefix(".")
    }
}
