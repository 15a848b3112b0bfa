/// A plain point in output units (Codable as `{"x", "y"}`).
public struct Point: Sendable, Equatable, Codable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
