import Foundation

/// A map from an old page as displayed to the new one, in points (top-left origin, y down):
/// `x' = a*x + c*y + e`, `y' = b*x + d*y + f`, as PDF's matrices and REPORT.json's `matrix`.
///
///     let t = PageTransform.similarity(scale: 1.5, rotation: 0, shift: Point(x: 10, y: 0))
///     t.apply(Point(x: 2, y: 4))  // (13, 6)
public struct PageTransform: Sendable, Equatable {
    public var a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

    /// - Parameters: the matrix's six numbers, in PDF's order.
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Nothing moves.
    public static let identity = PageTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    /// A uniform scale and a rotation (radians, clockwise on the page as y points down) about
    /// the origin, then `shift`.
    public static func similarity(scale: Double, rotation: Double, shift: Point) -> PageTransform {
        let cosine = scale * cos(rotation), sine = scale * sin(rotation)
        return PageTransform(a: cosine, b: sine, c: -sine, d: cosine, e: shift.x, f: shift.y)
    }

    /// The six numbers as REPORT.json writes them.
    public var matrix: [Double] { [a, b, c, d, e, f] }

    /// Where `point` goes.
    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f)
    }

    /// Where a displacement goes (the linear part only).
    public func applyLinear(_ vector: Point) -> Point {
        Point(x: a * vector.x + c * vector.y, y: b * vector.x + d * vector.y)
    }

    /// `self` then `other`.
    public func followed(by other: PageTransform) -> PageTransform {
        PageTransform(a: other.a * a + other.c * b, b: other.b * a + other.d * b,
                      c: other.a * c + other.c * d, d: other.b * c + other.d * d,
                      e: other.a * e + other.c * f + other.e, f: other.b * e + other.d * f + other.f)
    }

    /// The map back; nil when it flattens the page.
    public var inverted: PageTransform? {
        let det = a * d - b * c
        guard abs(det) > 1e-12 else { return nil }
        return PageTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                             e: (c * f - d * e) / det, f: (b * e - a * f) / det)
    }

    /// The mean scale (the square root of the area ratio).
    public var scale: Double { abs(a * d - b * c).squareRoot() }

    /// The rotation of the x axis, in radians.
    public var rotation: Double { atan2(b, a) }
}
