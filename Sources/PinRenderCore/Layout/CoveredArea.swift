import Foundation

/// The area fixed rectangles cover inside each of many query rectangles, summed over the
/// fixed ones (a point under two counts twice), in O((n + m) log n) for n rectangles and m
/// queries however densely they lie, where summing the rectangles under each query costs
/// what lies under it: ``TooltipLabeler`` scores every place of every tooltip left without
/// room by the marks it would cover, and on a page with no room each place lies over a
/// hundred of them.
///
/// The area under the query [x0, x1] x [y0, y1] is F(x1, y1) - F(x0, y1) - F(x1, y0) + F(x0, y0),
/// where F(x, y), the area covered left of x and above y, is a sum over the rectangles'
/// corners (p, q) left of x and above y, each signed s (+ top-left and bottom-right, - the
/// others), of s (x - p)(y - q) = s (xy - xq - yp + pq). So four sums over the corners left
/// and above a point answer it: a sweep in x keeps them in a Fenwick tree over y. Coordinates
/// are fixed-point (2^-24 px) and the sums whole numbers, so each area is exact for the
/// coordinates so rounded.
///
///     let (areas, error) = CoveredArea.areas(of: [CGRect(x: 0, y: 0, width: 10, height: 10)],
///                                            under: [CGRect(x: 5, y: 5, width: 10, height: 10)])
///     // areas == [25], error < 1e-5
enum CoveredArea {
    /// One unit of the fixed-point coordinates, in pixels.
    private static let unit = 0x1p-24
    /// Coordinates are clamped to this magnitude (pixels), so that the sums cannot overflow
    /// with up to 2^20 rectangles; a rectangle beyond it is far from any page.
    private static let limit = 0x1p26

    /// Steps of the sweep's tree, counted for the labeler's probe of its work.
    struct Work {
        var steps = 0
    }

    /// For each of `queries`, the sum over `rects` of the area they share with it (the
    /// coordinates clamped to ±2^26 px), and a bound on how far any of these may be from the
    /// sum for the unrounded coordinates.
    /// - Parameters:
    ///   - queries: the rectangles to measure under; null or non-finite ones get 0.
    ///   - rects: the rectangles that cover; null, empty or non-finite ones are left out.
    static func areas(of queries: [CGRect], under rects: [CGRect], work: inout Work) -> (areas: [Double], error: Double) {
        let kept = rects.filter { finite($0) && $0.width > 0 && $0.height > 0 }
        // Rounding moves each edge by half a unit: a shared area moves by at most a unit times
        // the rectangle's width plus height (and a unit squared), and the conversion to Double
        // (three roundings) by a relative 2^-50 of the total at most.
        let error = kept.reduce(0.0) { $0 + ($1.width + $1.height + 1) * unit + $1.width * $1.height * 0x1p-50 }
        // The corners, signed, in x order, and each one's rank in y order.
        var corners: [(p: Int64, q: Int64, sign: Int)] = []
        corners.reserveCapacity(4 * kept.count)
        for r in kept {
            let (a, b, c, d) = (fixed(r.minX), fixed(r.maxX), fixed(r.minY), fixed(r.maxY))
            corners += [(a, c, 1), (b, c, -1), (a, d, -1), (b, d, 1)]
        }
        corners.sort { $0.p < $1.p }
        let byY = corners.indices.sorted { corners[$0].q < corners[$1].q }
        let ys = byY.map { corners[$0].q }
        var rank = Array(repeating: 0, count: corners.count)
        for (r, c) in byY.enumerated() { rank[c] = r }

        // Each query's left and right edges, signed: F at its top and bottom corners there.
        var edges: [(x: Int64, query: Int32, sign: Int32)] = []
        var spans = Array(repeating: (top: Int64(0), bottom: Int64(0)), count: queries.count)
        edges.reserveCapacity(2 * queries.count)
        for (k, r) in queries.enumerated() where finite(r) {
            spans[k] = (fixed(r.minY), fixed(r.maxY))
            edges += [(fixed(r.minX), Int32(k), -1), (fixed(r.maxX), Int32(k), 1)]
        }
        edges.sort { $0.x < $1.x }

        var tree = Array(repeating: Sums(), count: corners.count + 1)
        var sums = Array(repeating: Int128(0), count: queries.count)
        var next = 0
        // F(x, y) from the corners inserted so far (those left of x) and above y.
        func f(_ x: Int128, _ y: Int64) -> Int128 {
            var above = Sums()
            var i = lowerBound(ys, y)
            while i > 0 {
                above.add(tree[i])
                i -= i & -i
                work.steps += 1
            }
            let y = Int128(y)
            return x * y * Int128(above.count) - x * above.q - y * above.p + above.pq
        }
        for edge in edges {
            // A corner at x adds (x - p) = 0: only those left of it count.
            while next < corners.count && corners[next].p < edge.x {
                let corner = corners[next]
                let s = Int128(corner.sign), p = Int128(corner.p), q = Int128(corner.q)
                let add = Sums(count: corner.sign, q: s * q, p: s * p, pq: s * p * q)
                var i = rank[next] + 1
                while i <= corners.count {
                    tree[i].add(add)
                    i += i & -i
                    work.steps += 1
                }
                next += 1
            }
            let k = Int(edge.query), x = Int128(edge.x)
            sums[k] += Int128(edge.sign) * (f(x, spans[k].bottom) - f(x, spans[k].top))
        }
        return (sums.map { sum in
            // Int128 to Double in two halves (exact, then one rounding each).
            let high = Double(Int64(truncatingIfNeeded: sum >> 64)) * 0x1p64, low = Double(UInt64(truncatingIfNeeded: sum))
            return (high + low) * unit * unit
        }, error)
    }

    /// The four sums of a set of corners: of their signs, and of their signed y, x and x times y.
    private struct Sums {
        var count = 0
        var q: Int128 = 0, p: Int128 = 0, pq: Int128 = 0

        mutating func add(_ other: Sums) {
            count += other.count
            q += other.q
            p += other.p
            pq += other.pq
        }
    }

    private static func finite(_ r: CGRect) -> Bool {
        !r.isNull && r.minX.isFinite && r.maxX.isFinite && r.minY.isFinite && r.maxY.isFinite
    }

    private static func fixed(_ value: Double) -> Int64 {
        Int64((min(max(value, -limit), limit) / unit).rounded())
    }

    /// How many of the sorted `values` are less than `value`.
    private static func lowerBound(_ values: [Int64], _ value: Int64) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
