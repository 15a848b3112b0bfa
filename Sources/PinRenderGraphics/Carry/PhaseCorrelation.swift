import Foundation
import PinRenderCore

/// A page transform guessed from two pages' pixels alone, rotation and scale included: the
/// Fourier-Mellin method. The magnitudes of the pages' spectra do not depend on where the
/// drawing is; in log-polar coordinates a rotation and a scale of the drawing shift them,
/// and phase correlation finds the shift. The rotation (up to a half turn) and the scale so
/// found are tried each way, each followed by phase correlation of the pages for the shift,
/// and the strongest peak wins. Coarse (a few pixels at `size`): refine it from the pixels
/// (`GridRegistration`).
///
///     let guess = PhaseCorrelation.register(old: oldPixels, oldScale: 150 / 72, new: newPixels, newScale: 1)
public enum PhaseCorrelation {
    /// The side of the transforms; each page is reduced to fit in half of it, so that shifts
    /// up to half the side do not wrap.
    static let size = 512

    /// The guess and its phase correlation peak (about 0.01 for unrelated pages).
    public struct Guess: Sendable {
        public var transform: PageTransform
        public var peak: Double
    }

    /// Registers `new` on `old` (rasters of `oldScale` and `newScale` pixels per point);
    /// the transform takes old points to new points.
    public static func register(old: GreyImage, oldScale: Double, new: GreyImage, newScale: Double) -> Guess {
        let plan = FourierPlan(size: size)
        let a = Working(old, size: size), b = Working(new, size: size)
        let (turn, logScale) = rotationAndScale(a.values, b.values, plan: plan)
        let centre = Point(x: Double(size) / 2, y: Double(size) / 2)
        var best: Guess?
        for rotation in [turn, -turn, turn + .pi, .pi - turn] {
            for scale in Set([exp(logScale), exp(-logScale)]).sorted() {
                let linear = PageTransform.similarity(scale: scale, rotation: rotation, shift: Point(x: 0, y: 0))
                let aboutCentre = PageTransform(a: 1, b: 0, c: 0, d: 1, e: -centre.x, f: -centre.y).followed(by: linear)
                    .followed(by: PageTransform(a: 1, b: 0, c: 0, d: 1, e: centre.x, f: centre.y))
                guard let back = aboutCentre.inverted else { continue }
                let warped = a.warped(back, size: size)
                let (shift, peak) = translation(from: warped, to: b.values, plan: plan)
                guard best.map({ peak > $0.peak }) ?? true else { continue }
                let transform = a.fromPoints(oldScale).followed(by: aboutCentre)
                    .followed(by: PageTransform(a: 1, b: 0, c: 0, d: 1, e: shift.x, f: shift.y))
                    .followed(by: b.fromPoints(newScale).inverted!)
                best = Guess(transform: transform, peak: peak)
            }
        }
        return best!
    }

    /// A page reduced to fit in half the transform's side, ink as 1 and paper as 0, in the
    /// middle of a square of zeros.
    struct Working {
        var values: [Double]
        /// Raster pixels per working pixel, and where the raster's origin is.
        var factor: Int
        var offset: Point

        init(_ image: GreyImage, size: Int) {
            factor = max(1, Int((Double(max(image.width, image.height)) / Double(size / 2)).rounded(.up)))
            let reduced = image.downsampled(by: factor)
            let x0 = (size - reduced.width) / 2, y0 = (size - reduced.height) / 2
            offset = Point(x: Double(x0), y: Double(y0))
            values = [Double](repeating: 0, count: size * size)
            for y in 0..<reduced.height {
                for x in 0..<reduced.width {
                    values[(y + y0) * size + x + x0] = 1 - Double(reduced.pixels[y * reduced.width + x]) / 255
                }
            }
        }

        /// Page points to working pixels.
        func fromPoints(_ pixelsPerPoint: Double) -> PageTransform {
            let s = pixelsPerPoint / Double(factor)
            return PageTransform(a: s, b: 0, c: 0, d: s, e: offset.x, f: offset.y)
        }

        /// The values read through `map` (output pixels to these), bilinear, 0 outside.
        func warped(_ map: PageTransform, size: Int) -> [Double] {
            var out = [Double](repeating: 0, count: size * size)
            for y in 0..<size {
                for x in 0..<size {
                    let p = map.apply(Point(x: Double(x), y: Double(y)))
                    out[y * size + x] = PhaseCorrelation.bilinear(values, size: size, x: p.x, y: p.y)
                }
            }
            return out
        }
    }

