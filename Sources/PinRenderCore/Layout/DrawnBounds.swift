import Foundation

// How far each mark reaches when drawn, shadows, rims and text ink included: the drawing
// step skips a mark whose bounds miss the area it draws (a stripe of a tall image), since
// setting text that Cairo would drop anyway is most of the cost of a pin.

/// Ink of a centered label may pass a disc's rim by a little; shadows fall below it.
private func margin(_ strokes: Strokes) -> Double { 2.5 * strokes.shadowOffset }

/// The square around (`x`, `y`) that holds a disc of `radius`, its badges with their rims
/// and the points of `also` (a leaning marker's tip).
private func discBounds(x: Double, y: Double, radius: Double, badges: [Badge?], also: [Point] = [],
                        strokes: Strokes) -> Rect {
    let reach = badges.compactMap { $0 }.reduce(radius) { max($0, hypot($1.x - x, $1.y - y) + $1.width / 2) }
    let tips = also.reduce(reach) { max($0, hypot($1.x - x, $1.y - y)) } + margin(strokes)
    return Rect(x: x - tips, y: y - tips, width: 2 * tips, height: 2 * tips)
}

/// The disc of `radius` at (`x`, `y`) and its badges with their rims, shadow left out.
private func discInk(x: Double, y: Double, radius: Double, badges: [Badge?], strokes: Strokes) -> CGRect {
    let rim = strokes.badgeRim
    return badges.compactMap { $0 }.reduce(CGRect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius)) {
        $0.union(CGRect(x: $1.x - $1.width / 2 - rim, y: $1.y - $1.radius - rim, width: $1.width + 2 * rim,
                        height: 2 * ($1.radius + rim)))
    }
}

extension Marker {
    /// Where the marker, its pointer, its shadow and its badges may put ink.
    public func bounds(_ strokes: Strokes) -> Rect {
        discBounds(x: disc.x, y: disc.y, radius: radius, badges: [replyBadge, checkBadge, voiceBadge],
                   also: lean?.pointer ?? [], strokes: strokes)
    }

    /// The disc and its badges with their rims, shadow left out: what must be inside the
    /// output for the marker to be whole.
    func inkRect(_ strokes: Strokes) -> CGRect {
        discInk(x: disc.x, y: disc.y, radius: radius, badges: [replyBadge, checkBadge, voiceBadge], strokes: strokes)
    }
}

extension Cluster {
    /// Where the bubble, its shadow and its badge may put ink.
    public func bounds(_ strokes: Strokes) -> Rect {
        discBounds(x: x, y: y, radius: radius, badges: [unresolvedBadge], strokes: strokes)
    }

    /// The bubble and its badge with its rim, shadow left out.
    func inkRect(_ strokes: Strokes) -> CGRect {
        discInk(x: x, y: y, radius: radius, badges: [unresolvedBadge], strokes: strokes)
    }
}

extension EdgeIndicator {
    /// The box and the arrowhead's outline.
    var inkRect: CGRect {
        outline.reduce(body.cgRect) { $0.union(CGRect(x: $1.x, y: $1.y, width: 0, height: 0)) }
    }

    /// Where the arrowhead (reaching 1.55 radii out, its rim further) and the count disc may put ink.
    public func bounds(_ strokes: Strokes) -> Rect {
        discBounds(x: x, y: y, radius: radius * 1.6, badges: [], strokes: strokes)
    }
}

extension Tooltip {
    /// The box, its arrow and its leader line, widened by the border's miter at the arrow's
    /// tip (up to five line widths past it).
    public func bounds(_ strokes: Strokes) -> Rect {
        Rect(box(reaching: (arrow ?? []) + (leader ?? [])).insetBy(dx: -6 * strokes.line, dy: -6 * strokes.line))
    }

    /// The box and its arrow, widened as ``bounds(_:)`` is: where drawing the box may put ink
    /// (its leader line, drawn under the marks, left out).
    public func boxBounds(_ strokes: Strokes) -> CGRect {
        box(reaching: arrow ?? []).insetBy(dx: -6 * strokes.line, dy: -6 * strokes.line)
    }

    private func box(reaching points: [Point]) -> CGRect {
        points.reduce(CGRect(x: x, y: y, width: width, height: height)) { $0.union(CGRect(x: $1.x, y: $1.y, width: 0, height: 0)) }
    }
}
