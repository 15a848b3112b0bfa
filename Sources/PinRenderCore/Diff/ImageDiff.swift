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
        let image = comparison.compare(rows: 0..<height, expected: expected[...], actual: actual[...], heldFrom: 0)
        return comparison.result(image: image)
    }

    /// A comparison made a stripe of rows at a time, top to bottom, so that neither image
    /// need be held whole: the counts, regions and diff image are those of one
    /// ``ImageDiff/compare(_:_:width:height:diffImage:)`` of the whole images.
    ///
    ///     var comparison = ImageDiff.Comparison(diff, width: w, height: h, diffImage: false)
    ///     for rows in stripes {   // each stripe's rows, with rows ImageDiff.context above and below
    ///         _ = comparison.compare(rows: rows, expected: a, actual: b, heldFrom: first)
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

        /// Compares image rows `rows`. `expected` and `actual` hold rows from `heldFrom` on,
        /// at least ``ImageDiff/context`` rows above and below `rows` where the image has
        /// them (the anti-aliasing test looks that far). Returns the diff image's rows,
        /// RGBA, when a diff image is wanted.
        public mutating func compare(rows: Range<Int>, expected: ArraySlice<UInt8>, actual: ArraySlice<UInt8>,
                                     heldFrom first: Int) -> [UInt8]? {
            let options = diff.options
            let rowBytes = width * 4
            var output = diffImage ? [UInt8](repeating: options.diffMask ? 0 : 255, count: rows.count * rowBytes) : nil
            if stoppedEarly { return output }
            let offset = (rows.lowerBound - first) * rowBytes, count = rows.count * rowBytes
            if !diffImage && options.ignore.isEmpty, expected.withUnsafeBytes({ a in
                actual.withUnsafeBytes { b in memcmp(a.baseAddress! + offset, b.baseAddress! + offset, count) == 0 }
            }) {
                return output
            }
            let maxDelta = 35215 * options.threshold * options.threshold
            var marked: [Int] = []
            let ignore = options.ignore.map { $0.integral }
            let darker = options.diffColorAlt ?? options.diffColor
            let mask = options.diffMask
            expected.withUnsafeBufferPointer { a in
                actual.withUnsafeBufferPointer { b in
                    let pair = PixelPair(a: a, b: b, width: width, height: height, firstRow: first,
                                         checkerboard: options.background == .checkerboard)
                    rows: for y in rows {
                        for x in 0..<width {
                            let i = pair.index(x, y), o = ((y - rows.lowerBound) * width + x) * 4
                            if !ignore.isEmpty, ignore.contains(where: { $0.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) }) {
                                if output != nil && !mask { pair.gray(a, i, alpha: options.alpha, into: &output!, at: o) }
                                continue
                            }
                            let same = a[i] == b[i] && a[i + 1] == b[i + 1] && a[i + 2] == b[i + 2] && a[i + 3] == b[i + 3]
                            let delta = same ? 0 : pair.colorDelta(a, i, b, i, at: pair.position(x, y))
                            if abs(delta) > maxDelta {
                                if !options.includeAA && (pair.antialiased(a, b, x, y) || pair.antialiased(b, a, x, y)) {
                                    aaPixels += 1
                                    if output != nil && !mask { PixelPair.put(&output!, o, options.aaColor) }
                                } else {
                                    diffPixels += 1
                                    marked.append(y * width + x)
                                    if output != nil { PixelPair.put(&output!, o, delta < 0 ? darker : options.diffColor) }
                                    if let limit = options.stopAfter, output == nil, diffPixels > limit {
                                        stoppedEarly = true
                                        break rows
                                    }
                                }
                            } else if output != nil && !mask {
                                pair.gray(a, i, alpha: options.alpha, into: &output!, at: o)
                            }
                        }
                    }
                }
            }
            cells.add(marked, width: width)
            return output
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
