/// A rectangle filled with one color: the letterbox around a device screen, a panel's
/// background, its divider.
public struct Fill: Sendable, Equatable, Codable {
    public var rect: Rect
    public var color: Color

    public init(rect: Rect, color: Color) {
        self.rect = rect
        self.color = color
    }
}
