import Foundation
import Testing
@testable import PinRenderCore

/// The clustering engine: a partition at every zoom, independent of input order, equal to
/// a brute-force run of supercluster's greedy algorithm, with working queries.
@Suite struct ClusterIndexTests {
    static func randomPoints(_ n: Int, seed: UInt64, spots: Int = 0) -> [ClusterPoint] {
        var random = SplitMix64(seed: seed)
        // Some pins share a few exact spots, as pins dropped on one detail do.
        let hot = (0..<spots).map { _ in (random.unit(), random.unit()) }
        return (0..<n).map { i in
            let spot = spots > 0 && i % 5 == 0 ? hot[i % spots] : (random.unit(), random.unit())
            return ClusterPoint(id: String(format: "p%05d", i), x: spot.0, y: spot.1,
                                resolved: random.unit() < 0.3, authorId: "u\(i % 7)")
        }
    }

    /// Supercluster's greedy pass written the slow, obvious way: every pair compared, the
    /// points taken in the given order; neighbours too few to make a cluster stay single at
    /// that zoom and are taken.
    static func bruteForce(_ points: [ClusterPoint], _ options: ClusterOptions) -> [Int: [(x: Double, y: Double, count: Int)]] {
        var items = points.map { (x: $0.x, y: $0.y, count: 1) }
        var result: [Int: [(x: Double, y: Double, count: Int)]] = [options.maxZoom + 1: items]
        for zoom in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            let r = options.radius / (options.extent * pow(2, Double(zoom)))
            var taken = [Bool](repeating: false, count: items.count)
            var next: [(x: Double, y: Double, count: Int)] = []
            for i in items.indices where !taken[i] {
                taken[i] = true
                let near = items.indices.filter { j in
                    !taken[j] && hypot(items[j].x - items[i].x, items[j].y - items[i].y) <= r
                }
                let total = near.reduce(items[i].count) { $0 + items[$1].count }
                guard !near.isEmpty, total >= options.minPoints else {
                    next.append(items[i])
                    for j in near {
                        taken[j] = true
                        next.append(items[j])
                    }
                    continue
                }
                var wx = items[i].x * Double(items[i].count), wy = items[i].y * Double(items[i].count)
                for j in near {
                    taken[j] = true
                    wx += items[j].x * Double(items[j].count)
                    wy += items[j].y * Double(items[j].count)
                }
                next.append((wx / Double(total), wy / Double(total), total))
            }
            items = next
            result[zoom] = items
        }
        return result
    }

    @Test(arguments: [(UInt64(1), 40.0, 2), (2, 60.0, 3), (3, 20.0, 2), (4, 80.0, 5)])
    func matchesBruteForceAndPartitionsEveryZoom(seed: UInt64, radius: Double, minPoints: Int) {
        let points = Self.randomPoints(600, seed: seed, spots: 4)
        let options = ClusterOptions(radius: radius, extent: 512, minPoints: minPoints, minZoom: 0, maxZoom: 8)
        let index = ClusterIndex(points: points, options: options)
        // The index takes points in its canonical order (Z-order, then id); so does the reference.
        #expect(Set(index.points.map(\.id)) == Set(points.map(\.id)))
        let expected = Self.bruteForce(index.points, options)
        for zoom in index.zoomRange {
            let nodes = index.nodes(atZoom: zoom)
            // Every pin exactly once, counts adding up.
            let leaves = nodes.flatMap { index.leaves(of: $0) }
            #expect(leaves.count == points.count && Set(leaves).count == points.count, "zoom \(zoom)")
            #expect(nodes.map(index.count(of:)).reduce(0, +) == points.count)
            // The same clusters as the reference, in the same order.
            let mine = nodes.map { (index.position(of: $0), index.count(of: $0)) }
            let reference = expected[zoom]!
            #expect(mine.count == reference.count, "zoom \(zoom): \(mine.count) nodes, reference \(reference.count)")
            for (a, b) in zip(mine, reference) {
                #expect(a.1 == b.count && abs(a.0.x - b.x) < 1e-12 && abs(a.0.y - b.y) < 1e-12, "zoom \(zoom)")
            }
        }
    }

    @Test func neighboursTooFewForAClusterStaySingleAtThatZoomAsInSupercluster() {
        // A and B touch, but two are fewer than minPoints 3: supercluster lets both through
        // at this zoom, so B may not then gather C and D into a cluster of three.
        let points = [ClusterPoint(id: "a", x: 0, y: 0), ClusterPoint(id: "b", x: 1, y: 0),
                      ClusterPoint(id: "c", x: 2, y: 0), ClusterPoint(id: "d", x: 1.5, y: 0.8)]
        let index = ClusterIndex(points: points, options: ClusterOptions(radius: 1.05, extent: 1, minPoints: 3,
                                                                         minZoom: 0, maxZoom: 0))
        #expect(index.points.map(\.id) == ["a", "b", "c", "d"])
        #expect(index.nodes(atZoom: 0).map(index.count(of:)) == [1, 1, 1, 1])
    }

    @Test func largeTreesSortedOnTwoCoresAnswerLikeAScan() {
        var random = SplitMix64(seed: 3)
        // Many repeated coordinates too, as the three-way partition must handle.
        let xs = (0..<80_000).map { _ in (random.unit() * 500).rounded() / 500 }
        let ys = (0..<80_000).map { _ in random.unit() }
        let tree = KDTree(xs: xs, ys: ys)
        for _ in 0..<40 {
            let x = random.unit(), y = random.unit(), r = random.unit() * 0.02
            var found: [Int32] = []
            tree.within(x: x, y: y, r: r) { found.append($0) }
            let expected = xs.indices.filter { hypot(xs[$0] - x, ys[$0] - y) <= r }.map(Int32.init)
            #expect(found.sorted() == expected)
            var boxed: [Int32] = []
            tree.range(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r) { boxed.append($0) }
            let inBox = xs.indices.filter { abs(xs[$0] - x) <= r && abs(ys[$0] - y) <= r }.map(Int32.init)
            #expect(boxed.sorted() == inBox)
        }
    }

    @Test func inputOrderDoesNotMatter() {
        let points = Self.randomPoints(3000, seed: 7, spots: 10)
        var random = SplitMix64(seed: 99)
        let shuffled = points.shuffled(using: &random)
        let a = ClusterIndex(points: points), b = ClusterIndex(points: shuffled)
        for zoom in a.zoomRange {
            let describe = { (index: ClusterIndex) in
                index.nodes(atZoom: zoom).map { "\(index.id(of: $0)) \(index.count(of: $0)) \(index.position(of: $0))" }
            }
            #expect(describe(a) == describe(b), "zoom \(zoom)")
        }
    }

    @Test func queriesAgreeWithTheHierarchy() throws {
        let points = Self.randomPoints(1500, seed: 11, spots: 3)
        let index = ClusterIndex(points: points, options: ClusterOptions(maxZoom: 10))
        for zoom in index.options.minZoom...index.options.maxZoom {
            for node in index.nodes(atZoom: zoom) where index.isCluster(node) {
                let children = index.children(of: node)
                #expect(children.count >= 2)
                #expect(children.map(index.count(of:)).reduce(0, +) == index.count(of: node))
                #expect(index.unresolvedCount(of: node)
                        == index.leaves(of: node).filter { !index.points[$0].resolved }.count)
                // At its expansion zoom the cluster is gone, its pins shown in several nodes.
                let expansion = index.expansionZoom(of: node)
                #expect(expansion > zoom)
                let leaves = Set(index.leaves(of: node))
                let holding = index.nodes(atZoom: expansion).filter { !leaves.isDisjoint(with: index.leaves(of: $0)) }
                #expect(holding.count >= 2 && !holding.contains(node))
                // Paged leaves cover the whole list.
                let all = index.leaves(of: node)
                let paged = stride(from: 0, to: all.count, by: 3).flatMap { index.leaves(of: node, limit: 3, offset: $0) }
                #expect(paged == all)
            }
        }
        for pin in stride(from: 0, to: points.count, by: 37) {
            let free = index.unclusteredZoom(ofPin: pin)
            #expect(index.nodes(atZoom: free).contains(pin), "pin \(pin) not alone at \(free)")
            if free > index.options.minZoom { #expect(!index.nodes(atZoom: free - 1).contains(pin)) }
            #expect(index.pin(withId: index.points[pin].id) == pin)
        }
        let box = CGRect(x: 0.2, y: 0.3, width: 0.4, height: 0.25)
        for zoom in [0, 3, 7] {
            let inside = index.nodes(atZoom: zoom).filter { box.contains(index.position(of: $0)) }.sorted()
            #expect(index.nodes(atZoom: zoom, in: box) == inside)
        }
    }

    @Test func coincidentPinsFanOutBeyondMaxZoom() {
        let same = (0..<20).map { ClusterPoint(id: "s\($0)", x: 0.5, y: 0.5) }
        let four = (0..<4).map { ClusterPoint(id: "f\($0)", x: 0.1, y: 0.9) }
        let index = ClusterIndex(points: same + four, options: ClusterOptions(maxZoom: 40))
        #expect(index.nodes(atZoom: 40).filter(index.isCluster).map(index.count(of:)).sorted() == [4, 20])
        #expect(index.nodes(atZoom: 41).count == 24)
        let groups = index.fannedGroups()
        #expect(groups.map(\.pins.count).sorted() == [4, 20])
        #expect(Set(index.nodes(atZoom: 0).map(index.id(of:))).count == index.nodes(atZoom: 0).count)
        #expect(index.id(of: index.nodeCount - 1).hasPrefix("c"))
    }

    @Test(arguments: [2, 5, 8, 9, 30])
    func fanOutKeepsMarkersApart(count: Int) {
        let spacing = 30.0
        let offsets = FanOut.offsets(count: count, spacing: spacing)
        #expect(offsets.count == count)
        for i in offsets.indices {
            for j in offsets.indices where j > i {
                let d = hypot(offsets[i].x - offsets[j].x, offsets[i].y - offsets[j].y)
                #expect(d >= spacing * 0.95, "\(count): \(i) and \(j) only \(d) apart")
            }
        }
        if count <= 8 {
            let radii = offsets.map { hypot($0.x, $0.y) }
            #expect(radii.allSatisfy { abs($0 - radii[0]) < 1e-9 }, "a circle")
            #expect(abs(offsets[0].x) < 1e-9 && offsets[0].y < 0, "starts at 12 o'clock")
        }
    }

    @Test func aggregates() throws {
        let points = [ClusterPoint(id: "a", x: 0.5, y: 0.5, resolved: true, authorId: "ann"),
                      ClusterPoint(id: "b", x: 0.5001, y: 0.5, authorId: "bob"),
                      ClusterPoint(id: "c", x: 0.5, y: 0.5001, authorId: "ann")]
        let index = ClusterIndex(points: points)
        let cluster = try #require(index.nodes(atZoom: 0).first)
        #expect(index.isCluster(cluster) && index.count(of: cluster) == 3 && index.unresolvedCount(of: cluster) == 2)
        #expect(index.authors(of: cluster) == ["ann", "bob"])
        #expect(index.aggregate(of: cluster, map: { $0.id }, reduce: { $0 + $1 }) == "abc")
    }

    @Test func bubbleLabels() {
        let cases = [(7, "7"), (999, "999"), (1000, "1k"), (1250, "1.2k"), (9999, "9.9k"),
                     (12345, "12k"), (999_999, "999k"), (1_000_000, "1M"), (1_234_567, "1.2M")]
        for (count, label) in cases { #expect(PageLayout.abbreviated(count) == label) }
    }
}
