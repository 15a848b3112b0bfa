/// The thread list beside a PNG page (the apps' bottom sheet): a background, a divider on
/// its left edge, and the summary's markers and texts in the panel's own coordinates (its
/// top-left corner at (`rect.x`, `rect.y`) of the output).
public struct ThreadPanel: Sendable, Equatable, Codable {
    /// Where the panel is in the output.
    public var rect: Rect
    /// The panel's background.
    public var background: Color
    /// The line between the page and the panel.
    public var divider: Fill
    public var uiScale: Double
    public var markers: [Marker]
    public var texts: [TextBlock]

    public init(rect: Rect, background: Color, divider: Fill, uiScale: Double, markers: [Marker], texts: [TextBlock]) {
        self.rect = rect
        self.background = background
        self.divider = divider
        self.uiScale = uiScale
        self.markers = markers
        self.texts = texts
    }

    /// The panel's contents as a scene of the panel's size, to be drawn at its corner.
    public var content: Scene {
        var scene = Scene(page: 1, width: rect.width, height: rect.height, uiScale: uiScale, markers: markers)
        scene.texts = texts
        return scene
    }
}
