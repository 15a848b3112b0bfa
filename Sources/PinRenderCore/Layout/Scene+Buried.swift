import Foundation

extension Scene {
    /// How many tooltips drawn above a point hide it: each box lets 5% of what is under it
    /// through (``Theme/tooltipBackground``), three let through 0.0125%, under a 255th of a
    /// level, so a tooltip under three others everywhere looks the same drawn or not.
    static let buryingDepth = 3

    /// The indices of the tooltips that reach `area` and lie, box, arrow and border, wholly
    /// under the boxes of ``buryingDepth`` tooltips drawn after them (their rounded corners
    /// and borders left out): on a page crowded with thousands of tooltips most are, and
    /// drawing them would cost the most of the page for nothing to see. Their leader lines
    /// are drawn all the same. A tooltip's fate does not depend on `area`: a stripe of the
    /// page buries the ones a whole page would.
    ///
    /// Worked out on blocks of `block` pixels: a box covers the blocks wholly inside it.
    public func buriedTooltips(in area: CGRect, block: Double = 8) -> Set<Int> {
        let strokes = self.strokes
        let reaching = tooltips.indices.filter { tooltips[$0].boxBounds(strokes).intersects(area) }
        guard !reaching.isEmpty, !area.isNull else { return [] }
        // Only the blocks of the tooltips that reach the area matter.
        let region = reaching.reduce(CGRect.null) { $0.union(tooltips[$1].boxBounds(strokes)) }
        let x0 = Int((region.minX / block).rounded(.down)), y0 = Int((region.minY / block).rounded(.down))
        let columns = Int((region.maxX / block).rounded(.down)) - x0 + 1, rows = Int((region.maxY / block).rounded(.down)) - y0 + 1
        guard columns > 0, rows > 0, columns * rows <= 1 << 24 else { return [] }
        var depth = [UInt8](repeating: 0, count: columns * rows)
        let reaches = Set(reaching)
        var buried: Set<Int> = []
        // From the top down: a tooltip is buried when every block it touches is covered deep
        // enough by those above it; then its own box covers the blocks wholly inside it.
        for index in tooltips.indices.reversed() {
            let tooltip = tooltips[index], bounds = tooltip.boxBounds(strokes)
            guard bounds.intersects(region) else { continue }
            if reaches.contains(index) {
                let touched = (Int((bounds.minX / block).rounded(.down)) - x0, Int((bounds.maxX / block).rounded(.down)) - x0,
                               Int((bounds.minY / block).rounded(.down)) - y0, Int((bounds.maxY / block).rounded(.down)) - y0)
                if (touched.2...touched.3).allSatisfy({ row in
                    (touched.0...touched.1).allSatisfy { depth[row * columns + $0] >= Self.buryingDepth }
                }) {
                    buried.insert(index)
                }
            }
            // The box less its rounded corners and its border, a pixel more for antialiasing.
            let inset = max(tooltip.cornerRadius, strokes.line) + 1
            let inner = CGRect(x: tooltip.x, y: tooltip.y, width: tooltip.width, height: tooltip.height).insetBy(dx: inset, dy: inset)
            guard !inner.isNull, !inner.isEmpty else { continue }
            let first = (max(Int((inner.minX / block).rounded(.up)) - x0, 0), max(Int((inner.minY / block).rounded(.up)) - y0, 0))
            let end = (min(Int((inner.maxX / block).rounded(.down)) - x0, columns), min(Int((inner.maxY / block).rounded(.down)) - y0, rows))
            guard first.0 < end.0, first.1 < end.1 else { continue }
            for row in first.1..<end.1 {
                for column in first.0..<end.0 where depth[row * columns + column] < Self.buryingDepth {
                    depth[row * columns + column] += 1
                }
            }
        }
        return buried
    }
}
