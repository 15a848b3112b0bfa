import Foundation

extension ClusterIndex {
    /// A node of the hierarchy: a pin (leaf) or a cluster, named by its index.
    public typealias Node = Int

    /// The number of nodes: pins first, then clusters.
    public var nodeCount: Int { xs.count }

    /// True for a cluster, false for a pin.
    public func isCluster(_ node: Node) -> Bool { node >= points.count }

    /// A stable id: the pin's own, or `c` and the cluster's number.
    public func id(of node: Node) -> String {
        isCluster(node) ? "c\(node - points.count)" : points[node].id
    }

    /// The node's position: a pin's point, or a cluster's count-weighted centroid.
    public func position(of node: Node) -> CGPoint { CGPoint(x: xs[node], y: ys[node]) }

    /// How many pins the node holds.
    public func count(of node: Node) -> Int { Int(counts[node]) }

    /// How many of its pins are not resolved.
    public func unresolvedCount(of node: Node) -> Int { Int(unresolvedCounts[node]) }

    /// The zoom levels that have results: `minZoom...maxZoom + 1` (the last one unclustered).
    public var zoomRange: ClosedRange<Int> { options.minZoom...max(options.minZoom, options.maxZoom + 1) }

    private func level(_ zoom: Int) -> (nodes: [Int32], tree: KDTree) {
        let z = min(max(zoom, zoomRange.lowerBound), zoomRange.upperBound)
        return levels[z - options.minZoom]
    }

    /// The nodes shown at a zoom, in a fixed order, optionally only those inside `rect`.
    public func nodes(atZoom zoom: Int, in rect: CGRect? = nil) -> [Node] {
        let level = level(zoom)
        guard let rect else { return level.nodes.map(Int.init) }
        var found: [Node] = []
        level.tree.range(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY) {
            found.append(Int(level.nodes[Int($0)]))
        }
        return found.sorted()
    }

    /// A cluster's children: the nodes it was made of, one zoom deeper.
    public func children(of node: Node) -> [Node] {
        let start = Int(childStarts[node])
        return (start..<start + Int(childCounts[node])).map { Int(childList[$0]) }
    }

    /// A cluster's pins (or the pin itself), depth first, `limit` of them after `offset`.
    public func leaves(of node: Node, limit: Int = .max, offset: Int = 0) -> [Node] {
        var result: [Node] = []
        var skipped = 0
        var stack = [node]
        while let next = stack.popLast(), result.count < limit {
            if !isCluster(next) {
                if skipped < offset { skipped += 1 } else { result.append(next) }
                continue
            }
            stack.append(contentsOf: children(of: next).reversed())
        }
        return result
    }

    /// The zoom at which a cluster splits into its children (a pin: its own zoom).
    public func expansionZoom(of node: Node) -> Int { Int(zooms[node]) + 1 }

    /// The first zoom at which a pin is shown on its own, no longer in a cluster.
    public func unclusteredZoom(ofPin pin: Node) -> Int {
        let parent = Int(parents[pin])
        return parent < 0 ? options.minZoom : Int(zooms[parent]) + 1
    }

    /// The pin node with this id, if any.
    public func pin(withId id: String) -> Node? {
        points.firstIndex { $0.id == id }
    }

    /// Distinct authors of a node's pins, sorted.
    public func authors(of node: Node) -> [String] {
        Array(Set(leaves(of: node).map { points[$0].authorId })).sorted()
    }

    /// A custom aggregate over a node's pins: `map` each, then fold with `reduce`.
    public func aggregate<T>(of node: Node, map: (ClusterPoint) -> T, reduce: (T, T) -> T) -> T? {
        leaves(of: node).map { map(points[$0]) }.reduce(nil) { partial, value in
            partial.map { reduce($0, value) } ?? value
        }
    }

    /// The pins that were still grouped at `maxZoom`, by the cluster holding them there:
    /// beyond `maxZoom` they are shown fanned out around it.
    public func fannedGroups() -> [(center: Node, pins: [Node])] {
        level(options.maxZoom).nodes.map(Int.init).filter(isCluster).map { ($0, leaves(of: $0)) }
    }
}
