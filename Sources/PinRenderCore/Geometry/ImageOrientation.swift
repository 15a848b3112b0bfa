import Foundation

/// An EXIF orientation (tag 0x0112): how the stored pixels must be turned to be displayed.
/// Pins refer to the displayed image.
public enum ImageOrientation: Int, Sendable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// The orientation with this EXIF value, `.up` for values outside 1...8.
    public init(exifValue: Int) {
        self = ImageOrientation(rawValue: exifValue) ?? .up
    }

    /// True for 5...8, where the displayed image is the stored one turned a quarter.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The displayed size of an image stored as `stored`.
    public func displayedSize(stored: CGSize) -> CGSize {
        swapsAxes ? CGSize(width: stored.height, height: stored.width) : stored
    }

    /// The affine map from stored pixel coordinates to displayed ones (top-left origins).
    ///
    ///     ImageOrientation.right.transform(stored: CGSize(width: 800, height: 1200))
    ///         .transform(CGPoint(x: 0, y: 0)) // (1200, 0): the top-left goes top-right
    public func transform(stored: CGSize) -> AffineTransform {
        let w = stored.width, h = stored.height
        // (m11, m12, m21, m22, tX, tY): displayed = (m11 x + m21 y + tX, m12 x + m22 y + tY)
        switch self {
        case .up: return AffineTransform(m11: 1, m12: 0, m21: 0, m22: 1, tX: 0, tY: 0)
        case .upMirrored: return AffineTransform(m11: -1, m12: 0, m21: 0, m22: 1, tX: w, tY: 0)
        case .down: return AffineTransform(m11: -1, m12: 0, m21: 0, m22: -1, tX: w, tY: h)
        case .downMirrored: return AffineTransform(m11: 1, m12: 0, m21: 0, m22: -1, tX: 0, tY: h)
        case .leftMirrored: return AffineTransform(m11: 0, m12: 1, m21: 1, m22: 0, tX: 0, tY: 0)
        case .right: return AffineTransform(m11: 0, m12: 1, m21: -1, m22: 0, tX: h, tY: 0)
        case .rightMirrored: return AffineTransform(m11: 0, m12: -1, m21: -1, m22: 0, tX: h, tY: w)
        case .left: return AffineTransform(m11: 0, m12: -1, m21: 1, m22: 0, tX: 0, tY: w)
        }
    }
}
