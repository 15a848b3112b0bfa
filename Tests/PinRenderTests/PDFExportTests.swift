import Foundation
import Testing
import PinRenderGraphics

/// The PDF export, read back with poppler-utils: pages, sizes, text and pins.
@Suite struct PDFExportTests {
    let floorplan = Support.path("samples/floorplan.pdf")

    @Test func keepsPagesSizesAndTextAndDrawsPins() throws {
        let dir = try Support.scratch()
        let targets = try SampleTargets.load()
        let points = targets.floorplan.pages.map { (page: $0.page, u: $0.targets[0][0], v: $0.targets[0][1]) }
        let pins = try Support.pinsFile(points, in: dir, text: "Уточнить узел крепления")
        let out = dir.appendingPathComponent("out.pdf").path
        #expect(try Support.pinsrenderOK(["render", floorplan, "--pins", pins, "--tooltips", "all", "-o", out]))
        let info = try Support.tool("pdfinfo", ["-f", "1", "-l", "4", out]).collapsingSpaces
        #expect(info.contains("Pages: 5"), "4 pages and the summary")
        for page in targets.floorplan.pages {
            // The original pages are kept as they were: boxes and rotation.
            let box = page.cropBox
            let size = String(format: "Page %d size: %g x %g pts", page.page, box[2] - box[0], box[3] - box[1])
            #expect(info.contains(size), "missing \(size) in\n\(info)")
            #expect(info.contains("Page \(page.page) rot: \(page.rotate)"), "page \(page.page) lost its rotation")
        }
        let text = try Support.tool("pdftotext", [out, "-"])
        #expect(text.contains("Kitchen"), "the page's own text is no longer text")
        #expect(text.contains("Уточнить узел крепления"), "the tooltip text is not text")
        #expect(!text.contains("Floor plan - Level 1") || text.contains("Sheet 1/4"))
        // The page is not a bitmap: no images on it.
        let images = try Support.tool("pdfimages", ["-list", out])
        #expect(images.split(separator: "\n").count <= 2, "the export holds images:\n\(images)")
        // Rasterize the rotated pages (2: /Rotate 90; 4: /Rotate 270 with an offset CropBox) as a
        // viewer shows them and find each marker on the document's own target.
        for number in [2, 4] {
            let prefix = dir.appendingPathComponent("page\(number)").path
            _ = try Support.tool("pdftoppm", ["-cropbox", "-f", "\(number)", "-l", "\(number)", "-r", "72", "-png",
                                              "-singlefile", out, prefix])
            let image = try PixelBuffer(pngAt: prefix + ".png")
            let page = targets.floorplan.pages[number - 1]
            let expected = (x: page.targets[0][0] * Double(image.width), y: page.targets[0][1] * Double(image.height))
            let marker = try #require(image.centerOfColor(markerFill, tolerance: 2, near: expected, window: 30))
            #expect(abs(marker.x - expected.x) <= 1 && abs(marker.y - expected.y) <= 1,
                    "page \(number): marker at \(marker), expected \(expected)")
        }
    }

    @Test func imageExportEmbedsTheJPEGUnchanged() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("photo.pdf").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/photo.jpg"), "--pins", pins, "-o", out]))
        let info = try Support.tool("pdfinfo", [out]).collapsingSpaces
        #expect(info.contains("Page size: 1200 x 800 pts"), "\(info)")
        let images = try Support.tool("pdfimages", ["-list", out])
        #expect(images.contains("jpeg"), "the JPEG was re-encoded:\n\(images)")
    }

    @Test func selectedPagesOnly() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5), (3, 0.2, 0.2)], in: dir)
        let out = dir.appendingPathComponent("two.pdf").path
        #expect(try Support.pinsrenderOK(["render", floorplan, "--pins", pins, "--pages", "3,1", "-o", out]))
        let info = try Support.tool("pdfinfo", ["-f", "1", "-l", "3", out]).collapsingSpaces
        #expect(info.contains("Pages: 3"), "pages 1 and 3 in document order, then the summary")
        #expect(info.contains("Page 1 size: 1191 x 842 pts"), "\(info)")
        #expect(info.contains("Page 2 size: 722 x 515 pts"), "\(info)")
        #expect(info.contains("Page 3 size: 595 x 842 pts"), "\(info)")
    }
}

extension String {
    /// Runs of spaces as one, for matching tool output laid out in columns.
    var collapsingSpaces: String {
        split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
