/// The colors of a tooltip's box and leader line (its texts carry their own in their
/// styles): chosen by the layout from the theme, read by the drawing.
///
///     let ink = TooltipInk(theme: Theme())
///     ink.background.hex // "#FFFFFFF2"
public struct TooltipInk: Sendable, Equatable, Codable {
    /// The box and its arrow.
    public var background: Color
    /// The box's border.
    public var border: Color
    /// The leader line, where the box stands away from its pin.
    public var leader: Color

    /// The ink of a theme's tooltips: its `tooltipBackground`, `tooltipBorder`, `leaderLine`.
    public init(theme: Theme) {
        background = theme.tooltipBackground
        border = theme.tooltipBorder
        leader = theme.leaderLine
    }
}
