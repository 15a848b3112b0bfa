import Foundation

/// What samples/make_samples.py says it drew: page geometry and the magenta calibration
/// targets, placed by the generator's own math at displayed normalized points.
struct SampleTargets: Decodable {
    struct Page: Decodable {
        var page: Int
        var mediaBox: [Double]
        var cropBox: [Double]
        var rotate: Int
        var displayedWidth: Double
        var displayedHeight: Double
        var targets: [[Double]]
        var targetsUserSpace: [[Double]]
    }
    struct Floorplan: Decodable {
        var pages: [Page]
    }
    /// photo.jpg's targets, displayed (after its EXIF orientation), and their side in pixels.
    struct Photo: Decodable {
        var targets: [[Double]]
        var targetSidePx: Double
    }
    var floorplan: Floorplan
    var photo: Photo

    static func load() throws -> SampleTargets {
        try JSONDecoder().decode(SampleTargets.self,
                                 from: Data(contentsOf: URL(fileURLWithPath: Support.path("samples/targets.json"))))
    }
}
