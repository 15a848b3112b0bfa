import Foundation

/// The places a tooltip box may take around its pin, as floating-ui tries them: preferred
/// side, then the other sides in order, then a shift along the side to stay inside the
/// container; beyond those, map-label style, the corners and rings further out on a leader
/// line. ``TooltipLabeler`` picks one per pin for the whole page. Every box lies inside
/// `container`.
struct TooltipPlacer {
    /// The area boxes must stay in (the output, less its padding).
    var container: CGRect
    /// Distance from a pin's center to the near edge of its box, beyond the marker radius.
    var offset: Double
    /// How far each ring of leader-line places is beyond the one before.
    var leaderStep: Double
    /// How many rings of leader-line places there are beyond the corners.
    var leaderSteps = 3

    /// The sides to try for a pin at normalized (u, v): the mobile rule first (u > 0.95 puts
    /// the box on the left, u < 0.05 on the right, v > 0.95 above, v < 0.05 below), then
    /// above, below, right, left.
    static func preferredSides(u: Double, v: Double) -> [Tooltip.Side] {
        var sides: [Tooltip.Side] = []
        if u > 0.95 { sides.append(.left) } else if u < 0.05 { sides.append(.right) }
        if v > 0.95 { sides.append(.top) } else if v < 0.05 { sides.append(.bottom) }
        for side in [Tooltip.Side.top, .bottom, .right, .left] where !sides.contains(side) {
            sides.append(side)
        }
        return sides
    }

    /// Where a box of `size` may go around a pin, best first: beside it with an arrow (the
    /// sides in `sides` order, each centered, then starting and ending at the pin, as
    /// floating-ui's `-start` and `-end`, shifted along the side to stay inside); then off
    /// its four corners; then further out on a leader line, `leaderSteps` rings of
    /// `leaderStep`, in the eight directions. Every box lies inside the container and none
    /// covers the pin's marker; empty when the box is larger than the container.
    func candidates(size: CGSize, pin: CGPoint, markerRadius: Double, sides: [Tooltip.Side]) -> [TooltipCandidate] {
        guard size.width <= container.width, size.height <= container.height else { return [] }
        var list: [TooltipCandidate] = []
        func add(_ rect: CGRect, _ side: Tooltip.Side, leader: Bool) {
            let candidate = TooltipCandidate(rect: rect, side: side, hasLeader: leader, pin: pin, markerRadius: markerRadius)
            if !list.contains(candidate) { list.append(candidate) }
        }
        for side in sides {
            let raw = candidate(side: side, size: size, pin: pin, markerRadius: markerRadius)
            guard fitsAlongMainAxis(raw, side: side) else { continue }
            for rect in alignments(of: raw, side: side, pin: pin, inset: markerRadius).map(clamped) {
                add(rect, side, leader: false)
            }
        }
        let corners = Self.corners(sides)
        for step in 0...leaderSteps {
            let extra = Double(step) * leaderStep
            if step > 0 {
                for side in sides {
                    let raw = candidate(side: side, size: size, pin: pin, markerRadius: markerRadius + extra)
                    if fitsAlongMainAxis(raw, side: side) { add(clamped(raw), side, leader: true) }
                }
            }
            // A corner of the box as far from the pin as a side's edge is.
            let reach = (markerRadius + offset + extra) / 2.squareRoot()
            for (vertical, horizontal) in corners {
                let x = horizontal == .right ? pin.x + reach : pin.x - reach - size.width
                let y = vertical == .bottom ? pin.y + reach : pin.y - reach - size.height
                let rect = CGRect(x: x, y: y, width: size.width, height: size.height)
                if clamped(rect) == rect { add(rect, vertical, leader: true) }
            }
        }
        return list
    }

    /// The four corners, (vertical side, horizontal side), in the order of the better of
    /// their two sides in `sides`, then the other.
    static func corners(_ sides: [Tooltip.Side]) -> [(Tooltip.Side, Tooltip.Side)] {
        func rank(_ side: Tooltip.Side) -> Int { sides.firstIndex(of: side) ?? sides.count }
        let all: [(Tooltip.Side, Tooltip.Side)] = [(.top, .right), (.top, .left), (.bottom, .right), (.bottom, .left)]
        return all.sorted { a, b in
            let ka = (min(rank(a.0), rank(a.1)), max(rank(a.0), rank(a.1)))
            let kb = (min(rank(b.0), rank(b.1)), max(rank(b.0), rank(b.1)))
            return ka < kb
        }
    }

