import Foundation

extension PageLayout {
    /// `--tooltips margin`: every tooltip in a column right of the page, as word processors
    /// and PDF reviewers show comment balloons. The output grows by the column
    /// (``Scene/drawnSize``); the page and its pins stay where they were. The boxes are
    /// stacked in the order of their pins from top to bottom, each as near its pin's height
    /// as the others let it (the least total squared distance: isotonic regression, pool
    /// adjacent violators, O(n)), never overlapping. A leader line runs from each marker
    /// straight right to the page's edge, then across the gutter to its box: the lines across
    /// the page are parallel and those in the gutter keep their order, so no two cross (two
    /// pins at the very same height share their line across the page). When the column is
    /// too short for all of them, the least important are dropped.
    func placeMarginTooltips(_ ordered: [(CommentThread, CGPoint)], in scene: inout Scene, ui: Double) {
        let pad = theme.containerPadding * ui
        let gutter = 3 * theme.markerRadius * ui
        let boxWidth = (theme.tooltipMaxWidth + 2 * theme.tooltipPadding) * ui
        let column = CGRect(x: scene.width, y: 0, width: gutter + boxWidth + 2 * pad, height: scene.height)
        let left = column.minX + gutter + pad
        let gap = 2 * pad
        let available = scene.height - 2 * pad
        scene.margin = Fill(rect: Rect(column), color: theme.panelFill)
        scene.overlappingTooltips = []
        guard available > 0 else {
            scene.droppedTooltips = ordered.map(\.0.id)
            return
        }
        // The most important that fit the column's height, one above the other.
        var kept: [(thread: CommentThread, point: CGPoint, box: TooltipBox)] = []
        var used = 0.0
        for (thread, point) in ordered {
            guard let box = TooltipBox(thread: thread, theme: theme, ui: ui, timeZone: timeZone, measurer: measurer,
                                       limit: CGSize(width: boxWidth, height: available)),
                  used + box.size.height <= available else {
                scene.droppedTooltips.append(thread.id)
                continue
            }
            kept.append((thread, point, box))
            used += box.size.height + gap
        }
        kept.sort { ($0.point.y, $0.point.x, $0.thread.id) < ($1.point.y, $1.point.x, $1.thread.id) }
        let heights: [Double] = kept.map { $0.box.size.height }
        let ideal: [Double] = kept.map { $0.point.y - $0.box.size.height / 2 }
        let tops = Self.stackedTops(ideal: ideal, heights: heights, gap: gap, within: pad...(scene.height - pad))
        let markerRadius = theme.markerRadius * ui
        let radius = theme.tooltipCornerRadius * ui
        for ((thread, point, box), top) in zip(kept, tops) {
            // On the box's left edge, level with the pin where it can be, clear of the rounded corners.
            let inset = min(radius + 2 * ui, box.size.height / 2)
            let anchor = min(max(point.y, top + inset), top + box.size.height - inset)
            // From the marker's rim, or from under the marker when it reaches the page's edge.
            let start = Point(x: min(point.x + markerRadius, scene.width), y: point.y)
            scene.tooltips.append(Tooltip(
                pinId: thread.id, x: left, y: top, width: box.size.width, height: box.size.height, side: .right,
                cornerRadius: radius, arrow: nil, leader: [start, Point(x: scene.width, y: point.y), Point(x: left, y: anchor)],
                texts: box.texts(at: CGPoint(x: left, y: top)), resolved: thread.root.resolved,
                dash: thread.root.resolved ? Strokes(ui: ui).resolvedDash : [], ink: TooltipInk(theme: theme)))
        }
    }

    /// The tops of boxes of `heights`, in this order one under the other `gap` apart, inside
    /// `within`, as near `ideal` as they can be (least squares): pool adjacent violators on
    /// the tops less the room the boxes above take, then the whole stack moved inside.
    static func stackedTops(ideal: [Double], heights: [Double], gap: Double, within: ClosedRange<Double>) -> [Double] {
        var above: [Double] = []
        var room = 0.0
        for height in heights {
            above.append(room)
            room += height + gap
        }
        // Blocks of (sum, count) whose means rise.
        var blocks: [(sum: Double, count: Int)] = []
        for (target, offset) in zip(ideal, above) {
            blocks.append((target - offset, 1))
            while blocks.count > 1, blocks[blocks.count - 2].sum / Double(blocks[blocks.count - 2].count)
                    > blocks[blocks.count - 1].sum / Double(blocks[blocks.count - 1].count) {
                let last = blocks.removeLast()
                blocks[blocks.count - 1].sum += last.sum
                blocks[blocks.count - 1].count += last.count
            }
        }
        let highest = within.upperBound - (room - gap)
        var tops: [Double] = []
        for block in blocks {
            let start = min(max(block.sum / Double(block.count), within.lowerBound), max(highest, within.lowerBound))
            tops += Array(repeating: start, count: block.count)
        }
        return zip(tops, above).map { $0 + $1 }
    }
}
