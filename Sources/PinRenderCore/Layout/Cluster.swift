/// A group of pins drawn as one bubble with a count.
public struct Cluster: Sendable, Equatable, Codable {
    public var id: String
    public var x: Double
    public var y: Double
    public var radius: Double
    public var count: Int
    public var unresolved: Int
    public var label: String
    /// The label's font size: it follows the bubble's size in steps of an eighth of a
    /// marker's radius, so that a page of bubbles sets its labels in a few font sizes.
    public var labelSize: Double
    public var pinIds: [String]
    /// How many are open, top right; none when all are resolved.
    public var unresolvedBadge: Badge?
    /// The disc inside the rings: dark while any pin in it is open, grey when all are resolved.
    public var fill: Color
    /// Its rings, shadow, count's text and font.
    public var ink: MarkInk

    init(id: String, x: Double, y: Double, radius: Double, count: Int, unresolved: Int, label: String,
         labelSize: Double, pinIds: [String], unresolvedBadge: Badge?, fill: Color, ink: MarkInk = MarkInk(theme: Theme())) {
        (self.id, self.x, self.y, self.radius, self.count, self.unresolved) = (id, x, y, radius, count, unresolved)
        (self.label, self.labelSize, self.pinIds, self.unresolvedBadge) = (label, labelSize, pinIds, unresolvedBadge)
        self.fill = fill
        self.ink = ink
    }

    /// How much of the bubble's radius a label's font size may take, by its length.
    static func labelFill(_ label: String) -> Double {
        label.count <= 2 ? 0.85 : label.count == 3 ? 0.7 : 0.58
    }

    /// Reads a layout JSON cluster; one written before `labelSize`, `fill` or `ink` existed gets the
    /// size drawn then and the default theme's color, so older snapshot references still compare.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        x = try c.decode(Double.self, forKey: .x)
        y = try c.decode(Double.self, forKey: .y)
        radius = try c.decode(Double.self, forKey: .radius)
        count = try c.decode(Int.self, forKey: .count)
        unresolved = try c.decode(Int.self, forKey: .unresolved)
        label = try c.decode(String.self, forKey: .label)
        labelSize = try c.decodeIfPresent(Double.self, forKey: .labelSize) ?? radius * Self.labelFill(label)
        pinIds = try c.decode([String].self, forKey: .pinIds)
        unresolvedBadge = try c.decodeIfPresent(Badge.self, forKey: .unresolvedBadge)
        fill = try c.decodeIfPresent(Color.self, forKey: .fill) ?? (unresolved > 0 ? Theme().badgeFill : Theme().resolvedFill)
        ink = try c.decodeIfPresent(MarkInk.self, forKey: .ink) ?? MarkInk(theme: Theme())
    }
}
