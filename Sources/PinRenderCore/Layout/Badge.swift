/// A small round mark on a marker, a bubble or an edge indicator: reply count, resolved
/// check, voice note, open count. A text too wide for the disc ("6.8k") widens it into a
/// capsule of the same height.
public struct Badge: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var radius: Double
    public var text: String
    /// The text's font size: a count of three characters ("99+") is set smaller to fit.
    public var fontSize: Double
    /// The disc's color (its rim and text are its mark's ``MarkInk``).
    public var fill: Color
    /// The whole width: `2 * radius` for a disc, more for a capsule, centered on `x`.
    public var width: Double

    /// A badge of `text` centered at (`x`, `y`), its font size following the text's length.
    public init(x: Double, y: Double, radius: Double, text: String, fill: Color) {
        self.x = x
        self.y = y
        self.radius = radius
        self.text = text
        self.fill = fill
        fontSize = radius * (text.count > 2 ? 0.9 : 1.25)
        width = 2 * radius
    }

    /// The badge as wide as a text of `textWidth` (set at ``fontSize``) needs, with a
    /// quarter of the radius of margin at each end: a capsule, or the disc where that fits.
    public func fitting(textWidth: Double) -> Badge {
        var badge = self
        badge.width = max(2 * radius, textWidth + radius / 2)
        return badge
    }

    /// A count as a badge shows it: up to 99, then "99+".
    public static func countLabel(_ count: Int) -> String {
        count > 99 ? "99+" : String(count)
    }

    /// Reads a layout JSON badge; one written before `fontSize` or `fill` existed gets the
    /// size drawn then and the default theme's badge color, so older snapshot references
    /// still compare.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                  radius: try c.decode(Double.self, forKey: .radius), text: try c.decode(String.self, forKey: .text),
                  fill: try c.decodeIfPresent(Color.self, forKey: .fill) ?? Theme().badgeFill)
        fontSize = try c.decodeIfPresent(Double.self, forKey: .fontSize) ?? fontSize
        width = try c.decodeIfPresent(Double.self, forKey: .width) ?? width
    }
}