    static func bilinear(_ values: [Double], size: Int, x: Double, y: Double) -> Double {
        let i = Int(x.rounded(.down)), j = Int(y.rounded(.down))
        guard i >= 0, j >= 0, i + 1 < size, j + 1 < size else { return 0 }
        let fx = x - Double(i), fy = y - Double(j)
        let top = values[j * size + i] * (1 - fx) + values[j * size + i + 1] * fx
        let bottom = values[(j + 1) * size + i] * (1 - fx) + values[(j + 1) * size + i + 1] * fx
        return top * (1 - fy) + bottom * fy
    }

    /// The shift `d` with `b(x) = a(x - d)`, between pixels, and the correlation's peak.
    static func translation(from a: [Double], to b: [Double], plan: FourierPlan) -> (Point, Double) {
        let fa = plan.forward(a), fb = plan.forward(b)
        let cross = zip(fb, fa).map { p, q -> (Double, Double) in
            let re = p.0 * q.0 + p.1 * q.1, im = p.1 * q.0 - p.0 * q.1
            let norm = (re * re + im * im).squareRoot()
            return norm > 1e-12 ? (re / norm, im / norm) : (0, 0)
        }
        return peak(plan.inverseReal(cross), size: plan.size)
    }

    /// The highest value of a correlation surface (wrapping), between pixels by a parabola
    /// through its neighbours; shifts past half the side are negative.
    static func peak(_ surface: [Double], size: Int) -> (Point, Double) {
        var best = 0
        for i in 1..<surface.count where surface[i] > surface[best] { best = i }
        let (bx, by) = (best % size, best / size)
        func at(_ x: Int, _ y: Int) -> Double { surface[((y + size) % size) * size + (x + size) % size] }
        func vertex(_ l: Double, _ m: Double, _ r: Double) -> Double {
            let curvature = l - 2 * m + r
            return curvature < -1e-12 ? max(-0.5, min(0.5, 0.5 * (l - r) / curvature)) : 0
        }
        var x = Double(bx) + vertex(at(bx - 1, by), at(bx, by), at(bx + 1, by))
        var y = Double(by) + vertex(at(bx, by - 1), at(bx, by), at(bx, by + 1))
        if x > Double(size) / 2 { x -= Double(size) }
        if y > Double(size) / 2 { y -= Double(size) }
        return (Point(x: x, y: y), surface[best])
    }

    /// The rotation (radians, up to a half turn) and the logarithm of the scale from `a` to
    /// `b`, up to their signs: phase correlation of their spectra's magnitudes in log-polar
    /// coordinates.
    static func rotationAndScale(_ a: [Double], _ b: [Double], plan: FourierPlan) -> (Double, Double) {
        let n = plan.size
        let base = log(Double(n) / 2) / Double(n)
        func logPolar(_ values: [Double]) -> [Double] {
            var windowed = values
            for y in 0..<n {
                let wy = 0.5 - 0.5 * cos(2 * .pi * Double(y) / Double(n))
                for x in 0..<n { windowed[y * n + x] *= wy * (0.5 - 0.5 * cos(2 * .pi * Double(x) / Double(n))) }
            }
            let spectrum = plan.forward(windowed)
            var magnitude = [Double](repeating: 0, count: n * n)
            for v in 0..<n {
                for u in 0..<n {
                    let (re, im) = spectrum[v * n + u]
                    // Centred, and high-passed (the low frequencies are the page's outline).
                    let (cu, cv) = ((u + n / 2) % n, (v + n / 2) % n)
                    let fx = Double(cu - n / 2) / Double(n), fy = Double(cv - n / 2) / Double(n)
                    let c = cos(.pi * fx) * cos(.pi * fy)
                    magnitude[cv * n + cu] = (re * re + im * im).squareRoot() * (1 - c) * (2 - c)
                }
            }
            var polar = [Double](repeating: 0, count: n * n)
            for t in 0..<n {
                let angle = Double.pi * Double(t) / Double(n)
                for r in 0..<n {
                    let radius = exp(Double(r) * base)
                    polar[t * n + r] = bilinear(magnitude, size: n, x: Double(n / 2) + radius * cos(angle),
                                                y: Double(n / 2) + radius * sin(angle))
                }
            }
            return polar
        }
        let (shift, _) = translation(from: logPolar(a), to: logPolar(b), plan: plan)
        // Rows are angles, columns log radii.
        return (Double.pi * shift.y / Double(n), shift.x * base)
    }
}
