import Foundation

/// Where the neighbourhood of a point of the old page is on the new one, near where the page
/// transform puts it: the old pixels around the point correlated with the new page's pixels
/// seen through the transform, first in place, then over a wider reach on coarse copies and
/// refined at full resolution.
///
///     let match = LocalMatch.find(in: rasters, at: oldPixel, transform: fit.transform, radii: [32, 64], reach: 96)
///     match.shift  // old pixels beyond the transform; (0, 0) when the content did not move
public struct LocalMatch: Sendable, Equatable {
    /// How far the content moved beyond the page transform, in old raster pixels.
    public var shift: Point
    /// The correlation at `shift` (1: the same picture).
    public var peak: Double
    /// The correlation with no shift.
    public var peakInPlace: Double
    /// How much ink there is around the point on each page (``GreyImage/ink``): 0 for a
    /// blank neighbourhood.
    public var oldInk: Double
    public var newInk: Double
    /// The neighbourhood's half side that was matched, in old pixels.
    public var radius: Int
    /// The same for the inner part of the neighbourhood (half the first radius), at `shift`:
    /// what is right under the pin, which a wall nearby that did not change can outweigh.
    public var innerPeak: Double
    public var innerOldInk: Double
    public var innerNewInk: Double

    /// A correlation this good in place ends the search there.
    public static let goodInPlace = 0.9
    /// In-place fine search, pixels each way.
    static let fineReach = 2
    /// What a pixel of distance from no shift costs a candidate shift's correlation (coarse
    /// pixels on the coarse search): the nearest of equal fits wins.
    static let penalty = 0.002

    /// Matches the neighbourhood of `point` (old raster pixels), the first of `radii` (pixels
    /// each way) that holds ink on the old page, within `reach` pixels of where `transform`
    /// (old points to new points) puts it: a pin in the middle of a room is matched with the
    /// room's walls and fittings around it.
    public static func find(in rasters: RasterPair, at point: Point, transform: PageTransform, radii: [Int], reach: Int) -> LocalMatch {
        let map = rasters.pixelMap(transform)
        var radius = radii.last ?? 8, template = GreyImage(width: 1, height: 1)
        for candidate in radii {
            (radius, template) = (candidate, window(rasters.old, around: point, half: candidate, map: .identity))
            if template.ink >= CarryRules.blankInk { break }
        }
        let k = Double(rasters.factor)
        let coarseMap = PageTransform(a: k, b: 0, c: 0, d: k, e: 0, f: 0).followed(by: map)
            .followed(by: PageTransform(a: 1 / k, b: 0, c: 0, d: 1 / k, e: 0, f: 0))
        let coarseRadius = max(2, radius / rasters.factor), coarseReach = max(1, reach / rasters.factor)
        let newInPlace = window(rasters.new, around: point, half: radius, map: map)
        let ink = (old: template.ink, new: newInPlace.ink)
        // Correlation compares smoothed pixels; ink is counted on the pixels as drawn.
        template = template.smoothed()
        var result = LocalMatch(shift: Point(x: 0, y: 0), peak: 0,
                                peakInPlace: PatchCorrelation.correlation(template, in: newInPlace.smoothed(), dx: 0, dy: 0),
                                oldInk: ink.old, newInk: ink.new, radius: radius, innerPeak: 0, innerOldInk: 0, innerNewInk: 0)
        /// The result with its inner part matched at its shift.
        func finished() -> LocalMatch {
            var finished = result
            let inner = max(4, (radii.first ?? radius) / 2), shifted = Point(x: point.x + result.shift.x, y: point.y + result.shift.y)
            let old = window(rasters.old, around: point, half: inner, map: .identity)
            let new = rasters.new.resampled(origin: Point(x: shifted.x - Double(inner) - 0.5, y: shifted.y - Double(inner) - 0.5),
                                            width: 2 * inner + 1, height: 2 * inner + 1, map: map)
            (finished.innerPeak, finished.innerOldInk, finished.innerNewInk)
                = (PatchCorrelation.correlation(old.smoothed(), in: new.smoothed(), dx: 0, dy: 0), old.ink, new.ink)
            return finished
        }
        let inPlace = search(template, in: rasters.new, around: point, offset: (0, 0), half: radius, reach: fineReach, map: map)
        (result.shift, result.peak) = (inPlace.shift, inPlace.peak)
        guard inPlace.peak < goodInPlace, reach > fineReach, result.oldInk >= CarryRules.blankInk else { return finished() }
        let coarsePoint = Point(x: point.x / k, y: point.y / k)
        let coarseTemplate = window(rasters.oldCoarse, around: coarsePoint, half: coarseRadius, map: .identity)
        let wide = window(rasters.newCoarse, around: coarsePoint, half: coarseRadius + coarseReach, map: coarseMap)
        let coarse = PatchCorrelation.best(coarseTemplate, in: wide, xs: 0...(2 * coarseReach), ys: 0...(2 * coarseReach),
                                           preferred: (coarseReach, coarseReach), penalty: penalty)
        let offset = (Int(((coarse.x - Double(coarseReach)) * k).rounded()), Int(((coarse.y - Double(coarseReach)) * k).rounded()))
        let refined = search(template, in: rasters.new, around: point, offset: offset, half: radius, reach: rasters.factor + 1, map: map)
        if refined.peak > inPlace.peak + 0.02 { (result.shift, result.peak) = (refined.shift, refined.peak) }
        return finished()
    }

    /// The best shift of `template` (centred on `point`) within `reach` pixels of `offset`.
    private static func search(_ template: GreyImage, in image: GreyImage, around point: Point, offset: (Int, Int), half: Int,
                               reach: Int, map: PageTransform) -> (shift: Point, peak: Double) {
        let centre = Point(x: point.x + Double(offset.0), y: point.y + Double(offset.1))
        let area = window(image, around: centre, half: half + reach, map: map).smoothed()
        let best = PatchCorrelation.best(template, in: area, xs: 0...(2 * reach), ys: 0...(2 * reach),
                                         preferred: (reach - offset.0, reach - offset.1), penalty: penalty)
        return (Point(x: Double(offset.0) + best.x - Double(reach), y: Double(offset.1) + best.y - Double(reach)), best.peak)
    }

    /// The `2 * half + 1` pixels square centred on `point` (pixels of the grid `map` reads
    /// `image` from).
    static func window(_ image: GreyImage, around point: Point, half: Int, map: PageTransform) -> GreyImage {
        let side = 2 * half + 1
        return image.resampled(origin: Point(x: point.x - Double(half) - 0.5, y: point.y - Double(half) - 0.5),
                               width: side, height: side, map: map)
    }
}
