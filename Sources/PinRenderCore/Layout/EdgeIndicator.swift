import Foundation

/// A mark on the edge of a screen pointing toward pins scrolled out of view, with how
/// many lie that way: a tag, the count in a square-cornered box with an arrowhead pointing
/// off screen, both in one fill on a white rim. Its shape is not a disc, so that it is not
/// taken for a cluster bubble.
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
    /// The count: its text, font size and center (``body`` is its box).
    public var badge: Badge
    /// The box holding the count, over the arrowhead's base.
    public var body: Rect
    /// The box's corner radius: a fraction of its height, far from a disc's.
    public var cornerRadius: Double
    /// The arrowhead's color: the marker's while any pin that way is open.
    public var fill: Color
    /// Its rim, the count's text and font.
    public var ink: MarkInk

    /// An indicator at (`x`, `y`) pointing at `angle`, its arrowhead and count laid out for
    /// a UI scale of `ui`; `fit` widens the count's box to its text.
    init(edge: Edge, x: Double, y: Double, radius: Double, angle: Double, count: Int, unresolved: Int,
         pinIds: [String], ui: Double, theme: Theme, fit: (Badge) -> Badge) {
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
        badge = fit(Badge(x: x, y: y, radius: radius * 0.85, text: Badge.countLabel(count), fill: fill))
        body = Self.box(of: badge)
        cornerRadius = badge.radius * 0.3
        ink = MarkInk(theme: theme)
    }

    /// The box of a count badge: its width, twice its radius high.
    private static func box(of badge: Badge) -> Rect {
        Rect(x: badge.x - badge.width / 2, y: badge.y - badge.radius, width: badge.width, height: 2 * badge.radius)
    }

    /// The indicator moved by (`dx`, `dy`), pointing the same way.
    func moved(dx: Double, dy: Double) -> EdgeIndicator {
        var moved = self
        (moved.x, moved.y) = (x + dx, y + dy)
        moved.outline = outline.map { Point(x: $0.x + dx, y: $0.y + dy) }
        moved.arrow = arrow.map { Point(x: $0.x + dx, y: $0.y + dy) }
        (moved.badge.x, moved.badge.y) = (badge.x + dx, badge.y + dy)
        (moved.body.x, moved.body.y) = (body.x + dx, body.y + dy)
        return moved
    }

    /// Reads a layout JSON indicator; one written before the arrowhead and badge were
    /// recorded gets no arrowhead and the badge of its count, in the default theme's colors,
    /// and one written before the box, the badge's disc as its box; one without `ink`, the
    /// default theme's.
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
        body = try c.decodeIfPresent(Rect.self, forKey: .body) ?? Self.box(of: badge)
        cornerRadius = try c.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? badge.radius
        ink = try c.decodeIfPresent(MarkInk.self, forKey: .ink) ?? MarkInk(theme: theme)
    }
}
