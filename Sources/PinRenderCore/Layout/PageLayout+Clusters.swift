import Foundation

extension PageLayout {
    /// Groups markers that would overlap at this output size, with the clustering engine
    /// run once at the output's own scale (one zoom, pixels as units).
    func clusters(of placed: [(CommentThread, CGPoint)], ui: Double) -> [Cluster] {
        let r = theme.markerRadius * ui
        let points = placed.map { thread, p in
            ClusterPoint(id: thread.id, x: p.x, y: p.y, resolved: thread.root.resolved, authorId: thread.root.authorId)
        }
        // Two markers overlap when their centers are less than a diameter apart.
        let index = ClusterIndex(points: points, options: ClusterOptions(radius: 2 * r, extent: 1, minPoints: 2,
                                                                          minZoom: 0, maxZoom: 0))
        return index.nodes(atZoom: 0).filter(index.isCluster).map { node in
            let count = index.count(of: node), unresolved = index.unresolvedCount(of: node)
            let p = index.position(of: node)
            let radius = r * (1.15 + 0.2 * log10(Double(count)))
            let corner = radius * 0.78
            return Cluster(id: index.id(of: node), x: p.x, y: p.y, radius: radius, count: count,
                           unresolved: unresolved, label: Self.abbreviated(count),
                           pinIds: index.leaves(of: node).map { index.points[$0].id },
                           unresolvedBadge: unresolved == 0 ? nil
                               : Badge(x: p.x + corner, y: p.y - corner, radius: r * 0.55,
                                       text: Self.abbreviated(unresolved)))
        }
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
