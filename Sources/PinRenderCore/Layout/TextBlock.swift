/// A run of text placed at its top-left corner with the width it wraps at.
public struct TextBlock: Sendable, Equatable, Codable {
    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var style: TextStyle

    public init(text: String, x: Double, y: Double, width: Double, style: TextStyle) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.style = style
    }
}