    /// The last resort when no side has room: the box clamped inside the container on the
    /// roomiest side, over its pin if it must.
    func fallback(size: CGSize, pin: CGPoint, markerRadius: Double, sides: [Tooltip.Side]) -> (candidate: TooltipCandidate, overPin: Bool)? {
        guard size.width <= container.width, size.height <= container.height, !sides.isEmpty else { return nil }
        let side = sides.max { room(on: $0, pin: pin) < room(on: $1, pin: pin) }!
        let rect = clamped(candidate(side: side, size: size, pin: pin, markerRadius: markerRadius))
        let near = CGRect(x: pin.x - markerRadius, y: pin.y - markerRadius,
                          width: 2 * markerRadius, height: 2 * markerRadius)
        return (TooltipCandidate(rect: rect, side: side, hasLeader: false, pin: pin, markerRadius: markerRadius),
                TooltipCandidate.overlap(rect, near) > 0)
    }

    /// The box on `side` of the pin, centered across that side.
    func candidate(side: Tooltip.Side, size: CGSize, pin: CGPoint, markerRadius: Double) -> CGRect {
        let distance = markerRadius + offset
        let origin: CGPoint
        switch side {
        case .top: origin = CGPoint(x: pin.x - size.width / 2, y: pin.y - distance - size.height)
        case .bottom: origin = CGPoint(x: pin.x - size.width / 2, y: pin.y + distance)
        case .left: origin = CGPoint(x: pin.x - distance - size.width, y: pin.y - size.height / 2)
        case .right: origin = CGPoint(x: pin.x + distance, y: pin.y - size.height / 2)
        }
        return CGRect(origin: origin, size: size)
    }

    /// The box centered across its side, then starting and ending at the pin (the
    /// `-start` and `-end` placements of floating-ui), `inset` keeping the arrow clear of
    /// the corner.
    private func alignments(of rect: CGRect, side: Tooltip.Side, pin: CGPoint, inset: Double) -> [CGRect] {
        switch side {
        case .top, .bottom:
            return [rect, rect.offsetBy(dx: pin.x - inset - rect.minX, dy: 0),
                    rect.offsetBy(dx: pin.x + inset - rect.maxX, dy: 0)]
        case .left, .right:
            return [rect, rect.offsetBy(dx: 0, dy: pin.y - inset - rect.minY),
                    rect.offsetBy(dx: 0, dy: pin.y + inset - rect.maxY)]
        }
    }

    private func fitsAlongMainAxis(_ rect: CGRect, side: Tooltip.Side) -> Bool {
        switch side {
        case .top: return rect.minY >= container.minY
        case .bottom: return rect.maxY <= container.maxY
        case .left: return rect.minX >= container.minX
        case .right: return rect.maxX <= container.maxX
        }
    }

    private func room(on side: Tooltip.Side, pin: CGPoint) -> Double {
        switch side {
        case .top: return pin.y - container.minY
        case .bottom: return container.maxY - pin.y
        case .left: return pin.x - container.minX
        case .right: return container.maxX - pin.x
        }
    }

    /// Shifts a box (no larger than the container) so it lies inside the container.
    func clamped(_ rect: CGRect) -> CGRect {
        let x = min(max(rect.minX, container.minX), container.maxX - rect.width)
        let y = min(max(rect.minY, container.minY), container.maxY - rect.height)
        return CGRect(x: x, y: y, width: rect.width, height: rect.height)
    }

    /// The arrow triangle (two base corners on the box edge, then the tip) from the box
    /// toward the pin, its base kept clear of the rounded corners.
    static func arrow(for rect: CGRect, side: Tooltip.Side, pin: CGPoint, markerRadius: Double,
                      halfWidth: Double, cornerRadius: Double, tipGap: Double) -> [Point] {
        let inset = cornerRadius + halfWidth
        func along(_ value: Double, _ low: Double, _ high: Double) -> Double {
            low > high ? (low + high) / 2 : min(max(value, low), high)
        }
        let base: (CGPoint, CGPoint)
        switch side {
        case .top, .bottom:
            let x = along(pin.x, rect.minX + inset, rect.maxX - inset)
            let y = side == .top ? rect.maxY : rect.minY
            base = (CGPoint(x: x - halfWidth, y: y), CGPoint(x: x + halfWidth, y: y))
        case .left, .right:
            let y = along(pin.y, rect.minY + inset, rect.maxY - inset)
            let x = side == .left ? rect.maxX : rect.minX
            base = (CGPoint(x: x, y: y - halfWidth), CGPoint(x: x, y: y + halfWidth))
        }
        let middle = CGPoint(x: (base.0.x + base.1.x) / 2, y: (base.0.y + base.1.y) / 2)
        let dx = middle.x - pin.x, dy = middle.y - pin.y
        let length = max(hypot(dx, dy), 1e-9)
        let reach = min(markerRadius + tipGap, length)
        let tip = CGPoint(x: pin.x + dx / length * reach, y: pin.y + dy / length * reach)
        return [base.0, base.1, tip].map { Point(x: $0.x, y: $0.y) }
    }
}
