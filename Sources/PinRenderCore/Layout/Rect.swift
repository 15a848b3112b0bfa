import Foundation

/// A plain rectangle in output units, top-left origin (Codable as `{"x", "y", "width", "height"}`).
public struct Rect: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The same rectangle as a `CGRect`.
    public init(_ rect: CGRect) {
        self.init(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    }

    /// The rectangle as a `CGRect`, for drawing.
    public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}
