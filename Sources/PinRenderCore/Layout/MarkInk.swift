/// What a mark (a marker, a cluster bubble, an edge indicator) is drawn in besides its fill:
/// the color of its ring and of its badges' rims, its shadow, its badges' text (and a
/// bubble's count), and the font of its labels. The layout takes them from the theme; the
/// drawing reads them here, so that a layout file draws in the colors it was laid out in.
///
///     let ink = MarkInk(theme: Theme())
///     ink.stroke.hex // "#FFFFFFFF"
public struct MarkInk: Sendable, Equatable, Codable {
    /// The ring of a marker or bubble, the rim of a badge, the outline of an indicator.
    public var stroke: Color
    /// The shadow under a marker or bubble.
    public var shadow: Color
    /// The text of badges and of a bubble's count.
    public var badgeText: Color
    /// The font of numbers, counts and badge marks.
    public var fontFamily: String

    /// The ink a theme gives every mark: its `markerStroke`, `markerShadow`, `badgeText` and
    /// `fontFamily`.
    public init(theme: Theme) {
        stroke = theme.markerStroke
        shadow = theme.markerShadow
        badgeText = theme.badgeText
        fontFamily = theme.fontFamily
    }
}
