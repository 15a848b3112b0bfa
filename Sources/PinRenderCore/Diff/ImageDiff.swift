import Foundation

/// Compares two RGBA images the way pixelmatch does: the YIQ color distance of each pixel
/// pair (alpha blended over white as pixelmatch 5.x and 6.x do, or over pixelmatch 7.x's
/// checkerboard) against `35215 * threshold^2`, with pixels that differ only by
/// anti-aliasing (told from the 3x3 neighbourhood in both images) reported apart. The diff
/// image and its options (`alpha`, `aaColor`, `diffColor`, `diffColorAlt`, `diffMask`) are
/// pixelmatch's.
///
///     let result = ImageDiff(options: .init(threshold: 0.1)).compare(expected, actual, width: w, height: h)
///     result.diffPixels // pixels that really differ
public struct ImageDiff: Sendable {
    public struct Options: Sendable, Equatable {
        /// 0 (exact) to 1 (anything goes); pixelmatch's default 0.1.
        public var threshold = 0.1
        /// Count anti-aliased pixels as differences too.
        public var includeAA = false
        /// Rectangles (x, y, width, height in pixels) skipped in both images.
        public var ignore: [CGRect] = []
        /// Stop counting once this many pixels differ (when no diff image is wanted).
        public var stopAfter: Int?
        /// What translucent pixels are blended over before they are compared.
        public var background = Background.white
        /// The opacity of the expected image, faded to gray, in the diff image.
        public var alpha = 0.1
        /// Anti-aliased pixels in the diff image.
        public var aaColor = RGB(255, 255, 0)
        /// Differing pixels in the diff image.
        public var diffColor = RGB(255, 0, 0)
        /// Differing pixels that are darker in the actual image, when set (otherwise
        /// `diffColor`).
        public var diffColorAlt: RGB?
        /// The diff image shows the differing pixels alone, over transparency.
        public var diffMask = false

        public init(threshold: Double = 0.1, includeAA: Bool = false, ignore: [CGRect] = [], stopAfter: Int? = nil) {
            self.threshold = threshold
            self.includeAA = includeAA
            self.ignore = ignore
            self.stopAfter = stopAfter
        }
    }

    /// What translucent pixels are blended over when compared.
    public enum Background: String, Sendable, Equatable, CaseIterable {
        /// White, as pixelmatch 5.x and 6.x.
        case white
        /// pixelmatch 7.x's pattern of dark and light colours, which sets a translucent pixel
        /// apart from the opaque colour it looks like over white.
        case checkerboard
    }

