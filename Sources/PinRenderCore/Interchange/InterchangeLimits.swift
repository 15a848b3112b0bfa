/// The sizes an imported file may have: past them it is refused, before or while it is read,
/// with one line naming it (as the pins JSON's depth is bounded).
public enum InterchangeLimits {
    /// The most bytes of a file to import: 256 MiB.
    public static let maximumBytes = 256 << 20
    /// The deepest nesting of XML elements (XFDF needs 6, its rich text a few more).
    public static let maximumDepth = 256
    /// The most comments one file may hold.
    public static let maximumComments = 1_000_000
}
