import Foundation

/// A page's pixels as grey levels, 0 black to 255 white (read as 0 to 1), row by row: what registration and the
/// pins' local matching work on. Continuous coordinates put pixel (i, j) over [i, i + 1) x
/// [j, j + 1), its value at its middle.
///
///     let image = GreyImage(width: 2, height: 1, pixels: [0, 255])
///     image.sample(x: 1, y: 0.5)  // 0.5
public struct GreyImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// Wraps `width * height` grey levels.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A white image.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height))
    }

    /// The bilinear value at (x, y); white off the image.
    public func sample(x: Double, y: Double) -> Float {
        let u = x - 0.5, v = y - 0.5
        let i = Int(u.rounded(.down)), j = Int(v.rounded(.down))
        let fx = Float(u - Double(i)), fy = Float(v - Double(j))
        return pixels.withUnsafeBufferPointer { p in
            func at(_ x: Int, _ y: Int) -> Float {
                x >= 0 && y >= 0 && x < width && y < height ? Float(p[y * width + x]) * (1 / 255) : 1
            }
            let top = at(i, j) + (at(i + 1, j) - at(i, j)) * fx
            let bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * fx
            return top + (bottom - top) * fy
        }
    }

    /// Each `factor` x `factor` block averaged into one pixel (a partial block at the edges
    /// with white), so a point at (x, y) here is at (x / factor, y / factor) there.
    public func downsampled(by factor: Int) -> GreyImage {
        guard factor > 1 else { return self }
        let w = (width + factor - 1) / factor, h = (height + factor - 1) / factor
        var sums = [Int](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let row = (y / factor) * w
                for x in 0..<width { sums[row + x / factor] += Int(p[y * width + x]) }
            }
        }
        let area = factor * factor
        var reduced = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let covered = min(factor, height - y * factor) * min(factor, width - x * factor)
                reduced[y * w + x] = UInt8((sums[y * w + x] + 255 * (area - covered) + area / 2) / area)
            }
        }
        return GreyImage(width: w, height: h, pixels: reduced)
    }

    /// A `size` x `size` grid of values read through `map`: pixel (i, j) is this image at
    /// `map(origin + (i + 0.5, j + 0.5))`. The grid is another image's pixels; `map` takes them
    /// here.
    public func resampled(origin: Point, width gridWidth: Int, height gridHeight: Int, map: PageTransform) -> GreyImage {
        var values = [UInt8](repeating: 255, count: gridWidth * gridHeight)
        for j in 0..<gridHeight {
            for i in 0..<gridWidth {
                let point = map.apply(Point(x: origin.x + Double(i) + 0.5, y: origin.y + Double(j) + 0.5))
                values[j * gridWidth + i] = UInt8((sample(x: point.x, y: point.y) * 255).rounded())
            }
        }
        return GreyImage(width: gridWidth, height: gridHeight, pixels: values)
    }

    /// Each pixel the mean of its 3 x 3 neighbourhood (edges repeated): what correlation
    /// compares, so that a line drawn at another scale or phase (its anti-aliasing spread over
    /// other pixels) still matches itself.
    public func smoothed() -> GreyImage {
        guard width > 2, height > 2 else { return self }
        var out = [UInt8](repeating: 255, count: pixels.count)
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let rows = [max(0, y - 1), y, min(height - 1, y + 1)].map { $0 * width }
                for x in 0..<width {
                    let columns = (max(0, x - 1), x, min(width - 1, x + 1))
                    var sum = 0
                    for row in rows { sum += Int(p[row + columns.0]) + Int(p[row + columns.1]) + Int(p[row + columns.2]) }
                    out[y * width + x] = UInt8((sum + 4) / 9)
                }
            }
        }
        return GreyImage(width: width, height: height, pixels: out)
    }

    /// The fraction of pixels a quarter darker than white or more: how much ink there is
    /// (a thin anti-aliased line counts, paper's noise does not).
    public var ink: Double {
        guard !pixels.isEmpty else { return 0 }
        return Double(pixels.reduce(0) { $0 + ($1 < 192 ? 1 : 0) }) / Double(pixels.count)
    }
}
