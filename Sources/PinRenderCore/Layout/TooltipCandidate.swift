import Foundation

/// One place a tooltip may go: its box, the side of the pin it is on, and its link to the
/// pin (the axis of its arrow, or its leader line), from the marker's rim to the box.
struct TooltipCandidate: Equatable {
    let rect: CGRect
    let side: Tooltip.Side
    /// Whether a leader line, rather than an arrow, joins the box to its pin.
    let hasLeader: Bool
    /// From the marker's rim toward the pin's point, to the point of the box nearest the pin.
    let link: (from: CGPoint, to: CGPoint)
    /// The box and its link together: what must be free for this candidate.
    let footprint: CGRect

    init(rect: CGRect, side: Tooltip.Side, hasLeader: Bool, pin: CGPoint, markerRadius: Double) {
        self.rect = rect
        self.side = side
        self.hasLeader = hasLeader
        let near = CGPoint(x: min(max(pin.x, rect.minX), rect.maxX), y: min(max(pin.y, rect.minY), rect.maxY))
        let length = hypot(near.x - pin.x, near.y - pin.y)
        let rim = length > markerRadius
            ? CGPoint(x: pin.x + (near.x - pin.x) / length * markerRadius, y: pin.y + (near.y - pin.y) / length * markerRadius)
            : near
        link = (rim, near)
        footprint = rect.union(CGRect(x: min(rim.x, near.x), y: min(rim.y, near.y),
                                      width: abs(near.x - rim.x), height: abs(near.y - rim.y)))
    }

    /// Field by field: the placer compares each new place with those it has (10,000 pins: 5.5
    /// million times), and Foundation's `CGRect ==` is a call into it each time.
    static func == (a: Self, b: Self) -> Bool {
        a.rect.origin.x == b.rect.origin.x && a.rect.origin.y == b.rect.origin.y && a.rect.size.width == b.rect.size.width
            && a.rect.size.height == b.rect.size.height && a.side == b.side && a.hasLeader == b.hasLeader
    }

    /// Whether this candidate and `other` (another pin's) collide: their boxes overlap, a
    /// link passes through the other's box, or the links cross.
    func collides(with other: TooltipCandidate) -> Bool {
        // Nothing of either reaches past its footprint: apart footprints cannot collide.
        guard Self.touch(footprint, other.footprint) else { return false }
        return Self.overlap(rect, other.rect) > 0 || Self.segment(link, crosses: other.rect)
            || Self.segment(other.link, crosses: rect) || Self.segments(link, other.link)
    }

    /// Whether the box or the link covers `obstacle` (another pin's marker, a bubble); a
    /// link that starts inside it (a marker overlapping this pin's) cannot help crossing it.
    func covers(_ obstacle: CGRect) -> Bool {
        guard Self.touch(footprint, obstacle) else { return false }
        return Self.overlap(rect, obstacle) > 0 || (!obstacle.contains(link.from) && Self.segment(link, crosses: obstacle))
    }

    /// Whether two rectangles meet, edges included: the cheap test before the exact ones.
    static func touch(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY
    }

    /// The area two rectangles share, 0 for those that only touch (within a rounding tolerance).
    static func overlap(_ a: CGRect, _ b: CGRect) -> Double {
        let tolerance = 1e-9
        let width = min(a.maxX, b.maxX) - max(a.minX, b.minX), height = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return width > tolerance && height > tolerance ? width * height : 0
    }

    /// Whether the segment passes through the inside of `rect` (Liang-Barsky clipping; a
    /// segment along an edge or ending on it does not).
    static func segment(_ s: (from: CGPoint, to: CGPoint), crosses rect: CGRect) -> Bool {
        let inner = rect.insetBy(dx: 1e-6, dy: 1e-6)
        guard !inner.isNull, !inner.isEmpty else { return false }
        let dx = s.to.x - s.from.x, dy = s.to.y - s.from.y
        var low = 0.0, high = 1.0
        // Clips against each edge in turn; false once nothing of the segment is left.
        func clip(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { low = max(low, t) } else { high = min(high, t) }
            return true
        }
        guard clip(-dx, s.from.x - inner.minX), clip(dx, inner.maxX - s.from.x),
              clip(-dy, s.from.y - inner.minY), clip(dy, inner.maxY - s.from.y) else { return false }
        return low < high
    }

    /// Whether two segments cross at a point inside both (touching ends do not count).
    static func segments(_ a: (from: CGPoint, to: CGPoint), _ b: (from: CGPoint, to: CGPoint)) -> Bool {
        func side(_ p: CGPoint, _ q: CGPoint, _ r: CGPoint) -> Double {
            (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x)
        }
        let d1 = side(a.from, a.to, b.from), d2 = side(a.from, a.to, b.to)
        let d3 = side(b.from, b.to, a.from), d4 = side(b.from, b.to, a.to)
        return d1 * d2 < 0 && d3 * d4 < 0
    }
}
