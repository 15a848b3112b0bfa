/// An old page's raster and its partner's, with coarser copies for wide searches, and the map
/// between them: what registration and the pins' local matching read.
public struct RasterPair: Sendable {
    public let old: GreyImage
    public let new: GreyImage
    /// Pixels per point of each raster.
    public let oldScale: Double
    public let newScale: Double
    /// How many pixels of a raster make one of its coarse copy.
    public let factor: Int
    let oldCoarse: GreyImage
    let newCoarse: GreyImage

    /// - Parameters:
    ///   - old, new: the two pages' rasters.
    ///   - oldScale, newScale: their pixels per point.
    ///   - factor: the coarse copies' reduction.
    public init(old: GreyImage, new: GreyImage, oldScale: Double, newScale: Double, factor: Int = 4) {
        self.old = old
        self.new = new
        self.oldScale = oldScale
        self.newScale = newScale
        self.factor = factor
        oldCoarse = old.downsampled(by: factor)
        newCoarse = new.downsampled(by: factor)
    }

    /// `transform` (old points to new points) as a map of old raster pixels to new ones.
    public func pixelMap(_ transform: PageTransform) -> PageTransform {
        PageTransform(a: 1 / oldScale, b: 0, c: 0, d: 1 / oldScale, e: 0, f: 0)
            .followed(by: transform)
            .followed(by: PageTransform(a: newScale, b: 0, c: 0, d: newScale, e: 0, f: 0))
    }
}
