import Foundation

/// A marker too close to the output's edge for its disc to be whole leans inward: its disc
/// moves into the output and a pointer joins it to the pin's point, which it touches with
/// its tip (the teardrop of a map pin). The number stays readable and the point exact.
public struct Lean: Sendable, Equatable, Codable {
    /// The disc's center.
    public var x: Double
    public var y: Double
    /// The ring's pointer: its tip (the pin's point), then the two points where its sides
    /// touch the disc, on either side of the line from the center to the tip.
    public var pointer: [Point]
    /// The fill's pointer, inside the ring: its tip is short of the point by the ring's width.
    public var innerPointer: [Point]

    /// The lean of a disc of `radius` centered at `center` toward `tip`, with a ring `ring`
    /// wide. `center` must be further than `radius` from `tip`.
    public init(tip: CGPoint, center: CGPoint, radius: Double, ring: Double) {
        (x, y) = (center.x, center.y)
        let d = hypot(tip.x - center.x, tip.y - center.y)
        let (ux, uy) = ((tip.x - center.x) / d, (tip.y - center.y) / d)
        // A side is tangent to the disc: it touches it where the radius makes acos(r / d) with the axis.
        let beta = acos(radius / d)
        func sides(_ r: Double) -> [Point] {
            [beta, -beta].map { b in
                Point(x: center.x + r * (ux * cos(b) - uy * sin(b)), y: center.y + r * (ux * sin(b) + uy * cos(b)))
            }
        }
        // The fill's sides run a ring's width inside the ring's: its tip is ring / sin(half angle) back.
        let back = ring * d / radius
        pointer = [Point(x: tip.x, y: tip.y)] + sides(radius)
        innerPointer = [Point(x: tip.x - ux * back, y: tip.y - uy * back)] + sides(radius - ring)
    }
}
