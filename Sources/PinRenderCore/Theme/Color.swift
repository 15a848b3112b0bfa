import Foundation

/// An sRGB color with straight alpha, components 0...1. In JSON it is `"#RRGGBB"` or
/// `"#RRGGBBAA"`.
public struct Color: Sendable, Equatable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        let digits = hex.dropFirst()
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = hex.count == 7 ? value << 8 | 0xff : value
        self.init(red: Double(rgba >> 24 & 0xff) / 255, green: Double(rgba >> 16 & 0xff) / 255,
                  blue: Double(rgba >> 8 & 0xff) / 255, alpha: Double(rgba & 0xff) / 255)
    }

    /// The `#RRGGBBAA` form.
    public var hex: String {
        let parts = [red, green, blue, alpha].map { Int(($0 * 255).rounded()) }
        return "#" + parts.map { String(format: "%02X", $0) }.joined()
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = Color(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                debugDescription: "\"\(text)\" is not a color (#RRGGBB or #RRGGBBAA)"))
        }
        self = color
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
