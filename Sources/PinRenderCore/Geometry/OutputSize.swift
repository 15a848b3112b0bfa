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
    /// side would exceed ``maximumSide`` or the total would exceed `pixelLimit`. A PDF
    /// page's sides are rounded up, as pdftocairo and PyMuPDF round them (`ceil(points x
    /// dpi / 72)`: an A1 sheet's 1684 pt at 150 dpi is 3508.3 px, so 3509 rows), so the whole
    /// page is drawn; a side fitted to `--width` or `--height` is that size. An image's sides
    /// are rounded to the nearest pixel (a column three quarters empty would show on a photo).
    /// - Parameters:
    ///   - contentSize: the displayed page or image, in its units (points or pixels).
    ///   - unitsPerInch: 72 for PDF pages; nil where `--dpi` has no meaning (images, canvas).
    ///   - pixelLimit: the most pixels one output may have.
    public func pixelSize(contentSize: CGSize, unitsPerInch: Double?, pixelLimit: Int) throws -> CGSize {
        let s = try scale(contentSize: contentSize, unitsPerInch: unitsPerInch)
        var scaled = (width: contentSize.width * s, height: contentSize.height * s)
        var fitted = (width: Double.infinity, height: Double.infinity)
        switch self {
        case .dpi(let dpi):
            // As pdftocairo: times the dpi, then divided by 72 (792 pt at 150 dpi is 1650
            // exactly; 792 x (150 / 72) is 1650.0000000000002). `scale` refused a nil.
            let perInch = unitsPerInch ?? 72
            scaled = (contentSize.width * dpi / perInch, contentSize.height * dpi / perInch)
        case .fit(let width, let height):
            fitted = (width.map(Double.init) ?? .infinity, height.map(Double.init) ?? .infinity)
        case .scale:
            break
        }
        let rule: FloatingPointRoundingRule = unitsPerInch == nil ? .toNearestOrAwayFromZero : .up
        let width = max(1, min(scaled.width.rounded(rule), fitted.width))
        let height = max(1, min(scaled.height.rounded(rule), fitted.height))
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
    /// output's whole-pixel size pads a page's last fraction of a pixel (white, as
    /// pdftocairo's) and may cut or pad an image's.
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
