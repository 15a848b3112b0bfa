import Foundation

extension PageLayout {
    /// Edge indicators for pins outside `visible`: each pin is projected from the visible
    /// area's center onto its border, and pins landing near one another on the same edge
    /// share one indicator with their count.
    func indicators(for hidden: [(CommentThread, CGPoint)], visible: CGRect, ui: Double) -> [EdgeIndicator] {
        let radius = theme.markerRadius * ui * 0.9
        let margin = radius * 1.6 + theme.containerPadding * ui
        let area = visible.insetBy(dx: min(margin, visible.width / 2), dy: min(margin, visible.height / 2))
        let center = CGPoint(x: visible.midX, y: visible.midY)
        // Where each pin's direction leaves the inset area, and on which edge.
        let projected = hidden.map { thread, point -> (EdgeIndicator.Edge, CGPoint, CommentThread) in
            let dx = point.x - center.x, dy = point.y - center.y
            let tx = dx == 0 ? Double.infinity : (dx > 0 ? area.maxX - center.x : area.minX - center.x) / dx
            let ty = dy == 0 ? Double.infinity : (dy > 0 ? area.maxY - center.y : area.minY - center.y) / dy
            let t = max(0, min(tx, ty))
            let hit = CGPoint(x: center.x + dx * t, y: center.y + dy * t)
            let edge: EdgeIndicator.Edge = tx < ty ? (dx > 0 ? .right : .left) : (dy > 0 ? .bottom : .top)
            return (edge, hit, thread)
        }
        // Group along each edge in slots two indicators wide.
        let slot = 4 * radius
        let groups = Dictionary(grouping: projected) { edge, hit, _ -> String in
            let along = edge == .top || edge == .bottom ? hit.x : hit.y
            return "\(edge.rawValue) \(Int((along / slot).rounded(.down)))"
        }
        return groups.values.map { members -> EdgeIndicator in
            let edge = members[0].0
            let count = Double(members.count)
            let x = members.map(\.1.x).reduce(0, +) / count, y = members.map(\.1.y).reduce(0, +) / count
            let angle = atan2(y - center.y, x - center.x)
            let threads = members.map(\.2).sorted { $0.number != $1.number ? $0.number < $1.number : $0.id < $1.id }
            return EdgeIndicator(edge: edge, x: x, y: y, radius: radius, angle: angle, count: members.count,
                                 unresolved: threads.filter { !$0.root.resolved }.count, pinIds: threads.map(\.id), ui: ui,
                                 theme: theme, fit: fitted)
        }.sorted { ($0.edge.rawValue, $0.x, $0.y) < ($1.edge.rawValue, $1.x, $1.y) }
    }

    /// `indicator`, slid along its edge to the nearest place within `visible` where it
    /// covers none of `marks` (steps of a quarter radius); where there is none, left as it is.
    func clear(_ indicator: EdgeIndicator, of marks: [CGRect], visible: CGRect) -> EdgeIndicator {
        let ink = indicator.inkRect
        guard marks.contains(where: { $0.intersects(ink) }) else { return indicator }
        let along = indicator.edge == .top || indicator.edge == .bottom
        // Only marks in the band the indicator slides along can be in its way.
        let band = along ? CGRect(x: visible.minX, y: ink.minY, width: visible.width, height: ink.height)
            : CGRect(x: ink.minX, y: visible.minY, width: ink.width, height: visible.height)
        let marks = marks.filter { $0.intersects(band) }
        let (low, high) = along ? (visible.minX - ink.minX, visible.maxX - ink.maxX) : (visible.minY - ink.minY, visible.maxY - ink.maxY)
        let step = indicator.radius / 4
        for k in 1...Int(max(visible.width, visible.height) / step) {
            for shift in [Double(k) * step, -Double(k) * step] where shift >= low && shift <= high {
                let moved = along ? ink.offsetBy(dx: shift, dy: 0) : ink.offsetBy(dx: 0, dy: shift)
                if !marks.contains(where: { $0.intersects(moved) }) {
                    return along ? indicator.moved(dx: shift, dy: 0) : indicator.moved(dx: 0, dy: shift)
                }
            }
        }
        return indicator
    }
}
