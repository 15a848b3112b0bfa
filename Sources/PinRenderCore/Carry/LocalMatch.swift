import Foundation

/// Where the neighbourhood of a point of the old page is on the new one, near where the page
/// transform puts it: the old pixels around the point correlated with the new page's pixels
/// seen through the transform, first in place, then over a wider reach on coarse copies and
/// refined at full resolution.
///
///     let match = LocalMatch.find(in: rasters, at: oldPixel, transform: fit.transform, radius: 32, reach: 96)
///     match.shift  // old pixels beyond the transform; (0, 0) when the content did not move
public struct LocalMatch: Sendable, Equatable {
    /// How far the content moved beyond the page transform, in old raster pixels.
    public var shift: Point
    /// The correlation at `shift` (1: the same picture).
    public var peak: Double
    /// The correlation with no shift.
    public var peakInPlace: Double
    /// How much there is to see around the point on each page (grey levels' deviation on
    /// the coarse copies): near 0 for a blank neighbourhood.
    public var oldContrast: Double
    public var newContrast: Double

    /// A correlation this good in place ends the search there.
    static let goodInPlace = 0.9
    /// In-place fine search, pixels each way.
    static let fineReach = 2

    /// Matches the neighbourhood of `point` (old raster pixels), `radius` pixels each way,
    /// within `reach` pixels of where `transform` (old points to new points) puts it.
    public static func find(in rasters: RasterPair, at point: Point, transform: PageTransform, radius: Int, reach: Int) -> LocalMatch {
        let map = rasters.pixelMap(transform)
        let k = Double(rasters.factor)
        let coarseMap = PageTransform(a: k, b: 0, c: 0, d: k, e: 0, f: 0).followed(by: map)
            .followed(by: PageTransform(a: 1 / k, b: 0, c: 0, d: 1 / k, e: 0, f: 0))
        let coarseRadius = max(2, radius / rasters.factor), coarseReach = max(1, reach / rasters.factor)
        let coarsePoint = Point(x: point.x / k, y: point.y / k)
        let coarseTemplate = window(rasters.oldCoarse, around: coarsePoint, half: coarseRadius, map: .identity)
        let newHere = window(rasters.newCoarse, around: coarsePoint, half: coarseRadius, map: coarseMap)
        var result = LocalMatch(shift: Point(x: 0, y: 0), peak: 0, peakInPlace: 0,
                                oldContrast: coarseTemplate.contrast, newContrast: newHere.contrast)
        let template = window(rasters.old, around: point, half: radius, map: .identity)
        let inPlace = search(template, in: rasters.new, around: point, offset: (0, 0), half: radius, reach: fineReach, map: map)
        result.peakInPlace = PatchCorrelation.correlation(template, in: window(rasters.new, around: point, half: radius, map: map), dx: 0, dy: 0)
        (result.shift, result.peak) = (inPlace.shift, inPlace.peak)
        guard inPlace.peak < goodInPlace, reach > fineReach else { return result }
        let wide = window(rasters.newCoarse, around: coarsePoint, half: coarseRadius + coarseReach, map: coarseMap)
        let coarse = PatchCorrelation.best(coarseTemplate, in: wide, xs: 0...(2 * coarseReach), ys: 0...(2 * coarseReach),
                                           preferred: (coarseReach, coarseReach))
        let offset = (Int(((coarse.x - Double(coarseReach)) * k).rounded()), Int(((coarse.y - Double(coarseReach)) * k).rounded()))
        let refined = search(template, in: rasters.new, around: point, offset: offset, half: radius, reach: rasters.factor + 1, map: map)
        if refined.peak > inPlace.peak + 0.02 { (result.shift, result.peak) = (refined.shift, refined.peak) }
        return result
    }

    /// The best shift of `template` (centred on `point`) within `reach` pixels of `offset`.
    private static func search(_ template: GreyImage, in image: GreyImage, around point: Point, offset: (Int, Int), half: Int,
                               reach: Int, map: PageTransform) -> (shift: Point, peak: Double) {
        let centre = Point(x: point.x + Double(offset.0), y: point.y + Double(offset.1))
        let area = window(image, around: centre, half: half + reach, map: map)
        let best = PatchCorrelation.best(template, in: area, xs: 0...(2 * reach), ys: 0...(2 * reach), preferred: (reach, reach))
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
