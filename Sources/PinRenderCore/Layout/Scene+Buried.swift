import Foundation

extension Scene {
    /// How many tooltips drawn above a point hide it: each box lets 5% of what is under it
    /// through (``Theme/tooltipBackground``), three let through 0.0125%, under a 255th of a
    /// level, so a mark under three tooltips everywhere looks the same drawn or not.
    static let buryingDepth = 3

    /// The tooltips and the markers that reach `area` and lie, box, arrow and border, disc,
    /// badges and shadow, wholly under the boxes of ``buryingDepth``
    /// tooltips drawn after them (their rounded corners and borders left out): on a page
    /// crowded with thousands of tooltips most are, and drawing them would cost the most of
    /// the page for nothing to see. Leader lines are drawn all the same. What is buried does
    /// not depend on `area`: a stripe of the page buries what the whole page would.
    ///
    /// Worked out on blocks of `block` pixels: a box covers the blocks wholly inside it. A
    /// tooltip buried in some of the blocks it reaches and not in others shows only in the
    /// others (``Burial/shown``): on a page with thousands of tooltips, most of each box is.
    public func buried(in area: CGRect, block: Double = 8) -> Burial {
        let strokes = self.strokes
        let reaching = tooltips.indices.filter { tooltips[$0].boxBounds(strokes).intersects(area) }
        let markersReaching = tooltips.isEmpty ? [] : markers.indices.filter { markers[$0].bounds(strokes).cgRect.intersects(area) }
        guard !reaching.isEmpty || !markersReaching.isEmpty, !area.isNull else { return Burial() }
        // Only the blocks of what reaches the area matter.
        let region = markersReaching.reduce(reaching.reduce(CGRect.null) { $0.union(tooltips[$1].boxBounds(strokes)) }) {
            $0.union(markers[$1].bounds(strokes).cgRect)
        }
        let x0 = Int((region.minX / block).rounded(.down)), y0 = Int((region.minY / block).rounded(.down))
        let columns = Int((region.maxX / block).rounded(.down)) - x0 + 1, rows = Int((region.maxY / block).rounded(.down)) - y0 + 1
        guard columns > 0, rows > 0, columns * rows <= 1 << 24 else { return Burial() }
        var depth = [UInt8](repeating: 0, count: columns * rows)
        /// The blocks `bounds` touches: first and last column, first and last row.
        func blocks(_ bounds: CGRect) -> (Int, Int, Int, Int) {
            (Int((bounds.minX / block).rounded(.down)) - x0, Int((bounds.maxX / block).rounded(.down)) - x0,
             Int((bounds.minY / block).rounded(.down)) - y0, Int((bounds.maxY / block).rounded(.down)) - y0)
        }
        /// Whether every block `bounds` touches is covered deep enough.
        func covered(_ bounds: CGRect) -> Bool {
            let (left, right, top, bottom) = blocks(bounds)
            return (top...bottom).allSatisfy { row in
                (left...right).allSatisfy { depth[row * columns + $0] >= Self.buryingDepth }
            }
        }
        /// The blocks `bounds` touches that are not covered deep enough, as rectangles (runs
        /// of a row, joined with the same run of the row above), and whether that is all of them.
        func shown(_ bounds: CGRect) -> (parts: [CGRect], whole: Bool) {
            let (left, right, top, bottom) = blocks(bounds)
            var rects: [CGRect] = [], above: [Int: Int] = [:], whole = true
            for row in top...bottom {
                var runs: [Int: Int] = [:], column = left
                while column <= right {
                    guard depth[row * columns + column] < Self.buryingDepth else {
                        whole = false
                        column += 1
                        continue
                    }
                    let start = column
                    while column <= right && depth[row * columns + column] < Self.buryingDepth { column += 1 }
                    let key = start << 32 | column
                    if let index = above[key] {
                        rects[index].size.height += block
                        runs[key] = index
                    } else {
                        runs[key] = rects.count
                        rects.append(CGRect(x: Double(x0 + start) * block, y: Double(y0 + row) * block,
                                            width: Double(column - start) * block, height: block))
                    }
                }
                above = runs
            }
            return (rects, whole)
        }
        let reaches = Set(reaching)
        var burial = Burial()
        // From the top down: a tooltip is buried where every block it touches is covered deep
        // enough by those above it; then its own box covers the blocks wholly inside it.
        for index in tooltips.indices.reversed() {
            let tooltip = tooltips[index], bounds = tooltip.boxBounds(strokes)
            guard bounds.intersects(region) else { continue }
            if reaches.contains(index) {
                let (parts, whole) = shown(bounds)
                if parts.isEmpty {
                    burial.tooltips.insert(index)
                } else if !whole {
                    burial.shown[index] = parts
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
        // Markers are drawn under every tooltip.
        burial.markers = Set(markersReaching.filter { covered(markers[$0].bounds(strokes).cgRect) })
        return burial
    }
}

/// What need not be drawn of a scene's tooltips and markers (``Scene/buried(in:block:)``).
/// In a layout file: `{"tooltips": [3, 7], "markers": [0], "shown": [{"tooltip": 5, "parts": [Rect]}]}`,
/// indices into the scene's lists, in order.
public struct Burial: Sendable, Equatable, Codable {
    /// The tooltips wholly buried.
    public var tooltips: Set<Int> = []
    /// The markers wholly buried.
    public var markers: Set<Int> = []
    /// For each tooltip buried in part, the blocks where it shows: drawing it only there
    /// gives the same image.
    public var shown: [Int: [CGRect]] = [:]

    /// Nothing buried.
    public init() {}
}

extension Burial {
    private enum CodingKeys: String, CodingKey { case tooltips, markers, shown }

    /// A tooltip buried in part and where it shows.
    private struct Shown: Codable {
        var tooltip: Int
        var parts: [Rect]
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tooltips = Set(try c.decode([Int].self, forKey: .tooltips))
        markers = Set(try c.decode([Int].self, forKey: .markers))
        let shown = try c.decode([Shown].self, forKey: .shown)
        self.shown = Dictionary(shown.map { ($0.tooltip, $0.parts.map(\.cgRect)) }, uniquingKeysWith: { a, _ in a })
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(tooltips.sorted(), forKey: .tooltips)
        try c.encode(markers.sorted(), forKey: .markers)
        try c.encode(shown.keys.sorted().map { Shown(tooltip: $0, parts: shown[$0]!.map(Rect.init)) }, forKey: .shown)
    }
}
