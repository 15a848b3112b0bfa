import Foundation

extension Color {
    /// WCAG 2.x relative luminance: 0 for black, 1 for white, from the sRGB components
    /// linearized (alpha is not taken into account; see ``over(_:)``).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG 2.x contrast ratio between two colors, from 1 (the same) to 21 (black on
    /// white): text needs 4.5 (level AA), large text 3. Translucent colors are laid over
    /// `background` first, `background` over white.
    ///
    ///     Color(hex: "#FFFFFF")!.contrastRatio(with: Color(hex: "#000000")!)  // 21
    public func contrastRatio(with background: Color) -> Double {
        let back = background.over(Color(red: 1, green: 1, blue: 1))
        let (a, b) = (over(back).relativeLuminance, back.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// This color painted over the opaque `background` (source-over, straight alpha).
    public func over(_ background: Color) -> Color {
        func mix(_ top: Double, _ bottom: Double) -> Double { top * alpha + bottom * (1 - alpha) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}
