import Foundation

/// Normalized cross-correlation of a small image (a template) over a larger one: where the
/// template fits best, and how well (1 is the same picture up to brightness and contrast).
public enum PatchCorrelation {
    /// The correlation of `template` with the part of `image` whose top-left pixel is
    /// (`dx`, `dy`); 0 where either is flat.
    public static func correlation(_ template: GreyImage, in image: GreyImage, dx: Int, dy: Int) -> Double {
        let tw = template.width, th = template.height, iw = image.width
        var st = 0.0, si = 0.0, stt = 0.0, sii = 0.0, sti = 0.0
        template.pixels.withUnsafeBufferPointer { t in
            image.pixels.withUnsafeBufferPointer { p in
                for y in 0..<th {
                    var rt: Float = 0, ri: Float = 0, rtt: Float = 0, rii: Float = 0, rti: Float = 0
                    let tRow = y * tw, iRow = (y + dy) * iw + dx
                    for x in 0..<tw {
                        let a = Float(t[tRow + x]), b = Float(p[iRow + x])
                        rt += a; ri += b; rtt += a * a; rii += b * b; rti += a * b
                    }
                    st += Double(rt); si += Double(ri); stt += Double(rtt); sii += Double(rii); sti += Double(rti)
                }
            }
        }
        let n = Double(tw * th)
        let vt = stt - st * st / n, vi = sii - si * si / n, cov = sti - st * si / n
        // Grey levels 0 to 255: a deviation under a tenth of a level is flat.
        guard vt > 0.01 * n, vi > 0.01 * n else { return 0 }
        return cov / (vt * vi).squareRoot()
    }

    /// The best fit of `template` over the offsets `xs` x `ys` of `image` (each keeping the
    /// template inside it), refined between pixels by a parabola through each axis' neighbours.
    /// Each offset's score loses `penalty` a pixel of its distance from `preferred`, so that
    /// along a line (where every offset along it fits as well) the nearest wins.
    public static func best(_ template: GreyImage, in image: GreyImage, xs: ClosedRange<Int>, ys: ClosedRange<Int>,
                            preferred: (x: Int, y: Int), penalty: Double = 0) -> (x: Double, y: Double, peak: Double) {
        let w = xs.count, h = ys.count
        var scores = [Double](repeating: -1, count: w * h)
        var best = (i: 0, j: 0, score: -2.0, distance: Int.max)
        for (j, dy) in ys.enumerated() {
            for (i, dx) in xs.enumerated() {
                let raw = correlation(template, in: image, dx: dx, dy: dy)
                scores[j * w + i] = raw
                let distance = abs(dx - preferred.x) + abs(dy - preferred.y)
                let score = raw - penalty * Double(hypot(Double(dx - preferred.x), Double(dy - preferred.y)))
                if score > best.score + 1e-9 || (abs(score - best.score) <= 1e-9 && distance < best.distance) {
                    best = (i, j, score, distance)
                }
            }
        }
        let peak = scores[best.j * w + best.i]
        func vertex(_ left: Double, _ middle: Double, _ right: Double) -> Double {
            let curvature = left - 2 * middle + right
            return curvature < -1e-9 ? max(-0.5, min(0.5, 0.5 * (left - right) / curvature)) : 0
        }
        let fx = best.i > 0 && best.i < w - 1 ? vertex(scores[best.j * w + best.i - 1], peak, scores[best.j * w + best.i + 1]) : 0
        let fy = best.j > 0 && best.j < h - 1 ? vertex(scores[(best.j - 1) * w + best.i], peak, scores[(best.j + 1) * w + best.i]) : 0
        return (Double(xs.lowerBound + best.i) + fx, Double(ys.lowerBound + best.j) + fy, peak)
    }
}
