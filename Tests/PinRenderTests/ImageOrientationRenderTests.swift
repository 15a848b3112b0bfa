import Foundation
import Testing
import PinRenderGraphics

/// JPEGs in all 8 EXIF orientations: the image is drawn as displayed, and pins given in
/// displayed coordinates land on the displayed features.
@Suite struct ImageOrientationRenderTests {
    /// Each fixture, displayed 96 x 64, has a magenta block centered at (20, 16) and a blue
    /// one at (70, 44) once its orientation is applied.
    static let magentaCenter = (x: 20.0, y: 16.0)
    static let blueCenter = (x: 70.0, y: 44.0)

    @Test(arguments: 1...8)
    func displayedImageAndPinsAgree(orientation: Int) throws {
        let dir = try Support.scratch()
        let input = Support.path("Tests/Fixtures/orientation-\(orientation).jpg")
        let scale = 4.0
        let empty = try Support.pinsFile([], in: dir, name: "none.json")
        let plain = dir.appendingPathComponent("plain.png").path
        #expect(try Support.pinsrenderOK(["render", input, "--pins", empty, "--scale", "4", "-o", plain]))
        let image = try PixelBuffer(pngAt: plain)
        #expect(image.width == 96 * 4 && image.height == 64 * 4, "orientation \(orientation): \(image.width)x\(image.height)")
        // The features are where the displayed image has them (JPEG colors are approximate).
        for (color, center) in [(magenta, Self.magentaCenter), ((UInt8(0), UInt8(0), UInt8(255)), Self.blueCenter)] {
            let expected = (x: center.x * scale, y: center.y * scale)
            let found = try #require(image.centerOfColor(color, tolerance: 60, near: expected, window: 40),
                                     "orientation \(orientation): no feature near \(expected)")
            #expect(abs(found.x - expected.x) <= 4 && abs(found.y - expected.y) <= 4,
                    "orientation \(orientation): feature at \(found), expected \(expected)")
        }
        // Pins at the features' normalized points are drawn there.
        let pins = try Support.pinsFile([(1, Self.magentaCenter.x / 96, Self.magentaCenter.y / 64),
                                         (1, Self.blueCenter.x / 96, Self.blueCenter.y / 64)], in: dir)
        let marked = dir.appendingPathComponent("marked.png").path
        #expect(try Support.pinsrenderOK(["render", input, "--pins", pins, "--scale", "4", "--tooltips", "none", "-o", marked]))
        let after = try PixelBuffer(pngAt: marked)
        for center in [Self.magentaCenter, Self.blueCenter] {
            let expected = (x: center.x * scale, y: center.y * scale)
            let marker = try #require(after.centerOfColor(markerFill, near: expected, window: 30))
            #expect(abs(marker.x - expected.x) <= 1 && abs(marker.y - expected.y) <= 1,
                    "orientation \(orientation): marker at \(marker), expected \(expected)")
        }
    }

    @Test func samplePhotoIsDisplayedUpright() throws {
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("photo.png").path
        let empty = try Support.pinsFile([], in: dir, name: "none.json")
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/photo.jpg"), "--pins", empty, "-o", out]))
        let image = try PixelBuffer(pngAt: out)
        #expect(image.width == 1200 && image.height == 800)
        for (u, v) in [(0.5, 0.5), (0.1, 0.1), (0.9, 0.15), (0.3, 0.85)] {
            let expected = (x: u * 1200, y: v * 800)
            let found = try #require(image.centerOfColor(magenta, tolerance: 60, near: expected, window: 30))
            #expect(abs(found.x - expected.x) <= 2 && abs(found.y - expected.y) <= 2)
        }
    }
}
