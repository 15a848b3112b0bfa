import Foundation

/// How big the output should be: `--dpi`, `--scale`, or `--width`/`--height` (fit inside).
public enum SizeRequest: Sendable, Equatable {
    /// Dots per inch of a PDF page (72 points an inch).
    case dpi(Double)
    /// Output units per content unit.
    case scale(Double)
    /// The largest size that fits inside the given width and/or height, keeping the aspect.
    case fit(width: Int?, height: Int?)

    /// Cairo image surfaces stop at 32767 pixels a side.
    public static let maximumSide = 32767
    /// The most pixels an image can have, 32767 x 32767: a pixel limit above it could
    /// never be reached.
    public static let maximumPixels = maximumSide * maximumSide

    /// The output size in whole pixels for content of `contentSize` units, refused when a
    /// side would exceed ``maximumSide`` or the total would exceed `pixelLimit`.
    /// - Parameters:
    ///   - contentSize: the displayed page or image, in its units (points or pixels).
    ///   - unitsPerInch: 72 for PDF pages; nil where `--dpi` has no meaning (images, canvas).
    ///   - pixelLimit: the most pixels one output may have.
    public func pixelSize(contentSize: CGSize, unitsPerInch: Double?, pixelLimit: Int) throws -> CGSize {
        let s = try scale(contentSize: contentSize, unitsPerInch: unitsPerInch)
        let width = max(1, (contentSize.width * s).rounded())
        let height = max(1, (contentSize.height * s).rounded())
        let maxSide = Double(Self.maximumSide)
        guard width <= maxSide, height <= maxSide else {
            throw InputError(source: "size", location: "",
                             problem: "the output would be \(Int(width)) x \(Int(height)) px; Cairo draws at most \(Self.maximumSide) px a side",
                             remedy: .smallerOutput)
        }
        guard width * height <= Double(pixelLimit) else {
            throw InputError(source: "size", location: "",
                             problem: "the output would be \(Int(width)) x \(Int(height)) px, over the limit of \(pixelLimit) pixels",
                             remedy: .smallerOutputOrPixelLimit(maximum: Self.maximumPixels))
        }
        return CGSize(width: width, height: height)
    }

    /// Output units per content unit. The page is drawn at exactly this scale (dpi / 72 for
    /// `--dpi`), so lines fall on the same pixel grid as other renderers put them; the
    /// output's whole-pixel size may cut or pad the last fraction of a pixel.
    public func scale(contentSize: CGSize, unitsPerInch: Double?) throws -> Double {
        let scale: Double
        switch self {
        case .dpi(let dpi):
            guard let unitsPerInch else {
                throw InputError(source: "dpi", location: "", problem: "applies to PDF pages only", remedy: .sizeWithoutDPI)
            }
            scale = dpi / unitsPerInch
        case .scale(let value):
            scale = value
        case .fit(let width, let height):
            let sx = width.map { Double($0) / contentSize.width } ?? .infinity
            let sy = height.map { Double($0) / contentSize.height } ?? .infinity
            scale = min(sx, sy)
        }
        guard scale.isFinite, scale > 0 else {
            throw InputError(source: "size", location: "", problem: "the output scale must be a positive number")
        }
        return scale
    }
}
