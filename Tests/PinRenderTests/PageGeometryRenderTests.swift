import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// Pins land where the document's own calibration targets are, on every page geometry of
/// the sample floor plan: plain, /Rotate 90, offset CropBox, /Rotate 270 with a CropBox.
@Suite struct PageGeometryRenderTests {
    let targets = try! SampleTargets.load()
    let floorplan = Support.path("samples/floorplan.pdf")

    @Test func qpdfGeometryMatchesTheGenerator() throws {
        let document = try PDFDocument(path: floorplan)
        #expect(document.pageCount == targets.floorplan.pages.count)
        for page in targets.floorplan.pages {
            let geometry = document.geometries[page.page - 1]
            #expect(geometry.rotation.rawValue == page.rotate)
            #expect(geometry.cropBox.minX == page.cropBox[0] && geometry.cropBox.maxY == page.cropBox[3])
            #expect(geometry.displayedSize == CGSize(width: page.displayedWidth, height: page.displayedHeight))
            #expect(try document.page(at: page.page).popplerSize == geometry.displayedSize)
            // The generator's own page-space centers map to the normalized points.
            for (uv, user) in zip(page.targets, page.targetsUserSpace) {
                let content = geometry.contentPoint(fromPageSpace: CGPoint(x: user[0], y: user[1]))
                #expect(abs(content.x - uv[0] * page.displayedWidth) < 1e-6, "page \(page.page)")
                #expect(abs(content.y - uv[1] * page.displayedHeight) < 1e-6, "page \(page.page)")
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func markersSitOnTheTargets(page number: Int) throws {
        let page = targets.floorplan.pages[number - 1]
        let dir = try Support.scratch()
        let empty = try Support.pinsFile([], in: dir, name: "none.json")
        let plain = dir.appendingPathComponent("plain.png").path
        #expect(try Support.pinsrenderOK(["render", floorplan, "--pins", empty, "--page", "\(number)",
                                           "--dpi", "100", "-o", plain]))
        let pins = try Support.pinsFile(page.targets.map { (number, $0[0], $0[1]) }, in: dir)
        let marked = dir.appendingPathComponent("marked.png").path
        #expect(try Support.pinsrenderOK(["render", floorplan, "--pins", pins, "--page", "\(number)",
                                           "--dpi", "100", "--tooltips", "none", "-o", marked]))
        let before = try PixelBuffer(pngAt: plain), after = try PixelBuffer(pngAt: marked)
        // Each side rounded up, as pdftocairo rounds it.
        #expect(before.width == Int((page.displayedWidth * 100 / 72).rounded(.up)))
        #expect(before.height == Int((page.displayedHeight * 100 / 72).rounded(.up)))
        for uv in page.targets {
            let expected = (x: uv[0] * Double(before.width), y: uv[1] * Double(before.height))
            let target = try #require(before.centerOfColor(magenta, near: expected, window: 20),
                                      "no target near \(expected) on page \(number)")
            let marker = try #require(after.centerOfColor(markerFill, near: expected, window: 40),
                                      "no marker near \(expected) on page \(number)")
            #expect(abs(target.x - expected.x) <= 1 && abs(target.y - expected.y) <= 1,
                    "page \(number): the document's target is at \(target), expected \(expected)")
            #expect(abs(marker.x - target.x) <= 1 && abs(marker.y - target.y) <= 1,
                    "page \(number): marker at \(marker), target at \(target)")
        }
    }
}

extension Support {
    /// Runs pinrender and records its standard error when it fails.
    static func pinsrenderOK(_ arguments: [String]) throws -> Bool {
        let result = try pinrender(arguments)
        if result.status != 0 { Issue.record("pinrender \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result.status == 0
    }
}
