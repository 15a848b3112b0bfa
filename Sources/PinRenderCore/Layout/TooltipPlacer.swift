import Foundation

/// Places tooltip boxes around pins, as floating-ui does: preferred side, then the other
/// sides in order, then a shift along the side to stay inside the container; as a last
/// resort (when no side has room) the box is clamped into the container over its pin.
/// Every box it returns lies inside `container`.
struct TooltipPlacer {
    /// The area boxes must stay in (the output, less its padding).
    var container: CGRect
    /// Distance from a pin's center to the near edge of its box, beyond the marker radius.
    var offset: Double

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

    /// A placed box and whether it had to cover its own pin.
    struct Placement {
        var rect: CGRect
        var side: Tooltip.Side
        var overPin: Bool
    }

    /// The first side (in `sides` order) whose box fits and overlaps no obstacle.
    /// With `avoiding` (strict), nil when every fitting side collides. Otherwise the
    /// `soft` obstacles are avoided where possible: the fitting side with the least overlap
    /// wins, and with no fitting side the box is clamped inside, over its pin if it must.
    func place(size: CGSize, pin: CGPoint, markerRadius: Double, sides: [Tooltip.Side],
               avoiding obstacles: [CGRect]?, soft: [CGRect] = []) -> Placement? {
        guard size.width <= container.width, size.height <= container.height else { return nil }
        let others = obstacles ?? soft
        var best: (placement: Placement, overlap: Double)?
        for side in sides {
            let raw = candidate(side: side, size: size, pin: pin, markerRadius: markerRadius)
            guard fitsAlongMainAxis(raw, side: side) else { continue }
            for rect in alignments(of: raw, side: side, pin: pin, inset: markerRadius).map(clamped) {
            let overlap = others.reduce(0.0) { total, other in
                let common = other.intersection(rect)
                return common.isNull ? total : total + common.width * common.height
            }
            let placement = Placement(rect: rect, side: side, overPin: false)
            if overlap == 0 && !others.contains(where: { $0.intersects(rect) }) { return placement }
            if best == nil || overlap < best!.overlap { best = (placement, overlap) }
            }
        }
        if obstacles != nil { return nil }
        if let best { return best.placement }
        let side = sides.max { room(on: $0, pin: pin) < room(on: $1, pin: pin) }!
        let rect = clamped(candidate(side: side, size: size, pin: pin, markerRadius: markerRadius))
        let near = CGRect(x: pin.x - markerRadius, y: pin.y - markerRadius,
                          width: 2 * markerRadius, height: 2 * markerRadius)
        return Placement(rect: rect, side: side, overPin: rect.intersects(near))
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
