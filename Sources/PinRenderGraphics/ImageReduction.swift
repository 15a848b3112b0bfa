import Foundation
import PinRenderCore

/// How much an image is shrunk while it is decoded, so that the pixels held follow the
/// size drawn and not the size stored: first by libjpeg's inverse DCT (JPEG only, by 2, 4
/// or 8), then by blocks of `kx` x `ky` pixels averaged. Whole factors only, never below the
/// size drawn: Cairo draws what is left (less than 2x on each axis) with its own filter, and
/// an image drawn at its own size or larger is decoded as it is.
struct ImageReduction: Hashable, Sendable {
    var denominator = 1
    var kx = 1
    var ky = 1

    /// The image as it is.
    static let none = ImageReduction()

    /// The reduction for an image stored `stored` pixels (in `orientation`), drawn at
    /// `drawn` device pixels as displayed.
    init(stored: CGSize, orientation: ImageOrientation, format: RasterImage.Format, drawn: CGSize) {
        let target = orientation.swapsAxes ? CGSize(width: drawn.height, height: drawn.width) : drawn
        guard target.width > 0, target.height > 0 else { return }
        // A hair of tolerance for rounding: 20000 / (20000 x 0.1) is 9.999999999999998, and
        // shrinks by 10.
        func whole(_ ratio: Double) -> Int { Int(min(max(1, (ratio + 1e-9).rounded(.down)), 32768)) }
        let fx = whole(stored.width / target.width), fy = whole(stored.height / target.height)
        if format == .jpeg {
            denominator = [8, 4, 2, 1].first { $0 <= min(fx, fy) }!
        }
        let scaled = dctSize(stored: stored)
        kx = whole(scaled.width / target.width)
        ky = whole(scaled.height / target.height)
    }

    private init() {}

    /// The size libjpeg decodes an image stored `stored` to (stored axes).
    func dctSize(stored: CGSize) -> CGSize {
        CGSize(width: (Int(stored.width) + denominator - 1) / denominator,
               height: (Int(stored.height) + denominator - 1) / denominator)
    }

    /// The size of the decoded pixels of an image stored `stored` (stored axes).
    func decodedSize(stored: CGSize) -> CGSize {
        let scaled = dctSize(stored: stored)
        return CGSize(width: (Int(scaled.width) + kx - 1) / kx, height: (Int(scaled.height) + ky - 1) / ky)
    }
}
