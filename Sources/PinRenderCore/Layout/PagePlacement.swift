/// Where the document page is drawn in a scene: its content mapped onto `rect` (which may
/// reach past the output, as a zoomed page does), drawn only inside `clip`.
public struct PagePlacement: Sendable, Equatable, Codable {
    public var rect: Rect
    public var clip: Rect

    public init(rect: Rect, clip: Rect) {
        self.rect = rect
        self.clip = clip
    }
}
