/// The per-pixel arithmetic of ``ImageDiff``: YIQ distances and the anti-aliasing test.
/// The buffers hold the images' rows from `firstRow` on; `height` is the whole image's.
struct PixelPair {
    let a: UnsafeBufferPointer<UInt8>
    let b: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let firstRow: Int

    /// Where pixel (x, y) of the image starts in the buffers.
    @inline(__always) func index(_ x: Int, _ y: Int) -> Int { ((y - firstRow) * width + x) * 4 }

    /// A channel blended over white by its alpha.
    @inline(__always) static func blend(_ c: UInt8, _ alpha: Double) -> Double {
        255 + (Double(c) - 255) * alpha
    }

    @inline(__always) static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// The squared YIQ distance, negative when the second pixel is darker.
    static func colorDelta(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ q: UnsafeBufferPointer<UInt8>, _ j: Int,
                           yOnly: Bool = false) -> Double {
        let a1 = Double(p[i + 3]) / 255, a2 = Double(q[j + 3]) / 255
        let r1 = blend(p[i], a1), g1 = blend(p[i + 1], a1), b1 = blend(p[i + 2], a1)
        let r2 = blend(q[j], a2), g2 = blend(q[j + 1], a2), b2 = blend(q[j + 2], a2)
        let dy = y(r1, g1, b1) - y(r2, g2, b2)
        if yOnly { return dy }
        let di = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let dq = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return dy > 0 ? -delta : delta
    }

    /// Whether (x, y) of `image` looks like an anti-aliased edge: among its 8 neighbours
    /// at most two are equal to it, and its darkest or brightest neighbour sits in a flat
    /// area (3 or more identical neighbours) in both images.
    func antialiased(_ image: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let center = index(x, y)
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkX = 0, darkY = 0, brightX = 0, brightY = 0
        // Columns outer, rows inner: ties for darkest and brightest go to the first found.
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let delta = Self.colorDelta(image, center, image, index(nx, ny), yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkX = nx
                    darkY = ny
                } else if delta > brightest {
                    brightest = delta
                    brightX = nx
                    brightY = ny
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (flat(image, darkX, darkY) && flat(other, darkX, darkY))
            || (flat(image, brightX, brightY) && flat(other, brightX, brightY))
    }

    /// Whether more than two of a pixel's neighbours are identical to it.
    private func flat(_ image: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x2 = min(x + 1, width - 1), y2 = min(y + 1, height - 1)
        let center = index(x, y)
        var zeroes = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
        for nx in x0...x2 {
            for ny in y0...y2 where nx != x || ny != y {
                let j = index(nx, ny)
                if image[center] == image[j] && image[center + 1] == image[j + 1] && image[center + 2] == image[j + 2]
                    && image[center + 3] == image[j + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// The expected pixel at `i` as faded gray at `o` in the diff image.
    func gray(_ image: UnsafeBufferPointer<UInt8>, _ i: Int, into output: inout [UInt8], at o: Int) {
        let alpha = Double(image[i + 3]) / 255
        let luma = Self.y(Self.blend(image[i], alpha), Self.blend(image[i + 1], alpha), Self.blend(image[i + 2], alpha))
        let value = UInt8(max(0, min(255, 255 + (luma - 255) * 0.1)))
        Self.put(&output, o, value, value, value)
    }

    @inline(__always) static func put(_ output: inout [UInt8], _ i: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8) {
        output[i] = r
        output[i + 1] = g
        output[i + 2] = b
        output[i + 3] = 255
    }
}
