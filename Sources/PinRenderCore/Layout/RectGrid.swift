import Foundation

/// Entries (small whole numbers) filed by the cell of a square grid that holds their
/// rectangle's top-left corner, so that finding those near a region costs what is near it,
/// not every entry: tooltip placement asks this for every place of every tooltip, and pages
/// with thousands of tooltips would otherwise be quadratic. A lookup widens the region up and
/// left by the largest rectangle filed. The cells cover `bounds`; a corner past it is filed
/// in a cell on its border.
struct RectGrid {
    private let cell: Double
    private let origin: CGPoint
    private let columns: Int, rows: Int
    /// Row by row, the entries filed in each cell.
    private var cells: [[Int32]]
    /// Each entry's rectangle (null: not filed).
    private var rects: [CGRect] = []
    /// The widest and the tallest rectangle filed so far.
    private var largest = CGSize.zero

    /// A grid of `cell`-sized cells over `bounds` (coarser when that would take over a
    /// million cells).
    init(cell: Double, bounds: CGRect) {
        let size = bounds.isNull || !bounds.width.isFinite || !bounds.height.isFinite
            ? CGSize.zero : bounds.size
        var cell = max(cell, 1)
        while (size.width / cell + 1) * (size.height / cell + 1) > Double(1 << 20) { cell *= 2 }
        self.cell = cell
        origin = size == .zero ? .zero : bounds.origin
        columns = Int(size.width / cell) + 1
        rows = Int(size.height / cell) + 1
        cells = Array(repeating: [], count: columns * rows)
    }

    /// Files `entry` under `rect`, or takes it out of the grid with nil.
    mutating func update(_ entry: Int, to rect: CGRect?) {
        if entry >= rects.count { rects += Array(repeating: .null, count: entry + 1 - rects.count) }
        if let old = cellIndex(of: rects[entry]), let at = cells[old].firstIndex(of: Int32(entry)) {
            cells[old].swapAt(at, cells[old].count - 1)
            cells[old].removeLast()
        }
        rects[entry] = rect ?? .null
        guard let rect, let new = cellIndex(of: rect) else { return }
        largest = CGSize(width: max(largest.width, rect.width), height: max(largest.height, rect.height))
        cells[new].append(Int32(entry))
    }

    /// Calls `body` with each entry and its rectangle that may touch `region` (a superset:
    /// their corners are in the cells the region widened by the largest rectangle touches),
    /// once each, in no set order, until it returns false.
    /// - Returns: false when `body` stopped it.
    @discardableResult
    func visit(_ region: CGRect, _ body: (Int, CGRect) -> Bool) -> Bool {
        // A unit more, for the rounding of the corners' arithmetic.
        let widened = CGRect(x: region.minX - largest.width - 1, y: region.minY - largest.height - 1,
                             width: region.width + largest.width + 1, height: region.height + largest.height + 1)
        guard let span = span(widened) else { return true }
        for row in span.rows {
            for column in span.columns {
                for entry in cells[row * columns + column] where !body(Int(entry), rects[Int(entry)]) { return false }
            }
        }
        return true
    }

    /// The rectangle `entry` is filed under (null when it is not).
    func rect(_ entry: Int) -> CGRect {
        rects[entry]
    }

    /// The entries of ``visit(_:_:)`` for which `include` holds, ascending.
    func near(_ region: CGRect, where include: (Int, CGRect) -> Bool) -> [Int] {
        var found: [Int] = []
        visit(region) { entry, rect in
            if include(entry, rect) { found.append(entry) }
            return true
        }
        return found.sorted()
    }

    /// The cell holding the top-left corner of `rect`; nil for a rectangle that is not finite.
    private func cellIndex(of rect: CGRect) -> Int? {
        span(rect).map { $0.rows.lowerBound * columns + $0.columns.lowerBound }
    }

    /// The columns and rows of the cells `rect` touches; nil for a rectangle that is not finite.
    private func span(_ rect: CGRect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
        guard !rect.isNull, rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite, rect.maxY.isFinite else { return nil }
        func index(_ value: Double, _ count: Int) -> Int {
            let i = (value / cell).rounded(.down)
            return i <= 0 ? 0 : i >= Double(count - 1) ? count - 1 : Int(i)
        }
        return (index(rect.minX - origin.x, columns)...index(rect.maxX - origin.x, columns),
                index(rect.minY - origin.y, rows)...index(rect.maxY - origin.y, rows))
    }
}
