import Foundation

/// Hierarchical greedy clustering of pins, precomputed for every zoom (the algorithm of
/// supercluster, on Cartesian coordinates). Results do not depend on input order: points
/// are taken along a Z-order curve (ties by id), which also keeps neighbours close in
/// memory, so a million pins cluster in seconds. Node ids are plain array positions (no overflow at any
/// maxZoom), and a node that is not merged at a zoom keeps its id at the zooms below.
///
///     let index = ClusterIndex(points: points, options: ClusterOptions(maxZoom: 8))
///     for node in index.nodes(atZoom: 3) { print(index.count(of: node)) }
public struct ClusterIndex: Sendable {
    public let options: ClusterOptions
    /// The input points in canonical order: leaf node `i` is `points[i]`.
    public let points: [ClusterPoint]

    // Per node (leaves first, then clusters in creation order).
    var xs: [Double]
    var ys: [Double]
    var counts: [Int32]
    var unresolvedCounts: [Int32]
    /// The zoom a cluster was made at (it exists at that zoom and the ones below it until
    /// merged); `maxZoom + 1` for leaves.
    var zooms: [Int16]
    var parents: [Int32]
    var childStarts: [Int32]
    var childCounts: [Int32]
    var childList: [Int32] = []
    /// The nodes present at each zoom, `minZoom...maxZoom + 1`, and their index.
    var levels: [(nodes: [Int32], tree: KDTree)] = []

    /// Clusters `points` at every zoom of `options`.
    public init(points: [ClusterPoint], options: ClusterOptions = ClusterOptions()) {
        self.options = options
        let sorted = Self.canonicalOrder(points)
        self.points = sorted
        let n = sorted.count
        xs = sorted.map(\.x)
        ys = sorted.map(\.y)
        counts = Array(repeating: 1, count: n)
        unresolvedCounts = sorted.map { $0.resolved ? 0 : 1 }
        zooms = Array(repeating: Int16(options.maxZoom + 1), count: n)
        parents = Array(repeating: -1, count: n)
        childStarts = Array(repeating: 0, count: n)
        childCounts = Array(repeating: 0, count: n)
        var current = (0..<Int32(n)).map { $0 }
        var tree = KDTree(xs: xs, ys: ys, nodeSize: options.nodeSize)
        var levels = [(current, tree)]
        var processed = [Bool](repeating: false, count: n)
        if options.maxZoom >= options.minZoom {
            for zoom in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
                let previous = current
                current = cluster(current, tree: tree, zoom: zoom, processed: &processed)
                // A zoom where nothing merged or moved has the same nodes in the same order:
                // the same tree serves (most high zooms of sparse data).
                if current != previous {
                    tree = KDTree(xs: current.map { xs[Int($0)] }, ys: current.map { ys[Int($0)] },
                                  nodeSize: options.nodeSize)
                }
                levels.append((current, tree))
            }
        }
        self.levels = levels.reversed()
    }

    /// Points sorted by their Z-order (Morton) code over the points' bounding box, then id.
    static func canonicalOrder(_ points: [ClusterPoint]) -> [ClusterPoint] {
        guard let first = points.first else { return [] }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let sx = maxX > minX ? 65535 / (maxX - minX) : 0, sy = maxY > minY ? 65535 / (maxY - minY) : 0
        func spread(_ v: UInt32) -> UInt32 {
            var v = v & 0xFFFF
            v = (v | v << 8) & 0x00FF_00FF
            v = (v | v << 4) & 0x0F0F_0F0F
            v = (v | v << 2) & 0x3333_3333
            return (v | v << 1) & 0x5555_5555
        }
        let keys = points.map { p -> UInt32 in
            // A span too small for its inverse (points 1e-321 apart) makes 0 x infinity: NaN.
            func quantized(_ q: Double) -> UInt32 { q.isNaN ? 0 : UInt32(min(max(q, 0), 65535)) }
            let qx = p.x.isFinite ? quantized((p.x - minX) * sx) : 0
            let qy = p.y.isFinite ? quantized((p.y - minY) * sy) : 0
            return spread(qx) | spread(qy) << 1
        }
        // Sort indices, not the points: ids are compared only on a tie.
        let order = points.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a] < keys[b] : points[a].id < points[b].id
        }
        return order.map { points[$0] }
    }

    /// One greedy pass: each node not yet taken at this zoom gathers the untaken nodes
    /// within the radius; enough of them make a cluster at their count-weighted centroid.
    /// Too few (under `minPoints`), and they all stay single at this zoom, taken: as in
    /// supercluster, they cannot join a later node's cluster there.
    private mutating func cluster(_ nodes: [Int32], tree: KDTree, zoom: Int, processed: inout [Bool]) -> [Int32] {
        let r = options.radius / (options.extent * pow(2, Double(zoom)))
        var next: [Int32] = []
        next.reserveCapacity(nodes.count)
        for i in nodes.indices { processed[Int(nodes[i])] = false }
        var neighbours: [Int32] = [], positions: [Int32] = []
        for node in nodes where !processed[Int(node)] {
            let p = Int(node)
            processed[p] = true
            neighbours.removeAll(keepingCapacity: true)
            positions.removeAll(keepingCapacity: true)
            var total = Int(counts[p])
            tree.within(x: xs[p], y: ys[p], r: r) { position in
                let other = Int(nodes[Int(position)])
                if !processed[other] {
                    neighbours.append(Int32(other))
                    positions.append(position)
                    total += Int(counts[other])
                }
            }
            guard !neighbours.isEmpty, total >= options.minPoints else {
                next.append(node)
                // In the order this zoom holds them, so the next zoom takes them in a fixed order.
                for position in positions.sorted() {
                    processed[Int(nodes[Int(position)])] = true
                    next.append(nodes[Int(position)])
                }
                continue
            }
            var wx = xs[p] * Double(counts[p]), wy = ys[p] * Double(counts[p])
            var unresolved = unresolvedCounts[p]
            let id = Int32(xs.count)
            childStarts.append(Int32(childList.count))
            childList.append(node)
            parents[p] = id
            // Children in a fixed order, so ids and centroids never depend on the tree.
            neighbours.sort()
            for other in neighbours {
                let o = Int(other)
                processed[o] = true
                wx += xs[o] * Double(counts[o])
                wy += ys[o] * Double(counts[o])
                unresolved += unresolvedCounts[o]
                parents[o] = id
                childList.append(other)
            }
            xs.append(wx / Double(total))
            ys.append(wy / Double(total))
            counts.append(Int32(total))
            unresolvedCounts.append(unresolved)
            zooms.append(Int16(zoom))
            parents.append(-1)
            childCounts.append(Int32(neighbours.count + 1))
            processed.append(false)
            next.append(id)
        }
        return next
    }
}
