import Foundation

/// Rectangles filed by the cells of a square grid they touch, so that finding those near
/// a region costs what is near it, not every rectangle: tooltip placement asks this once a
/// tooltip, and pages with thousands of tooltips would otherwise be quadratic.
struct RectGrid {
    private let cell: Double
    private var cells: [Int64: [Int]] = [:]
    /// Every rectangle, in the order inserted, with its owner's id ("" for none).
    private(set) var rects: [(id: String, rect: CGRect)] = []

    init(cell: Double) {
        self.cell = max(cell, 1)
    }

    mutating func insert(_ rect: CGRect, id: String) {
        let index = rects.count
        rects.append((id, rect))
        forEachCell(of: rect) { cells[$0, default: []].append(index) }
    }

    /// The rectangles that may touch `region` (a superset: they share a cell with it), in
    /// the order they were inserted.
    func near(_ region: CGRect) -> [(id: String, rect: CGRect)] {
        nearIndices(region).map { rects[$0] }
    }

    /// The indices in ``rects`` of ``near(_:)``'s rectangles, ascending.
    func nearIndices(_ region: CGRect) -> [Int] {
        var found: [Int] = []
        forEachCell(of: region) { key in found += cells[key] ?? [] }
        found.sort()
        // A rectangle over several cells is found once for each.
        var kept = 0
        for index in found.indices where kept == 0 || found[index] != found[kept - 1] {
            found[kept] = found[index]
            kept += 1
        }
        found.removeLast(found.count - kept)
        return found
    }

    private func forEachCell(of rect: CGRect, _ body: (Int64) -> Void) {
        guard !rect.isNull, rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite, rect.maxY.isFinite else { return }
        // Cells far outside any page are one cell: no trap converting, no endless loop.
        func index(_ value: Double) -> Int64 { Int64(min(max((value / cell).rounded(.down), -65536), 65536)) }
        let x0 = index(rect.minX), x1 = index(rect.maxX), y0 = index(rect.minY), y1 = index(rect.maxY)
        for y in y0...y1 {
            for x in x0...x1 { body(y << 32 ^ (x & 0xFFFF_FFFF)) }
        }
    }
}