    /// A colour of the diff image.
    public struct RGB: Sendable, Equatable {
        public var r: UInt8, g: UInt8, b: UInt8
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
            (self.r, self.g, self.b) = (r, g, b)
        }
    }

    /// What a comparison found.
    public struct Result: Sendable, Equatable {
        public var diffPixels: Int
        public var aaPixels: Int
        /// Bounding boxes of groups of differing pixels (within 8 px of each other).
        public var regions: [CGRect]
        /// The diff image, RGBA, when asked for: the expected image faded to gray (nothing,
        /// for a mask), differing pixels in `diffColor` (`diffColorAlt` where the actual image
        /// is darker), anti-aliased ones in `aaColor`.
        public var image: [UInt8]?
        /// True when counting stopped early at `stopAfter`.
        public var stoppedEarly: Bool
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Compares two images of the same size, RGBA bytes row by row.
    public func compare(_ expected: [UInt8], _ actual: [UInt8], width: Int, height: Int, diffImage: Bool = false) -> Result {
        precondition(expected.count == width * height * 4 && actual.count == expected.count)
        var comparison = Comparison(self, width: width, height: height, diffImage: diffImage)
        var image = [UInt8](repeating: 0, count: diffImage ? expected.count : 0)
        let findings = expected.withUnsafeBufferPointer { a in
            actual.withUnsafeBufferPointer { b in
                image.withUnsafeMutableBufferPointer { output in
                    compare(rows: 0..<height, expected: a, actual: b, heldFrom: 0, width: width, height: height,
                            output: diffImage ? output : nil, order: .rgba)
                }
            }
        }
        comparison.add(findings)
        return comparison.result(image: diffImage ? image : nil)
    }

    /// The colours a diff image (not a mask) is made of: greys from white down to the
    /// darkest a pixel fades to (black, opaque, at ``Options/alpha``), and the colours that
    /// mark differences and anti-aliasing. With the default options, 27 greys and 2 colours.
    public var imageColors: (darkestGray: UInt8, colors: [RGB]) {
        // The fade is linear in brightness and in opacity: its extremes are at their ends.
        let ends = [(0.0, UInt8(255)), (0, 0), (255, 255), (255, 0)]
        let darkest = ends.map { DiffPaint.gray(luma: $0.0, opacity: $0.1, alpha: options.alpha) }.min()!
        return (darkest, [options.aaColor, options.diffColor] + (options.diffColorAlt.map { [$0] } ?? []))
    }

    /// The byte order of a diff image's pixels.
    public enum PixelOrder: Sendable {
        /// R, G, B, A.
        case rgba
        /// B, G, R, A: Cairo's, what the PNG writer takes.
        case bgra
        /// One byte a pixel, an index into a palette of the ``imageColors``: a faded grey g
        /// as 255 - g, the marking colours as given (anti-aliased, differing, differing and
        /// darker in the actual image).
        case indexed(aa: UInt8, diff: UInt8, darker: UInt8)

        /// The bytes of one pixel.
        public var bytesPerPixel: Int {
            if case .indexed = self { return 1 }
            return 4
        }
    }

    /// What one stripe of rows holds: its counts and regions, merged in order by
    /// ``Comparison/add(_:)``. When counting may stop early (`stopAfter`, no diff image), it
    /// also keeps each differing pixel in order, with the anti-aliased pixels found before
    /// it, so that the merge stops where one pass over the whole image would.
    public struct StripeFindings: Sendable {
        var diffPixels = 0
        var aaPixels = 0
        var cells = RegionCells()
        /// The differing pixels (`y * width + x`) in order, and the anti-aliased ones found
        /// before each; only when counting may stop early.
        var marked: [Int] = []
        var aaBefore: [Int] = []
    }

    /// Compares image rows `rows` of two images of `width` x `height`: `expected` and `actual`
    /// hold RGBA rows from `heldFrom` on, at least ``ImageDiff/context`` rows above and below
    /// `rows` where the image has them (the anti-aliasing test looks that far). With `output`
    /// (room for the rows' pixels), writes the diff image's rows there, in `order`. Stripes
    /// are independent: they can be compared on different threads, in any order, and merged
    /// in order.
    public func compare(rows: Range<Int>, expected a: UnsafeBufferPointer<UInt8>, actual b: UnsafeBufferPointer<UInt8>,
                        heldFrom first: Int, width: Int, height: Int, output: UnsafeMutableBufferPointer<UInt8>?,
                        order: PixelOrder) -> StripeFindings {
        var findings = StripeFindings()
        let rowBytes = width * 4, pixelBytes = order.bytesPerPixel
        let mask = options.diffMask
        let pair = PixelPair(a: a, b: b, width: width, height: height, firstRow: first,
                             checkerboard: options.background == .checkerboard)
        let paint = output.map { DiffPaint(output: $0, order: order, options: options) }
        let keepOrder = options.stopAfter != nil && output == nil
        if let output, mask { memset(output.baseAddress!, 0, rows.count * rowBytes) } // transparent where the same
        let maxDelta = 35215 * options.threshold * options.threshold
        let ignore = options.ignore.map { $0.integral }
        for y in rows {
            let row = pair.index(0, y), out = (y - rows.lowerBound) * width * pixelBytes
            // Rows the same in both images hold no difference: the diff image shows them faded.
            if memcmp(a.baseAddress! + row, b.baseAddress! + row, rowBytes) == 0 {
                if let paint, !mask { paint.fade(a, row, pixels: width, at: out) }
                continue
            }
            var x = 0
            while x < width {
                let i = row + x * 4, o = out + x * pixelBytes
                // A run of pixels the same in both images (ignored or not, they are faded alike).
                let same = PixelPair.sameRun(a, b, from: i, pixels: width - x)
                if same > 0 {
                    if let paint, !mask { paint.fade(a, i, pixels: same, at: o) }
                    x += same
                    continue
                }
                defer { x += 1 }
                if !ignore.isEmpty, ignore.contains(where: { $0.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) }) {
                    if let paint, !mask { paint.fade(a, i, pixels: 1, at: o) }
                    continue
                }
                let delta = pair.colorDelta(a, i, b, i, at: pair.position(x, y))
                if abs(delta) > maxDelta {
                    if !options.includeAA && (pair.antialiased(a, b, x, y) || pair.antialiased(b, a, x, y)) {
                        findings.aaPixels += 1
                        if let paint, !mask { paint.put(.aa, at: o) }
                    } else {
                        findings.diffPixels += 1
                        findings.cells.add(x: x, y: y)
                        paint?.put(delta < 0 ? .darker : .diff, at: o)
                        if keepOrder {
                            findings.marked.append(y * width + x)
                            findings.aaBefore.append(findings.aaPixels)
                            // No more is needed than one past the budget: the merge stops there.
                            if findings.diffPixels > options.stopAfter! { return findings }
                        }
                    }
                } else if let paint, !mask {
                    paint.fade(a, i, pixels: 1, at: o)
                }
            }
        }
        return findings
    }

    /// A comparison made a stripe of rows at a time, the stripes' findings added top to
    /// bottom, so that neither image need be held whole: the counts and regions are those of
    /// one ``ImageDiff/compare(_:_:width:height:diffImage:)`` of the whole images.
    ///
    ///     var comparison = ImageDiff.Comparison(diff, width: w, height: h, diffImage: false)
    ///     for rows in stripes {   // each stripe's rows, with rows ImageDiff.context above and below
    ///         comparison.add(diff.compare(rows: rows, expected: a, actual: b, heldFrom: first, ...))
    ///     }
    ///     let result = comparison.result(image: nil)
    public struct Comparison: Sendable {
        public let diff: ImageDiff
        public let width: Int
        public let height: Int
        public let diffImage: Bool
        public private(set) var diffPixels = 0
        public private(set) var aaPixels = 0
        /// Counting stopped at `stopAfter`: later stripes are not compared.
        public private(set) var stoppedEarly = false
        private var cells = RegionCells()

        public init(_ diff: ImageDiff, width: Int, height: Int, diffImage: Bool) {
            self.diff = diff
            self.width = width
            self.height = height
            self.diffImage = diffImage
        }

        /// Adds the findings of the next stripe down. Past `stopAfter` (without a diff
        /// image), counting stops at the pixel one pass over the image would stop at.
        public mutating func add(_ stripe: StripeFindings) {
            guard !stoppedEarly else { return }
            if let limit = diff.options.stopAfter, !diffImage, diffPixels + stripe.diffPixels > limit {
                let kept = limit - diffPixels + 1
                aaPixels += stripe.aaBefore[kept - 1]
                diffPixels += kept
                for pixel in stripe.marked[..<kept] { cells.add(x: pixel % width, y: pixel / width) }
                stoppedEarly = true
                return
            }
            diffPixels += stripe.diffPixels
            aaPixels += stripe.aaPixels
            cells.merge(stripe.cells)
        }

        /// The verdict so far, with the diff image given.
        public func result(image: [UInt8]?) -> Result {
            Result(diffPixels: diffPixels, aaPixels: aaPixels, regions: cells.regions(), image: image,
                   stoppedEarly: stoppedEarly)
        }
    }

    /// Rows above and below a pixel that its anti-aliasing test reads: its neighbours, and
    /// theirs.
    public static let context = 2
}
