/// How a run of text is set: font, size in output units, weight, color, and how many lines
/// it may wrap to before it is cut with an ellipsis.
public struct TextStyle: Sendable, Equatable, Codable {
    public var fontFamily: String
    public var size: Double
    public var bold: Bool
    public var color: Color
    public var maxLines: Int

    public init(fontFamily: String, size: Double, bold: Bool = false, color: Color, maxLines: Int = 1) {
        self.fontFamily = fontFamily
        self.size = size
        self.bold = bold
        self.color = color
        self.maxLines = maxLines
    }
}

/// Measures text the way the drawing step will set it. The layout asks; the renderer's
/// Pango measurer answers, and tests can answer with a fixed-advance stand-in.
public protocol TextMeasuring {
    /// The size of `text` set in `style`, wrapped at `maxWidth` and cut (with an ellipsis)
    /// after `style.maxLines` lines.
    func measure(_ text: String, style: TextStyle, maxWidth: Double) -> (width: Double, height: Double)
}
