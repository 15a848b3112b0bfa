/// The per-pixel arithmetic of ``ImageDiff``: YIQ distances and the anti-aliasing test.
/// The buffers hold the images' rows from `firstRow` on; `height` is the whole image's.
/// Translucent pixels are blended over white, or over pixelmatch 7.x's checkerboard.
struct PixelPair {
    let a: UnsafeBufferPointer<UInt8>
    let b: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let firstRow: Int
    let checkerboard: Bool

    /// Where pixel (x, y) of the image starts in the buffers.
    @inline(__always) func index(_ x: Int, _ y: Int) -> Int { ((y - firstRow) * width + x) * 4 }

    /// Where pixel (x, y) starts in the whole image's bytes: what the checkerboard's colour
    /// under it depends on.
    @inline(__always) func position(_ x: Int, _ y: Int) -> Int { (y * width + x) * 4 }

    /// How many pixels from byte `i` on, of the `pixels` left in the row, are the same in
    /// `p` and `q`: compared two at a time.
    @inline(__always) static func sameRun(_ p: UnsafeBufferPointer<UInt8>, _ q: UnsafeBufferPointer<UInt8>, from i: Int,
                                          pixels: Int) -> Int {
        let a = UnsafeRawPointer(p.baseAddress! + i), b = UnsafeRawPointer(q.baseAddress! + i)
        var n = 0
        while n + 2 <= pixels, a.loadUnaligned(fromByteOffset: n * 4, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n * 4, as: UInt64.self) {
            n += 2
        }
        if n < pixels, a.loadUnaligned(fromByteOffset: n * 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: n * 4, as: UInt32.self) {
            n += 1
        }
        return n
    }

    /// A channel blended over white by its alpha.
    @inline(__always) static func blend(_ c: UInt8, _ alpha: Double) -> Double {
        255 + (Double(c) - 255) * alpha
    }

    @inline(__always) static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// The squared YIQ distance, negative when the second pixel is darker (with `yOnly`, the
    /// difference of brightness); `k` is the first pixel's ``position(_:_:)``.
    @inline(__always) func colorDelta(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ q: UnsafeBufferPointer<UInt8>, _ j: Int,
                                      at k: Int, yOnly: Bool = false) -> Double {
        checkerboard ? Self.checkerboardDelta(p, i, q, j, at: k, yOnly: yOnly) : Self.colorDelta(p, i, q, j, yOnly: yOnly)
    }

    /// ``colorDelta(_:_:_:_:at:yOnly:)`` over white, as pixelmatch 5.x and 6.x: each pixel
    /// blended, then the difference.
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

    /// ``colorDelta(_:_:_:_:at:yOnly:)`` over pixelmatch 7.x's background: a colour that
    /// depends on the position `k`, dark or light in each channel, under the difference of
    /// the two pixels weighted by their alphas. The channels' patterns follow pixelmatch's
    /// arithmetic, 32-bit truncation included.
    static func checkerboardDelta(_ p: UnsafeBufferPointer<UInt8>, _ i: Int, _ q: UnsafeBufferPointer<UInt8>, _ j: Int,
                                  at k: Int, yOnly: Bool) -> Double {
        let a1 = Double(p[i + 3]), a2 = Double(q[j + 3])
        var dr = Double(p[i]) - Double(q[j]), dg = Double(p[i + 1]) - Double(q[j + 1]), db = Double(p[i + 2]) - Double(q[j + 2])
        let da = a1 - a2
        if dr == 0 && dg == 0 && db == 0 && da == 0 { return 0 }
        if a1 < 255 || a2 < 255 {
            func light(_ divisor: Double) -> Double {
                Double(Int32(truncatingIfNeeded: Int64(Double(k) / divisor)) % 2)
            }
            let rb = 48 + 159 * Double(k % 2), gb = 48 + 159 * light(1.618033988749895), bb = 48 + 159 * light(2.618033988749895)
            dr = (Double(p[i]) * a1 - Double(q[j]) * a2 - rb * da) / 255
            dg = (Double(p[i + 1]) * a1 - Double(q[j + 1]) * a2 - gb * da) / 255
            db = (Double(p[i + 2]) * a1 - Double(q[j + 2]) * a2 - bb * da) / 255
        }
        let dy = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        if yOnly { return dy }
        let di = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189
        let dq = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
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
                let delta = colorDelta(image, center, image, index(nx, ny), at: position(x, y), yOnly: true)
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
}

/// Writes a diff image's pixels, in either byte order.
struct DiffPaint {
    let output: UnsafeMutableBufferPointer<UInt8>
    let order: ImageDiff.PixelOrder
    let alpha: Double
    /// The marking colours' pixels (anti-aliased, differing, darker), in `order`: four bytes,
    /// or one (an index).
    let marks: (aa: [UInt8], diff: [UInt8], darker: [UInt8])

