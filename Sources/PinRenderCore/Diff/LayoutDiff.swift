import Foundation

/// Says *what* changed between two renders, from their `--layout-json` files: pins that
/// moved (and by how much), appeared, disappeared, changed status, number or replies,
/// joined or left a cluster, or whose tooltip changed side or was dropped.
///
///     let changes = try LayoutDiff.compare(expected: oldJSON, actual: newJSON)
public enum LayoutDiff {
    /// One change to one pin.
    public struct Change: Sendable, Equatable, Codable, CustomStringConvertible {
        public var page: Int
        public var pinId: String
        /// moved, appeared, disappeared, status, number, replies, cluster, tooltip.
        public var kind: String
        public var detail: String
        /// How far a moved pin went, in output pixels.
        public var distance: Double?

        public var description: String { "page \(page): pin \(pinId) \(detail)" }
    }

    private struct File: Decodable {
        var pages: [Scene]
    }

    /// Positions closer than this (output pixels) count as unmoved.
    public static let tolerance = 0.5

    /// Decodes two layout files and compares them.
    public static func compare(expected: Data, actual: Data, expectedName: String = "expected",
                               actualName: String = "actual") throws -> [Change] {
        func decode(_ data: Data, _ name: String) throws -> [Scene] {
            do {
                return try JSONDecoder().decode(File.self, from: data).pages
            } catch let error as DecodingError {
                var error = InputError(source: name, decoding: error)
                error.problem = "not a pinrender layout JSON: \(error.problem)"
                throw error
            }
        }
        return compare(expected: try decode(expected, expectedName), actual: try decode(actual, actualName))
    }

    /// Compares scenes page by page.
    public static func compare(expected: [Scene], actual: [Scene]) -> [Change] {
        var changes: [Change] = []
        let actualByPage = Dictionary(actual.map { ($0.page, $0) }, uniquingKeysWith: { a, _ in a })
        for old in expected {
            guard let new = actualByPage[old.page] else { continue }
            changes += compare(old, new)
        }
        return changes
    }

    private static func compare(_ old: Scene, _ new: Scene) -> [Change] {
        let page = old.page
        var changes: [Change] = []
        let oldMarkers = Dictionary(old.markers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let newMarkers = Dictionary(new.markers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let oldCluster = membership(old), newCluster = membership(new)
        let ids = Set(oldMarkers.keys).union(newMarkers.keys).union(oldCluster.keys).union(newCluster.keys).sorted()
        for id in ids {
            func add(_ kind: String, _ detail: String, _ distance: Double? = nil) {
                changes.append(Change(page: page, pinId: id, kind: kind, detail: detail, distance: distance))
            }
            let a = oldMarkers[id], b = newMarkers[id]
            let wasShown = a != nil || oldCluster[id] != nil, isShown = b != nil || newCluster[id] != nil
            if !wasShown { add("appeared", "appeared"); continue }
            if !isShown { add("disappeared", "disappeared"); continue }
            if let a, let b {
                let distance = hypot(b.x - a.x, b.y - a.y)
                if distance > tolerance {
                    add("moved", String(format: "moved %.1f px, from (%.1f, %.1f) to (%.1f, %.1f)", distance, a.x, a.y, b.x, b.y), distance)
                }
                if a.resolved != b.resolved { add("status", b.resolved ? "was resolved" : "was reopened") }
                if a.number != b.number { add("number", "number \(a.number) became \(b.number)") }
                if a.replies != b.replies { add("replies", "replies \(a.replies) became \(b.replies)") }
            }
            let before = oldCluster[id], after = newCluster[id]
            if before?.count != after?.count || (before == nil) != (after == nil) {
                switch (before, after) {
                case (nil, let cluster?): add("cluster", "joined a cluster of \(cluster.count)")
                case (_?, nil): add("cluster", "left its cluster and is shown alone")
                case (let x?, let y?): add("cluster", "moved from a cluster of \(x.count) to one of \(y.count)")
                default: break
                }
            }
            let oldTip = old.tooltips.first { $0.pinId == id }, newTip = new.tooltips.first { $0.pinId == id }
            switch (oldTip, newTip) {
            case (let x?, let y?) where x.side != y.side: add("tooltip", "tooltip moved from \(x.side.rawValue) to \(y.side.rawValue)")
            case (_?, nil): add("tooltip", "tooltip no longer shown")
            case (nil, _?): add("tooltip", "tooltip now shown")
            default: break
            }
        }
        return changes
    }

    private static func membership(_ scene: Scene) -> [String: Cluster] {
        var result: [String: Cluster] = [:]
        for cluster in scene.clusters { for id in cluster.pinIds { result[id] = cluster } }
        return result
    }
}
