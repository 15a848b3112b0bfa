/// A feature found on both pages: where it is on the old page and on the new one, in points.
public struct PointPair: Sendable, Equatable {
    public var old: Point
    public var new: Point
    /// How much the pair counts in a fit (a match's strength); 1 for words.
    public var weight: Double

    public init(old: Point, new: Point, weight: Double = 1) {
        self.old = old
        self.new = new
        self.weight = weight
    }
}
