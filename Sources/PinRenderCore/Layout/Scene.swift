import Foundation

/// What to draw on one page, in output units (pixels for PNG, points for PDF), every
/// decision made: the drawing step only follows it. Encoded, it is one page of
/// `--layout-json`.
public struct Scene: Sendable, Equatable, Codable {
    public var page: Int
    public var width: Double
    public var height: Double
    public var uiScale: Double
    public var markers: [Marker]
    public var clusters: [Cluster]
    /// In drawing order: the most important (open, newest) last, on top.
    public var tooltips: [Tooltip]
    /// Free text (titles and entries of a summary page), drawn after the markers.
    public var texts: [TextBlock] = []
    /// Pins scrolled out of view, pointed at from the screen's edge.
    public var indicators: [EdgeIndicator] = []
    /// Pins whose tooltip did not fit (auto mode) or was left out, most important first.
    public var droppedTooltips: [String]
    /// Filled first, under the page: the letterbox of a device screen.
    public var backdrop: Fill?
    /// Where the document page is drawn, over the backdrop and under the pins; nil where no
    /// page is under the scene (a summary page). A PDF review export's own pages are not
    /// redrawn: qpdf lays the scene over them, as an annotation.
    public var placement: PagePlacement?
    /// The thread panel, drawn last, beside the page.
    public var panel: ThreadPanel?
    /// The PDF comments of this page of a review export (nil in a PNG's scene).
    public var annotations: [CommentAnnotation]?

    /// The size of the whole output: the page's, widened by the panel when there is one.
    public var drawnSize: CGSize {
        CGSize(width: panel.map { max(width, $0.rect.x + $0.rect.width) } ?? width, height: height)
    }

    public init(page: Int, width: Double, height: Double, uiScale: Double,
                markers: [Marker] = [], clusters: [Cluster] = [], tooltips: [Tooltip] = [],
                droppedTooltips: [String] = []) {
        self.page = page
        self.width = width
        self.height = height
        self.uiScale = uiScale
        self.markers = markers
        self.clusters = clusters
        self.tooltips = tooltips
        self.droppedTooltips = droppedTooltips
    }
}

/// A root pin's numbered circle, centered exactly on the pin's point.
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
    /// Reply count, top right.
    public var replyBadge: Badge?
    /// Check mark of a resolved pin, bottom right: resolved is told by shape, not color alone.
    public var checkBadge: Badge?
    /// Voice comment mark, bottom left.
    public var voiceBadge: Badge?

    public init(id: String, number: Int, x: Double, y: Double, radius: Double, resolved: Bool, replies: Int,
                voice: Bool, label: String, labelSize: Double, replyBadge: Badge? = nil, checkBadge: Badge? = nil,
                voiceBadge: Badge? = nil) {
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
        self.replyBadge = replyBadge
        self.checkBadge = checkBadge
        self.voiceBadge = voiceBadge
    }
}

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

    init(id: String, x: Double, y: Double, radius: Double, count: Int, unresolved: Int, label: String,
         labelSize: Double, pinIds: [String], unresolvedBadge: Badge?) {
        (self.id, self.x, self.y, self.radius, self.count, self.unresolved) = (id, x, y, radius, count, unresolved)
        (self.label, self.labelSize, self.pinIds, self.unresolvedBadge) = (label, labelSize, pinIds, unresolvedBadge)
    }

    /// How much of the bubble's radius a label's font size may take, by its length.
    static func labelFill(_ label: String) -> Double {
        label.count <= 2 ? 0.85 : label.count == 3 ? 0.7 : 0.58
    }

    /// Reads a layout JSON cluster; one written before `labelSize` existed gets the size
    /// drawn then, so older snapshot references still compare.
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
    }
}

/// A run of text placed at its top-left corner with the width it wraps at.
public struct TextBlock: Sendable, Equatable, Codable {
    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var style: TextStyle

    public init(text: String, x: Double, y: Double, width: Double, style: TextStyle) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.style = style
    }
}

/// A tooltip: a rounded box inside the container with an arrow toward its pin.
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
    public var texts: [TextBlock]
    public var resolved: Bool
}

/// A plain point in output units (Codable as `{"x", "y"}`).
public struct Point: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
