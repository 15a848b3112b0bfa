/// A rectangle of whole pixels.
struct PixelBox: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels in both (empty if none).
    func intersection(_ other: PixelBox) -> PixelBox {
        let (left, top) = (max(x, other.x), max(y, other.y))
        return PixelBox(x: left, y: top, width: max(0, min(maxX, other.maxX) - left), height: max(0, min(maxY, other.maxY) - top))
    }

    /// The smallest box holding both (the other if this one is empty).
    func union(_ other: PixelBox) -> PixelBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let (left, top) = (min(x, other.x), min(y, other.y))
        return PixelBox(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