    /// What a pixel is marked as.
    enum Mark {
        case aa, diff, darker
    }

    init(output: UnsafeMutableBufferPointer<UInt8>, order: ImageDiff.PixelOrder, options: ImageDiff.Options) {
        self.output = output
        self.order = order
        self.alpha = options.alpha
        let bytes: (ImageDiff.RGB) -> [UInt8] = switch order {
        case .rgba: { [$0.r, $0.g, $0.b, 255] }
        case .bgra, .indexed: { [$0.b, $0.g, $0.r, 255] }
        }
        if case .indexed(let aa, let diff, let darker) = order {
            marks = ([aa], [diff], [darker])
        } else {
            marks = (bytes(options.aaColor), bytes(options.diffColor), bytes(options.diffColorAlt ?? options.diffColor))
        }
    }

    /// `count` expected pixels from `i` on as gray from `o` on, as pixelmatch fades them:
    /// their brightness at ``alpha`` times their own opacity over white. A run of equal pixels
    /// (a page's background) is computed once.
    func fade(_ image: UnsafeBufferPointer<UInt8>, _ i: Int, pixels count: Int, at o: Int) {
        if case .indexed = order {
            fade(image, i, pixels: count, at: o, as: UInt8.self) { 255 - $0 }
        } else {
            fade(image, i, pixels: count, at: o, as: UInt32.self) { UInt32($0) * 0x01_0101 | 0xFF00_0000 }
        }
    }

    /// ``fade(_:_:pixels:at:)`` writing each grey as `pixel(grey)`.
    @inline(__always) private func fade<Pixel>(_ image: UnsafeBufferPointer<UInt8>, _ i: Int, pixels count: Int, at o: Int,
                                               as _: Pixel.Type, _ pixel: (UInt8) -> Pixel) {
        let source = UnsafeRawPointer(image.baseAddress! + i), target = UnsafeMutableRawPointer(output.baseAddress! + o)
        var last: UInt32 = 0, gray = pixel(255), known = false
        for n in 0..<count {
            let rgba = source.loadUnaligned(fromByteOffset: n * 4, as: UInt32.self)
            if !known || rgba != last {
                let p = source + n * 4
                let r = p.load(fromByteOffset: 0, as: UInt8.self), g = p.load(fromByteOffset: 1, as: UInt8.self)
                let b = p.load(fromByteOffset: 2, as: UInt8.self), a = p.load(fromByteOffset: 3, as: UInt8.self)
                gray = pixel(Self.gray(luma: PixelPair.y(Double(r), Double(g), Double(b)), opacity: a, alpha: alpha))
                (last, known) = (rgba, true)
            }
            target.storeBytes(of: gray, toByteOffset: n * MemoryLayout<Pixel>.size, as: Pixel.self)
        }
    }

    /// The grey a pixel of brightness `luma` (0 to 255) and `opacity` fades to at `alpha`.
    @inline(__always) static func gray(luma: Double, opacity: UInt8, alpha: Double) -> UInt8 {
        UInt8(max(0, min(255, 255 + (luma - 255) * alpha * Double(opacity) / 255)))
    }

    /// A marking colour at `o`, opaque.
    @inline(__always) func put(_ mark: Mark, at o: Int) {
        let pixel = switch mark {
        case .aa: marks.aa
        case .diff: marks.diff
        case .darker: marks.darker
        }
        for (n, byte) in pixel.enumerated() { output[o + n] = byte }
    }
}
