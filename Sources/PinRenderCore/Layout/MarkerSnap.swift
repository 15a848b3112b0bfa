/// Where a marker is drawn on pixels (``Scene/onPixels()``): its disc's center on the quarter
/// pixel nearest it, each badge moved with it and then to its own nearest quarter pixel, and
/// a leaning marker's pointers from that center to the nearest 1/1024 pixel, so that markers
/// leaning alike (all those on one edge) share a drawing. An image drawn once for each
/// quarter-pixel phase of a style then stands for every marker of that style.
///
///     Scene.snapped(10.3) // 10.25
public struct MarkerSnap: Sendable, Equatable, Codable {
    /// The disc's center.
    public var x: Double
    public var y: Double
    /// The badges' centers, in the order of ``Marker/badges``.
    public var badges: [Point]
    /// A leaning marker's ring pointer and fill pointer, from (`x`, `y`); nil when it does
    /// not lean.
    public var pointer: [Point]?
    public var innerPointer: [Point]?

    /// The snap of `marker`.
    init(_ marker: Marker) {
        let disc = marker.disc
        (x, y) = (Scene.snapped(disc.x), Scene.snapped(disc.y))
        let shift = (x: x - disc.x, y: y - disc.y)
        badges = marker.badges.map { Point(x: Scene.snapped($0.x + shift.x), y: Scene.snapped($0.y + shift.y)) }
        if let lean = marker.lean {
            func fine(_ value: Double) -> Double { (value * 1024).rounded() / 1024 }
            func relative(_ points: [Point]) -> [Point] { points.map { Point(x: fine($0.x - lean.x), y: fine($0.y - lean.y)) } }
            (pointer, innerPointer) = (relative(lean.pointer), relative(lean.innerPointer))
        }
    }
}
