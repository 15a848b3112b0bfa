import Foundation

extension Scene {
    /// How many tooltips drawn above a point hide it: each box lets 5% of what is under it
    /// through (``Theme/tooltipBackground``), three let through 0.0125%, under a 255th of a
    /// level, so a mark under three tooltips everywhere looks the same drawn or not.
    static let buryingDepth = 3

    /// The indices of the tooltips and of the markers that reach `area` and lie, box,
    /// arrow and border, disc, badges and shadow, wholly under the boxes of ``buryingDepth``
    /// tooltips drawn after them (their rounded corners and borders left out): on a page
    /// crowded with thousands of tooltips most are, and drawing them would cost the most of
    /// the page for nothing to see. Leader lines are drawn all the same. What is buried does
    /// not depend on `area`: a stripe of the page buries what the whole page would.
    ///
    /// Worked out on blocks of `block` pixels: a box covers the blocks wholly inside it.
    public func buried(in area: CGRect, block: Double = 8) -> (tooltips: Set<Int>, markers: Set<Int>) {
        let strokes = self.strokes
        let reaching = tooltips.indices.filter { tooltips[$0].boxBounds(strokes).intersects(area) }
        let markersReaching = tooltips.isEmpty ? [] : markers.indices.filter { markers[$0].bounds(strokes).cgRect.intersects(area) }
        guard !reaching.isEmpty || !markersReaching.isEmpty, !area.isNull else { return ([], []) }
        // Only the blocks of what reaches the area matter.
        let region = markersReaching.reduce(reaching.reduce(CGRect.null) { $0.union(tooltips[$1].boxBounds(strokes)) }) {
            $0.union(markers[$1].bounds(strokes).cgRect)
        }
        let x0 = Int((region.minX / block).rounded(.down)), y0 = Int((region.minY / block).rounded(.down))
        let columns = Int((region.maxX / block).rounded(.down)) - x0 + 1, rows = Int((region.maxY / block).rounded(.down)) - y0 + 1
        guard columns > 0, rows > 0, columns * rows <= 1 << 24 else { return ([], []) }
        var depth = [UInt8](repeating: 0, count: columns * rows)
        /// Whether every block `bounds` touches is covered deep enough.
        func covered(_ bounds: CGRect) -> Bool {
            let first = (Int((bounds.minX / block).rounded(.down)) - x0, Int((bounds.minY / block).rounded(.down)) - y0)
            let last = (Int((bounds.maxX / block).rounded(.down)) - x0, Int((bounds.maxY / block).rounded(.down)) - y0)
            return (first.1...last.1).allSatisfy { row in
                (first.0...last.0).allSatisfy { depth[row * columns + $0] >= Self.buryingDepth }
            }
        }
        let reaches = Set(reaching)
        var buried: Set<Int> = []
        // From the top down: a tooltip is buried when every block it touches is covered deep
        // enough by those above it; then its own box covers the blocks wholly inside it.
        for index in tooltips.indices.reversed() {
            let tooltip = tooltips[index], bounds = tooltip.boxBounds(strokes)
            guard bounds.intersects(region) else { continue }
            if reaches.contains(index) && covered(bounds) { buried.insert(index) }
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
        // Markers are drawn under every tooltip.
        return (buried, Set(markersReaching.filter { covered(markers[$0].bounds(strokes).cgRect) }))
    }
}
