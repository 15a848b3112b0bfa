import Foundation

extension PageLayout {
    /// `marker`, leaning inward when its disc or badges would pass the edge of `area`: the
    /// disc and badges move inward (at least 1.6 radii from the point, as a map pin's head
    /// stands from its tip) so that all of them are inside, and a pointer reaches back to
    /// the pin's point. A marker that fits is returned as it is.
    func leaning(_ marker: Marker, inside area: CGRect, strokes: Strokes) -> Marker {
        let ink = marker.inkRect(strokes)
        let (dx, dy) = Self.inward(ink, area)
        let needed = hypot(dx, dy)
        guard needed > 0 else { return marker }
        let stand = max(needed, 1.6 * marker.radius)
        // Further along the same direction, then held inside (an output smaller than the marker keeps its top left).
        var (sx, sy) = (dx / needed * stand, dy / needed * stand)
        sx = max(area.minX - ink.minX, min(sx, area.maxX - ink.maxX))
        sy = max(area.minY - ink.minY, min(sy, area.maxY - ink.maxY))
        guard hypot(sx, sy) > marker.radius else { return marker }
        var leaning = marker
        for path in [\Marker.replyBadge, \Marker.checkBadge, \Marker.voiceBadge] {
            leaning[keyPath: path]?.x += sx
            leaning[keyPath: path]?.y += sy
        }
        leaning.lean = Lean(tip: CGPoint(x: marker.x, y: marker.y), center: CGPoint(x: marker.x + sx, y: marker.y + sy),
                            radius: marker.radius, ring: strokes.ring)
        return leaning
    }

    /// `cluster` moved inward just enough for its bubble and badge to be inside `area`: a
    /// bubble stands for several points, none of them its center.
    func keptInside(_ cluster: Cluster, area: CGRect, strokes: Strokes) -> Cluster {
        let (dx, dy) = Self.inward(cluster.inkRect(strokes), area)
        var moved = cluster
        (moved.x, moved.y) = (cluster.x + dx, cluster.y + dy)
        moved.unresolvedBadge?.x += dx
        moved.unresolvedBadge?.y += dy
        return moved
    }

    /// How far `ink` must move along each axis to come inside `area`; zero where it is inside.
    private static func inward(_ ink: CGRect, _ area: CGRect) -> (Double, Double) {
        (max(0, area.minX - ink.minX) - max(0, ink.maxX - area.maxX), max(0, area.minY - ink.minY) - max(0, ink.maxY - area.maxY))
    }
}
