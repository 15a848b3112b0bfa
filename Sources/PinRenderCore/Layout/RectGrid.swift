import Foundation

/// Entries (small whole numbers) filed by the cells of a square grid that their rectangles
/// touch, so that finding those near a region costs what is near it, not every entry:
/// tooltip placement asks this for every place of every tooltip, and pages with thousands of
/// tooltips would otherwise be quadratic. The cells cover `bounds`; a rectangle reaching past
/// it is filed in the cells on its border.
struct RectGrid {
    private let cell: Double
    private let origin: CGPoint
    private let columns: Int, rows: Int
    /// Row by row, the entries filed in each cell.
    private var cells: [[Int32]]
    /// Each entry's rectangle, and the column and row of its first cell (-1: not filed).
    private var rects: [CGRect] = []
    private var firstCells: [(column: Int, row: Int)] = []

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
        if entry >= rects.count {
            rects += Array(repeating: .null, count: entry + 1 - rects.count)
            firstCells += Array(repeating: (-1, -1), count: entry + 1 - firstCells.count)
        }
        if firstCells[entry].column >= 0, let old = span(rects[entry]) {
            for row in old.rows {
                for column in old.columns {
                    let index = row * columns + column
                    guard let at = cells[index].firstIndex(of: Int32(entry)) else { continue }
                    cells[index].swapAt(at, cells[index].count - 1)
                    cells[index].removeLast()
                }
            }
        }
        rects[entry] = rect ?? .null
        firstCells[entry] = (-1, -1)
        guard let rect, let new = span(rect) else { return }
        firstCells[entry] = (new.columns.lowerBound, new.rows.lowerBound)
        for row in new.rows {
            for column in new.columns { cells[row * columns + column].append(Int32(entry)) }
        }
    }

    /// Calls `body` with each entry and its rectangle that may touch `region` (a superset:
    /// they share a cell with it), once each, in no set order, until it returns false.
    /// - Returns: false when `body` stopped it.
    @discardableResult
    func visit(_ region: CGRect, _ body: (Int, CGRect) -> Bool) -> Bool {
        guard let span = span(region) else { return true }
        for row in span.rows {
            for column in span.columns {
                for entry in cells[row * columns + column] {
                    let e = Int(entry), first = firstCells[e]
                    // An entry over several cells is met in the first of them that the region has.
                    guard column == max(first.column, span.columns.lowerBound), row == max(first.row, span.rows.lowerBound)
                    else { continue }
                    if !body(e, rects[e]) { return false }
                }
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
