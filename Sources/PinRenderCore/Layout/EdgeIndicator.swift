import Foundation

/// A mark on the edge of a screen pointing toward pins scrolled out of view, with how
/// many lie that way: an arrowhead (a light triangle on a darker outline) pointing off
/// screen, under a disc with the count.
public struct EdgeIndicator: Sendable, Equatable, Codable {
    public enum Edge: String, Sendable, Codable {
        case top, bottom, left, right
    }

    public var edge: Edge
    public var x: Double
    public var y: Double
    public var radius: Double
    /// The direction toward the pins, in radians (0 points right, pi/2 down).
    public var angle: Double
    public var count: Int
    public var unresolved: Int
    public var pinIds: [String]
    /// The arrowhead's outline: a triangle, its tip first (empty in layout files written before it was recorded).
    public var outline: [Point]
    /// The arrowhead drawn over the outline, its tip first.
    public var arrow: [Point]
    /// The count in a disc over the arrowhead's base.
    public var badge: Badge
    /// The arrowhead's color: the marker's while any pin that way is open.
    public var fill: Color

    /// An indicator at (`x`, `y`) pointing at `angle`, its arrowhead and count laid out for
    /// a UI scale of `ui`.
    init(edge: Edge, x: Double, y: Double, radius: Double, angle: Double, count: Int, unresolved: Int,
         pinIds: [String], ui: Double, theme: Theme) {
        (self.edge, self.x, self.y, self.radius, self.angle) = (edge, x, y, radius, angle)
        (self.count, self.unresolved, self.pinIds) = (count, unresolved, pinIds)
        let (c, s) = (cos(angle), sin(angle))
        let tip = (x + c * radius * 1.55, y + s * radius * 1.55)
        let base = (x + c * radius * 0.6, y + s * radius * 0.6)
        // The outline's tip reaches 1.5 UI points further, its base is wider: a rim all round.
        outline = [Point(x: tip.0 + c * 1.5 * ui, y: tip.1 + s * 1.5 * ui),
                   Point(x: base.0 - s * radius * 0.85, y: base.1 + c * radius * 0.85),
                   Point(x: base.0 + s * radius * 0.85, y: base.1 - c * radius * 0.85)]
        arrow = [Point(x: tip.0, y: tip.1),
                 Point(x: base.0 - s * radius * 0.7, y: base.1 + c * radius * 0.7),
                 Point(x: base.0 + s * radius * 0.7, y: base.1 - c * radius * 0.7)]
        fill = unresolved > 0 ? theme.markerFill : theme.resolvedFill
        badge = Badge(x: x, y: y, radius: radius, text: Badge.countLabel(count),
                      fill: unresolved > 0 ? theme.badgeFill : theme.resolvedFill)
    }

    /// Reads a layout JSON indicator; one written before the arrowhead and badge were
    /// recorded gets no arrowhead and the badge of its count, in the default theme's colors.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        edge = try c.decode(Edge.self, forKey: .edge)
        x = try c.decode(Double.self, forKey: .x)
        y = try c.decode(Double.self, forKey: .y)
        radius = try c.decode(Double.self, forKey: .radius)
        angle = try c.decode(Double.self, forKey: .angle)
        count = try c.decode(Int.self, forKey: .count)
        unresolved = try c.decode(Int.self, forKey: .unresolved)
        pinIds = try c.decode([String].self, forKey: .pinIds)
        outline = try c.decodeIfPresent([Point].self, forKey: .outline) ?? []
        arrow = try c.decodeIfPresent([Point].self, forKey: .arrow) ?? []
        let theme = Theme()
        fill = try c.decodeIfPresent(Color.self, forKey: .fill) ?? (unresolved > 0 ? theme.markerFill : theme.resolvedFill)
        badge = try c.decodeIfPresent(Badge.self, forKey: .badge)
            ?? Badge(x: x, y: y, radius: radius, text: Badge.countLabel(count),
                     fill: unresolved > 0 ? theme.badgeFill : theme.resolvedFill)
    }
}
