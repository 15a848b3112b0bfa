/// A root pin's numbered circle, centered exactly on the pin's point; near the output's edge
/// it leans inward (``lean``), its tip on the point.
public struct Marker: Sendable, Equatable, Codable {
    public var id: String
    public var number: Int
    public var x: Double
    public var y: Double
    public var radius: Double
    public var resolved: Bool
    public var replies: Int
    public var voice: Bool
    public var label: String
    /// The label's font size.
    public var labelSize: Double
    /// The disc inside the ring, and the label's color: a resolved pin is greyed.
    public var fill: Color
    public var labelColor: Color
    /// Reply count, top right.
    public var replyBadge: Badge?
    /// Check mark of a resolved pin, bottom right: resolved is told by shape, not color alone.
    public var checkBadge: Badge?
    /// Voice comment mark, bottom left.
    public var voiceBadge: Badge?
    /// Where the disc stands when it leans inward from an edge; nil when it is centered on
    /// (`x`, `y`), the pin's point either way.
    public var lean: Lean?
    /// Its ring, shadow, badge text and font.
    public var ink: MarkInk
    /// Where it is drawn on pixels (``Scene/onPixels()``); nil where it is drawn as paths at
    /// its disc (a PDF).
    public var snap: MarkerSnap?

    /// Reply count, check mark, voice mark: in the order they are drawn.
    public var badges: [Badge] { [replyBadge, checkBadge, voiceBadge].compactMap { $0 } }

    /// The disc's center: the pin's point, or where it leans.
    public var disc: Point { Point(x: lean?.x ?? x, y: lean?.y ?? y) }

    public init(id: String, number: Int, x: Double, y: Double, radius: Double, resolved: Bool, replies: Int,
                voice: Bool, label: String, labelSize: Double, fill: Color, labelColor: Color,
                replyBadge: Badge? = nil, checkBadge: Badge? = nil, voiceBadge: Badge? = nil,
                ink: MarkInk = MarkInk(theme: Theme())) {
        self.id = id
        self.number = number
        self.x = x
        self.y = y
        self.radius = radius
        self.resolved = resolved
        self.replies = replies
        self.voice = voice
        self.label = label
        self.labelSize = labelSize
        self.fill = fill
        self.labelColor = labelColor
        self.replyBadge = replyBadge
        self.checkBadge = checkBadge
        self.voiceBadge = voiceBadge
        self.ink = ink
    }

    /// Reads a layout JSON marker; one written before `fill`, `labelColor` and `ink` existed
    /// gets the default theme's colors for its state, so older snapshot references still compare.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let resolved = try c.decode(Bool.self, forKey: .resolved)
        let theme = Theme()
        self.init(id: try c.decode(String.self, forKey: .id), number: try c.decode(Int.self, forKey: .number),
                  x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                  radius: try c.decode(Double.self, forKey: .radius), resolved: resolved,
                  replies: try c.decode(Int.self, forKey: .replies), voice: try c.decode(Bool.self, forKey: .voice),
                  label: try c.decode(String.self, forKey: .label),
                  labelSize: try c.decode(Double.self, forKey: .labelSize),
                  fill: try c.decodeIfPresent(Color.self, forKey: .fill)
                      ?? (resolved ? theme.resolvedFill : theme.markerFill),
                  labelColor: try c.decodeIfPresent(Color.self, forKey: .labelColor)
                      ?? (resolved ? theme.resolvedText : theme.markerText),
                  replyBadge: try c.decodeIfPresent(Badge.self, forKey: .replyBadge),
                  checkBadge: try c.decodeIfPresent(Badge.self, forKey: .checkBadge),
                  voiceBadge: try c.decodeIfPresent(Badge.self, forKey: .voiceBadge),
                  ink: try c.decodeIfPresent(MarkInk.self, forKey: .ink) ?? MarkInk(theme: theme))
        lean = try c.decodeIfPresent(Lean.self, forKey: .lean)
        snap = try c.decodeIfPresent(MarkerSnap.self, forKey: .snap)
    }
}
