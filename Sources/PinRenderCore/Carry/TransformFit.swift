import Foundation

/// A page transform fitted to point pairs that ignores the pairs that moved on their own: a
/// consensus search over minimal samples (two pairs fix a similarity), then least squares on
/// the pairs that agree, and an affine fit kept only where it fits clearly better.
///
///     let fit = TransformFit.robust(pairs, tolerance: 2)
///     fit?.transform.apply(old)  // where old is on the new page
public struct TransformFit: Sendable, Equatable {
    /// What the transform may do: a similarity scales uniformly, rotates and shifts; an affine
    /// map also shears and scales each axis on its own.
    public enum Kind: String, Sendable {
        case similarity, affine
    }

    public var kind: Kind
    public var transform: PageTransform
    /// The pairs that agree with it, within the tolerance.
    public var inliers: Int
    /// All the pairs it was fitted to.
    public var candidates: Int
    /// The root mean square distance of the inliers from where it puts them, in points.
    public var residual: Double
    /// The weight of the inliers over the weight of all pairs.
    public var inlierFraction: Double

    /// The most minimal samples tried (pairs of pairs); below that number every pair of pairs
    /// is tried.
    static let samples = 2000

    /// The best transform for `pairs`: the similarity most pairs agree with (within
    /// `tolerance` points on the new page), refined by least squares over them, then affine
    /// if that halves the residual. Nil with fewer than two pairs or no agreement.
    public static func robust(_ pairs: [PointPair], tolerance: Double) -> TransformFit? {
        guard pairs.count >= 2 else { return nil }
        var best: (score: Double, transform: PageTransform)?
        // Pairs of pairs in a fixed pseudo-random order: the same input, the same fit.
        var generator = SplitMix64(seed: 0x5EED_CA22_1E5)
        let n = pairs.count, exhaustive = n * (n - 1) / 2 <= samples
        var tried = 0
        outer: for i in 0..<n {
            for j in (i + 1)..<n {
                var (p, q) = (i, j)
                if !exhaustive {
                    guard tried < samples else { break outer }
                    p = Int(generator.next() % UInt64(n))
                    q = Int(generator.next() % UInt64(n))
                    if p == q { q = (q + 1) % n }
                }
                tried += 1
                guard let candidate = similarity(through: pairs[p], pairs[q]) else { continue }
                let score = pairs.reduce(0.0) { $0 + (distance(candidate, $1) <= tolerance ? $1.weight : 0) }
                if best.map({ score > $0.score }) ?? true { best = (score, candidate) }
            }
        }
        guard var transform = best?.transform else { return nil }
        var inliers: [PointPair] = []
        for _ in 0..<4 {
            inliers = pairs.filter { distance(transform, $0) <= tolerance }
            guard inliers.count >= 2, let refined = leastSquaresSimilarity(inliers) else { break }
            transform = refined
        }
        inliers = pairs.filter { distance(transform, $0) <= tolerance }
        guard inliers.count >= 2 else { return nil }
        var kind = Kind.similarity
        var residual = rms(transform, inliers)
        if inliers.count >= 6, let affine = leastSquaresAffine(inliers) {
            let affineResidual = rms(affine, inliers)
            if affineResidual < 0.5 * residual && residual > 0.05 * tolerance {
                (kind, transform, residual) = (.affine, affine, affineResidual)
                inliers = pairs.filter { distance(transform, $0) <= tolerance }
                residual = rms(transform, inliers)
            }
        }
        let total = pairs.reduce(0) { $0 + $1.weight }, kept = inliers.reduce(0) { $0 + $1.weight }
        return TransformFit(kind: kind, transform: transform, inliers: inliers.count, candidates: pairs.count,
                            residual: residual, inlierFraction: total > 0 ? kept / total : 0)
    }

    /// The transforms of the parts of a page that moved apart (a plan rescaled under a title
    /// block that was not): the best fit, then the best fit of the pairs it left, while each
    /// has `minimumInliers`; at most `limit`.
    public static func robustSet(_ pairs: [PointPair], tolerance: Double, minimumInliers: Int, limit: Int) -> [TransformFit] {
        var fits: [TransformFit] = [], left = pairs
        while fits.count < limit, let fit = robust(left, tolerance: tolerance), fit.inliers >= minimumInliers {
            fits.append(fit)
            left = left.filter { distance(fit.transform, $0) > tolerance }
        }
        return fits
    }

