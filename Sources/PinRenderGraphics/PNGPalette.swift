import PinRenderCore
internal import CCodecs

/// The palette of an indexed PNG whose pixels are greys from white down and a few colours,
/// as a diff image's are (the expected image faded, differences marked): one byte a pixel
/// to compute and deflate instead of RGB's three, for the same pixels once decoded.
///
///     let palette = PNGPalette(darkestGray: 229, colors: [.init(255, 0, 0)])   // 27 greys, red
public struct PNGPalette: Sendable, Equatable {
    /// How many greys: 255, 254, ... down to `256 - greys`.
    public let greys: Int
    /// The other colours, none of them one of the greys.
    public let colors: [ImageDiff.RGB]

    /// The greys from white down to `darkestGray` and `colors` (those among the greys or
    /// repeated are left out); nil when they are more than a palette holds (256) or the
    /// colours more than four.
    public init?(darkestGray: UInt8, colors: [ImageDiff.RGB]) {
        let greys = 256 - Int(darkestGray)
        var distinct: [ImageDiff.RGB] = []
        for color in colors where !distinct.contains(color)
            && !(color.r == color.g && color.g == color.b && color.r >= darkestGray) {
            distinct.append(color)
        }
        guard greys + distinct.count <= 256, distinct.count <= 4 else { return nil }
        self.greys = greys
        self.colors = distinct
    }

    /// The index of `color`: a grey's from white down, or one of the other colours'.
    public func index(of color: ImageDiff.RGB) -> UInt8? {
        if color.r == color.g && color.g == color.b && 255 - Int(color.r) < greys { return 255 - color.r }
        return colors.firstIndex(of: color).map { UInt8(greys + $0) }
    }

    /// Runs `body` with `palette` as the C encoder takes it (nil: none).
    static func withParts<T>(of palette: PNGPalette?, _ body: (UnsafePointer<pr_png_palette>?) throws -> T) rethrows -> T {
        guard let palette else { return try body(nil) }
        return try withUnsafePointer(to: palette.parts) { try body($0) }
    }

    private var parts: pr_png_palette {
        var palette = pr_png_palette()
        palette.greys = Int32(greys)
        palette.colors = Int32(colors.count)
        withUnsafeMutableBytes(of: &palette.color) { bytes in
            for (n, color) in colors.enumerated() {
                (bytes[n * 3], bytes[n * 3 + 1], bytes[n * 3 + 2]) = (color.r, color.g, color.b)
            }
        }
        return palette
    }
}
