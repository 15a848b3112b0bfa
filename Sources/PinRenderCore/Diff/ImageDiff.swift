import Foundation

/// Compares two RGBA images the way pixelmatch does: the YIQ color distance of each pixel
/// pair (alpha blended over white) against `35215 * threshold^2`, with pixels that differ only
/// by anti-aliasing (told from the 3x3 neighbourhood in both images) reported apart.
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

        public init(threshold: Double = 0.1, includeAA: Bool = false, ignore: [CGRect] = [], stopAfter: Int? = nil) {
            self.threshold = threshold
            self.includeAA = includeAA
            self.ignore = ignore
            self.stopAfter = stopAfter
        }
    }

    /// What a comparison found.
    public struct Result: Sendable, Equatable {
        public var diffPixels: Int
        public var aaPixels: Int
        /// Bounding boxes of groups of differing pixels (within 8 px of each other).
        public var regions: [CGRect]
        /// The diff image, RGBA, when asked for: the expected image faded to gray, differing
        /// pixels red (actual darker) or green (actual lighter), anti-aliased ones yellow.
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
        if expected == actual && options.ignore.isEmpty && !diffImage {
            return Result(diffPixels: 0, aaPixels: 0, regions: [], image: nil, stoppedEarly: false)
        }
        let maxDelta = 35215 * options.threshold * options.threshold
        var output = diffImage ? [UInt8](repeating: 255, count: expected.count) : nil
        var diff = 0, aa = 0
        var marked: [Int] = []
        var stopped = false
        let ignore = options.ignore.map { $0.integral }
        expected.withUnsafeBufferPointer { a in
            actual.withUnsafeBufferPointer { b in
                let pair = PixelPair(a: a, b: b, width: width, height: height)
                rows: for y in 0..<height {
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        if !ignore.isEmpty, ignore.contains(where: { $0.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) }) {
                            if output != nil { pair.gray(a, i, into: &output!) }
                            continue
                        }
                        let same = a[i] == b[i] && a[i + 1] == b[i + 1] && a[i + 2] == b[i + 2] && a[i + 3] == b[i + 3]
                        let delta = same ? 0 : PixelPair.colorDelta(a, i, b, i)
                        if abs(delta) > maxDelta {
                            if !options.includeAA && (pair.antialiased(a, b, x, y) || pair.antialiased(b, a, x, y)) {
                                aa += 1
                                if output != nil { PixelPair.put(&output!, i, 255, 255, 0) }
                            } else {
                                diff += 1
                                marked.append(y * width + x)
                                if output != nil {
                                    if delta < 0 { PixelPair.put(&output!, i, 255, 0, 0) } else { PixelPair.put(&output!, i, 0, 200, 0) }
                                }
                                if let limit = options.stopAfter, output == nil, diff > limit {
                                    stopped = true
                                    break rows
                                }
                            }
                        } else if output != nil {
                            pair.gray(a, i, into: &output!)
                        }
                    }
                }
            }
        }
        return Result(diffPixels: diff, aaPixels: aa, regions: Self.regions(of: marked, width: width),
                      image: output, stoppedEarly: stopped)
    }

    /// Groups differing pixels into boxes: cells of 8 x 8 pixels that hold any are joined
    /// with their 8 neighbours; each group's box is that of its pixels.
    static func regions(of pixels: [Int], width: Int) -> [CGRect] {
        guard !pixels.isEmpty else { return [] }
        let cell = 8
        var boxes: [Int64: (minX: Int, minY: Int, maxX: Int, maxY: Int)] = [:]
        for p in pixels {
            let x = p % width, y = p / width
            let key = Int64(y / cell) << 32 | Int64(x / cell)
            if let box = boxes[key] {
                boxes[key] = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
            } else {
                boxes[key] = (x, y, x, y)
            }
        }
        var seen = Set<Int64>()
        var result: [CGRect] = []
        for start in boxes.keys.sorted() where !seen.contains(start) {
            var stack = [start]
            seen.insert(start)
            var box = boxes[start]!
            while let key = stack.popLast() {
                let cy = key >> 32, cx = key & 0xFFFF_FFFF
                for dy in -1...1 {
                    for dx in -1...1 {
                        let ny = cy + Int64(dy), nx = cx + Int64(dx)
                        guard ny >= 0, nx >= 0 else { continue }
                        let next = ny << 32 | nx
                        guard let other = boxes[next], !seen.contains(next) else { continue }
                        seen.insert(next)
                        stack.append(next)
                        box = (min(box.minX, other.minX), min(box.minY, other.minY), max(box.maxX, other.maxX), max(box.maxY, other.maxY))
                    }
                }
            }
            result.append(CGRect(x: box.minX, y: box.minY, width: box.maxX - box.minX + 1, height: box.maxY - box.minY + 1))
        }
        return result.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }
}
