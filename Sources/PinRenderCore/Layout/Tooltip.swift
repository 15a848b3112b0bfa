/// A tooltip: a rounded box inside the container with an arrow toward its pin, or a leader
/// line to it when the box stands further out.
public struct Tooltip: Sendable, Equatable, Codable {
    /// Which side of the pin the box is on.
    public enum Side: String, Sendable, Codable, CaseIterable {
        case top, bottom, left, right
    }

    public var pinId: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var side: Side
    public var cornerRadius: Double
    /// Arrow triangle: base corners on the box edge and the tip next to the marker; nil
    /// when the box had to be clamped over its pin.
    public var arrow: [Point]?
    /// The leader line, from the marker's rim to the box, when the box stands too far from
    /// its pin for an arrow (nil for an arrow).
    public var leader: [Point]?
    public var texts: [TextBlock]
    public var resolved: Bool
    /// The border's dash pattern (dash, gap, ...): a resolved pin's box is dashed; empty is solid.
    public var dash: [Double]
    /// The colors of its box, border and leader line.
    public var ink: TooltipInk

    init(pinId: String, x: Double, y: Double, width: Double, height: Double, side: Side, cornerRadius: Double,
         arrow: [Point]?, leader: [Point]? = nil, texts: [TextBlock], resolved: Bool, dash: [Double],
         ink: TooltipInk = TooltipInk(theme: Theme())) {
        (self.pinId, self.x, self.y, self.width, self.height, self.side) = (pinId, x, y, width, height, side)
        (self.cornerRadius, self.arrow, self.leader, self.texts, self.resolved, self.dash) = (cornerRadius, arrow, leader, texts, resolved, dash)
        self.ink = ink
    }

    /// Reads a layout JSON tooltip; one written before `dash` existed is solid, before `leader`, has none,
    /// before `ink`, the default theme's colors.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pinId: try c.decode(String.self, forKey: .pinId), x: try c.decode(Double.self, forKey: .x),
                  y: try c.decode(Double.self, forKey: .y), width: try c.decode(Double.self, forKey: .width),
                  height: try c.decode(Double.self, forKey: .height), side: try c.decode(Side.self, forKey: .side),
                  cornerRadius: try c.decode(Double.self, forKey: .cornerRadius),
                  arrow: try c.decodeIfPresent([Point].self, forKey: .arrow),
                  leader: try c.decodeIfPresent([Point].self, forKey: .leader),
                  texts: try c.decode([TextBlock].self, forKey: .texts), resolved: try c.decode(Bool.self, forKey: .resolved),
                  dash: try c.decodeIfPresent([Double].self, forKey: .dash) ?? [],
                  ink: try c.decodeIfPresent(TooltipInk.self, forKey: .ink) ?? TooltipInk(theme: Theme()))
    }
}