    static func distance(_ transform: PageTransform, _ pair: PointPair) -> Double {
        let mapped = transform.apply(pair.old)
        return hypot(mapped.x - pair.new.x, mapped.y - pair.new.y)
    }

    static func rms(_ transform: PageTransform, _ pairs: [PointPair]) -> Double {
        guard !pairs.isEmpty else { return 0 }
        let sum = pairs.reduce(0.0) { $0 + pow(distance(transform, $1), 2) }
        return (sum / Double(pairs.count)).squareRoot()
    }

    /// The similarity that takes `p.old` to `p.new` and `q.old` to `q.new`; nil when the two
    /// old points (nearly) coincide.
    static func similarity(through p: PointPair, _ q: PointPair) -> PageTransform? {
        let (ox, oy) = (q.old.x - p.old.x, q.old.y - p.old.y), (nx, ny) = (q.new.x - p.new.x, q.new.y - p.new.y)
        let norm = ox * ox + oy * oy
        guard norm > 1 else { return nil }
        let cosine = (ox * nx + oy * ny) / norm, sine = (ox * ny - oy * nx) / norm
        return PageTransform(a: cosine, b: sine, c: -sine, d: cosine,
                             e: p.new.x - (cosine * p.old.x - sine * p.old.y), f: p.new.y - (sine * p.old.x + cosine * p.old.y))
    }

    /// The weighted least-squares similarity (closed form about the centroids).
    static func leastSquaresSimilarity(_ pairs: [PointPair]) -> PageTransform? {
        let (old, new, total) = centroids(pairs)
        var (dot, cross, norm) = (0.0, 0.0, 0.0)
        for pair in pairs {
            let (x, y) = (pair.old.x - old.x, pair.old.y - old.y), (u, v) = (pair.new.x - new.x, pair.new.y - new.y)
            dot += pair.weight * (x * u + y * v)
            cross += pair.weight * (x * v - y * u)
            norm += pair.weight * (x * x + y * y)
        }
        guard total > 0, norm > 1e-9 else { return nil }
        let (cosine, sine) = (dot / norm, cross / norm)
        return PageTransform(a: cosine, b: sine, c: -sine, d: cosine,
                             e: new.x - (cosine * old.x - sine * old.y), f: new.y - (sine * old.x + cosine * old.y))
    }

    /// The weighted least-squares affine map (normal equations about the centroids).
    static func leastSquaresAffine(_ pairs: [PointPair]) -> PageTransform? {
        let (old, new, _) = centroids(pairs)
        var (sxx, sxy, syy, sxu, syu, sxv, syv) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for pair in pairs {
            let w = pair.weight
            let (x, y) = (pair.old.x - old.x, pair.old.y - old.y), (u, v) = (pair.new.x - new.x, pair.new.y - new.y)
            sxx += w * x * x; sxy += w * x * y; syy += w * y * y
            sxu += w * x * u; syu += w * y * u; sxv += w * x * v; syv += w * y * v
        }
        let det = sxx * syy - sxy * sxy
        guard abs(det) > 1e-9 * max(1, sxx * syy) else { return nil }
        let a = (sxu * syy - syu * sxy) / det, c = (syu * sxx - sxu * sxy) / det
        let b = (sxv * syy - syv * sxy) / det, d = (syv * sxx - sxv * sxy) / det
        return PageTransform(a: a, b: b, c: c, d: d, e: new.x - (a * old.x + c * old.y), f: new.y - (b * old.x + d * old.y))
    }

    private static func centroids(_ pairs: [PointPair]) -> (old: Point, new: Point, total: Double) {
        var (ox, oy, nx, ny, total) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for pair in pairs {
            ox += pair.weight * pair.old.x; oy += pair.weight * pair.old.y
            nx += pair.weight * pair.new.x; ny += pair.weight * pair.new.y
            total += pair.weight
        }
        guard total > 0 else { return (Point(x: 0, y: 0), Point(x: 0, y: 0), 0) }
        return (Point(x: ox / total, y: oy / total), Point(x: nx / total, y: ny / total), total)
    }
}
