import Foundation

extension PageLayout {
    /// Groups markers that would overlap at this output size. The engine runs on output
    /// pixels with levels whose radius doubles from one marker diameter; the finest level
    /// where no two bubbles or markers overlap is drawn (none at all when no markers touch).
    func clusters(of placed: [(CommentThread, CGPoint)], ui: Double) -> [Cluster] {
        let r = theme.markerRadius * ui
        let points = placed.map { thread, p in
            ClusterPoint(id: thread.id, x: p.x, y: p.y, resolved: thread.root.resolved, authorId: thread.root.authorId)
        }
        let levels = 12
        // At zoom z the radius is 2r * 2^(levels - z): zoom `levels` groups touching markers.
        let index = ClusterIndex(points: points, options: ClusterOptions(
            radius: 2 * r, extent: pow(2, -Double(levels)), minPoints: 2, minZoom: 0, maxZoom: levels))
        let radius: (Int) -> Double = { node in
            index.isCluster(node) ? Self.bubbleRadius(count: index.count(of: node), marker: r) : r
        }
        var nodes = index.nodes(atZoom: levels + 1)
        for zoom in stride(from: levels + 1, through: 0, by: -1) {
            nodes = index.nodes(atZoom: zoom)
            if !Self.anyOverlap(nodes.map { (index.position(of: $0), radius($0)) }) { break }
        }
        return nodes.filter(index.isCluster).map { node in
            let count = index.count(of: node), unresolved = index.unresolvedCount(of: node)
            let p = index.position(of: node)
            let bubble = radius(node)
            let corner = bubble * 0.78
            let label = Self.abbreviated(count)
            let fill = Cluster.labelFill(label)
            return Cluster(id: index.id(of: node), x: p.x, y: p.y, radius: bubble, count: count,
                           unresolved: unresolved, label: label,
                           labelSize: r > 0 ? (bubble * fill / (r / 8)).rounded(.down) * r / 8 : 0,
                           pinIds: index.leaves(of: node).map { index.points[$0].id },
                           unresolvedBadge: unresolved == 0 ? nil
                               : fitted(Badge(x: p.x + corner, y: p.y - corner, radius: r * 0.55,
                                              text: Self.abbreviated(unresolved), fill: theme.markerFill)),
                           fill: unresolved > 0 ? theme.badgeFill : theme.resolvedFill, ink: MarkInk(theme: theme))
        }
    }

    /// A bubble grows slowly with its count.
    static func bubbleRadius(count: Int, marker: Double) -> Double {
        marker * (1.15 + 0.2 * log10(Double(max(count, 1))))
    }

    /// Whether any two circles overlap (they may touch).
    static func anyOverlap(_ circles: [(center: CGPoint, radius: Double)]) -> Bool {
        guard circles.count > 1 else { return false }
        let largest = circles.map(\.radius).max() ?? 0
        let xs: [Double] = circles.map { Double($0.center.x) }
        let ys: [Double] = circles.map { Double($0.center.y) }
        let tree = KDTree(xs: xs, ys: ys)
        for (i, circle) in circles.enumerated() {
            var hit = false
            tree.within(x: circle.center.x, y: circle.center.y, r: circle.radius + largest) { j in
                let other = circles[Int(j)]
                let distance: Double = hypot(other.center.x - circle.center.x, other.center.y - circle.center.y)
                if Int(j) != i && distance < circle.radius + other.radius - 0.5 { hit = true }
            }
            if hit { return true }
        }
        return false
    }

    /// Counts as a bubble shows them: 999, 1.2k, 12k, 1.2M (cut, never rounded up).
    static func abbreviated(_ count: Int) -> String {
        func short(_ value: Int, _ unit: Int, _ suffix: String) -> String {
            let tenths = value * 10 / unit
            return tenths < 100 && tenths % 10 != 0 ? "\(tenths / 10).\(tenths % 10)\(suffix)" : "\(tenths / 10)\(suffix)"
        }
        switch count {
        case ..<1000: return String(count)
        case ..<1_000_000: return short(count, 1000, "k")
        default: return short(count, 1_000_000, "M")
        }
    }
}
