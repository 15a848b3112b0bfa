import Foundation

/// A page transform made exact from the pixels: the old page's inked neighbourhoods on a
/// grid, each found on the new page near where a first transform puts it, and a robust fit
/// to the pairs found. What registers images and scans (after a coarse first guess) and
/// cross-checks a transform found from words.
public enum GridRegistration {
    /// The most neighbourhoods tried on a page.
    public static let cellLimit = 400
    /// A neighbourhood counts when it correlates at least this well.
    static let goodMatch = 0.8

    /// Refines `initial` (old points to new points) from matches within `reach` old pixels of
    /// where it puts each neighbourhood (`radius` pixels each way); nil when too few are found.
    public static func refine(_ rasters: RasterPair, initial: PageTransform, radius: Int, reach: Int) -> TransformFit? {
        let side = 2 * radius + 1
        let across = max(1, rasters.old.width / side), down = max(1, rasters.old.height / side)
        let step = max(1, Int((Double(across * down) / Double(cellLimit)).squareRoot().rounded(.up)))
        var pairs: [PointPair] = []
        for row in stride(from: 0, to: down, by: step) {
            for column in stride(from: 0, to: across, by: step) {
                let point = Point(x: Double(column * side + radius) + 0.5, y: Double(row * side + radius) + 0.5)
                let match = LocalMatch.find(in: rasters, at: point, transform: initial, radii: [radius], reach: reach)
                guard match.oldInk >= CarryRules.blankInk, match.peak >= goodMatch else { continue }
                let old = Point(x: point.x / rasters.oldScale, y: point.y / rasters.oldScale)
                let moved = Point(x: (point.x + match.shift.x) / rasters.oldScale, y: (point.y + match.shift.y) / rasters.oldScale)
                pairs.append(PointPair(old: old, new: initial.apply(moved), weight: match.peak))
            }
        }
        return TransformFit.robust(pairs, tolerance: 1.5 / rasters.oldScale)
    }
}
