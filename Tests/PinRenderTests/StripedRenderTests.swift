import Foundation
import Testing
import PinRender
import PinRenderCore
import PinRenderGraphics

/// A page PNG is drawn a stripe of rows at a time on both cores; the file must be the one
/// drawing the whole page on one canvas gives, byte for byte, with markers, tooltips and
/// the thread panel lying across the stripes' edges.
@Suite struct StripedRenderTests {
    private struct LayoutDocument: Decodable { var pages: [Scene] }

    /// floorplan.pdf page 1 (A3 landscape) at 150 dpi is 2482 x 1755: 4 stripes, whose edges
    /// are at rows 438, 877 and 1316. Pins sit across them and at the very first and last rows.
    static let edgeRows = [438.0, 877, 1316]

    @Test(arguments: [false, true])
    func stripedEqualsWhole(panel: Bool) throws {
        let dir = try Support.scratch()
        // Markers on the edges, and (70 rows below) markers whose tooltips, set above them, cross the edges.
        var points: [(page: Int, u: Double, v: Double)] = []
        for row in Self.edgeRows {
            points += [(1, 0.1, row / 1754), (1, 0.35, row / 1754)]
            points += [(1, 0.6, (row + 70) / 1754), (1, 0.85, (row + 70) / 1754)]
        }
        points += [(1, 0.5, 0.0), (1, 0.5, 1.0), (1, 0.02, 0.5), (1, 0.98, 0.5)]
        let pins = try Support.pinsFile(points, in: dir,
                                        text: "Стык полосы: проверить, что маркер и подсказка не разрезаны")
        let striped = dir.appendingPathComponent("striped.png").path
        let layout = dir.appendingPathComponent("layout.json").path
        let pdf = Support.path("samples/floorplan.pdf")
        let run = try Support.pinrender(["render", pdf, "--pins", pins, "--page", "1", "--dpi", "150", "--cluster", "off",
                                         "--tooltips", "all", "--layout-json", layout, "-o", striped]
                                        + (panel ? ["--threads", "panel"] : []))
        #expect(run.status == 0, "\(run.stderr)")
        let scene = try #require(try JSONDecoder().decode(LayoutDocument.self,
                                                          from: Data(contentsOf: URL(fileURLWithPath: layout))).pages.first)
        #expect(scene.height == 1755 && scene.markers.count == points.count)
        #expect(scene.tooltips.contains { t in Self.edgeRows.contains { t.y < $0 && $0 < t.y + t.height } })

        // The same drawing on one whole canvas (the panel is checked by the file's width only).
        let stripedImage = try PixelBuffer(pngAt: striped)
        let document = try PDFDocument(path: pdf)
        let canvas = try ImageCanvas(width: stripedImage.width, height: stripedImage.height)
        let page = try document.page(at: 1)
        let area = CGRect(x: 0, y: 0, width: scene.width, height: scene.height)
        let drawn = CGRect(x: 0, y: 0, width: page.popplerSize.width * 150 / 72, height: page.popplerSize.height * 150 / 72)
        try canvas.drawPage(page, at: drawn, clip: area)
        try canvas.draw(scene)
        if panel {
            #expect(stripedImage.width > Int(scene.width))
            let whole = canvas.pixels()
            var differing = 0
            for y in 0..<whole.height {
                for x in 0..<Int(scene.width) where whole.pixel(x: x, y: y) != stripedImage.pixel(x: x, y: y) { differing += 1 }
            }
            #expect(differing == 0)
        } else {
            let whole = dir.appendingPathComponent("whole.png").path
            try canvas.writePNG(to: whole, name: whole)
            #expect(try Data(contentsOf: URL(fileURLWithPath: whole)) == Data(contentsOf: URL(fileURLWithPath: striped)))
        }
        // A marker cut by a stripe's edge is whole: its fill on both sides of the edge.
        let image = stripedImage
        for row in Self.edgeRows {
            let center = try #require(image.centerOfColor(markerFill, near: (x: 0.35 * scene.width, y: row), window: 60))
            #expect(abs(center.y - row) <= 1 && abs(center.x - 0.35 * scene.width) <= 1)
        }
    }

    /// Two cores or one, the bytes are the same: the stripes, not the workers, fix them.
    @Test func sameBytesOnOneCore() throws {
        let dir = try Support.scratch()
        let pins = Support.path("samples/pins/floorplan-crowd.json")
        let pdf = Support.path("samples/floorplan.pdf")
        let two = dir.appendingPathComponent("two.png").path, one = dir.appendingPathComponent("one.png").path
        #expect(try Support.pinrender(["render", pdf, "--pins", pins, "--page", "1", "--dpi", "120", "-o", two]).status == 0)
        let run = try Support.run("/usr/bin/taskset", ["-c", "0", Support.binary, "render", pdf, "--pins", pins,
                                                       "--page", "1", "--dpi", "120", "-o", one])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: one)) == Data(contentsOf: URL(fileURLWithPath: two)))
    }

    /// A page drawn in halves (StripedPNG.Plan.halves: two drawings, not one a stripe), whole
    /// (one drawing) or in stripes is the whole page drawn on one canvas, byte for byte, for pages that blend,
    /// soft masks, images drawn larger and smaller than they are, and rotated and cropped pages;
    /// in halves, the page is drawn twice, whole once.
    @Test(arguments: [("transparency-group.pdf", 1, 300), ("difference-ellipse.pdf", 1, 300), ("knockout-softmask.pdf", 1, 300),
                      ("images.pdf", 1, 300), ("floorplan.pdf", 2, 150), ("floorplan.pdf", 3, 200)])
    func halvesAndStripesEqualWhole(name: String, page number: Int, dpi: Int) throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf: String
        switch name {
        case "floorplan.pdf": pdf = Support.path("samples/floorplan.pdf")
        case "images.pdf": pdf = try Self.imagesPDF(in: dir)
        default: pdf = RealWorldRenderTests.fixture(name)
        }
        let size = try PDFDocument(path: pdf).page(at: number).popplerSize
        let drawn = CGRect(x: 0, y: 0, width: size.width * Double(dpi) / 72, height: size.height * Double(dpi) / 72)
        let area = CGRect(x: 0, y: 0, width: drawn.width.rounded(.up), height: drawn.height.rounded(.up))
        #expect(area.height >= 1200, "\(name) page \(number) is drawn in one piece")
        let canvas = try ImageCanvas(width: Int(area.width), height: Int(area.height))
        try canvas.drawPage(try PDFDocument(path: pdf).page(at: number), at: drawn, clip: area)
        let whole = dir.appendingPathComponent("whole.png").path
        try canvas.writePNG(to: whole, name: whole)
        for plan in [StripedPNG.Plan.stripes, .halves, .whole] {
            let out = dir.appendingPathComponent("\(plan).png").path
            let drawings = Exclusive(0)
            try StripedPNG.write(width: Int(area.width), height: Int(area.height), workers: 2, plan: plan, to: out, name: out,
                                 worker: { _ in Exclusive(try PDFDocument(path: pdf)) }) { canvas, document in
                drawings.use { $0 += 1 }
                try document.use { try canvas.drawPage($0.page(at: number), at: drawn, clip: area) }
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: whole)) == Data(contentsOf: URL(fileURLWithPath: out)),
                    "\(name) page \(number) in \(plan)")
            let stripes = (Int(area.height) + 599) / 600
            #expect(drawings.use { $0 } == [.halves: 2, .whole: 1][plan, default: stripes + stripes % 2], "\(plan)")
        }
    }

    /// Halves for pages whose file has many bytes for their pixels (a dense A1 sheet, 6.6 MB,
    /// at 150 dpi), stripes for light ones (a page of a 20-page 2.8 MB plan) and images,
    /// whole for small pages (a letter page at 72 dpi) however dense.
    @Test func aCostlyPageIsDrawnInHalves() throws {
        let a1 = 4967 * 3509
        #expect(StripedPNG.Plan.forPage(bytesPerPage: 6_601_450, pixels: a1) == .halves)
        #expect(StripedPNG.Plan.forPage(bytesPerPage: 2_796_341 / 20, pixels: a1) == .stripes)
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 12,000 short strokes on a 200 x 200 pt page: 240 KB, drawn at 600 dpi (1667 x 1667).
        let strokes = (0..<12000).map { "\($0 % 200) \($0 / 60) m \($0 % 200 + 3) \($0 / 60 + 3) l S" }.joined(separator: "\n")
        let url = dir.appendingPathComponent("dense.pdf")
        try Support.writePDF(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                              "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
                              "<< /Length \(strokes.utf8.count) >>\nstream\n\(strokes)\nendstream"], to: url)
        let document = try SourceDocument.open(path: url.path, password: nil, pixelLimit: .max)
        #expect(document.stripePlan(pixels: 1667 * 1667) == .halves)
        #expect(document.stripePlan(pixels: 4967 * 3509) == .stripes)
        #expect(document.stripePlan(pixels: 612 * 792) == .whole)
        #expect(SourceDocument.canvas(CGSize(width: 100, height: 100)).stripePlan(pixels: 1) == .stripes)
    }

    /// A 300 x 300 pt page with an 8 x 8 image drawn 240 pt wide (enlarged) and a
    /// 600 x 600 one drawn 60 pt wide (reduced: Poppler scales it down itself).
    static func imagesPDF(in dir: URL) throws -> String {
        let small = (0..<64).map { i in String(format: "%02x%02x%02x", i * 4, 255 - i * 3, (i * 37) % 256) }.joined()
        let large = String(repeating: (0..<600).map { i in i % 50 < 25 ? "c81e1e" : "1e1ec8" }.joined(), count: 1)
        let rows = (0..<600).map { y in y % 40 < 20 ? large : String(large.reversed()) }.joined()
        let url = dir.appendingPathComponent("images.pdf")
        try Support.writePDF([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R /Resources << /XObject << /A 5 0 R /B 6 0 R >> >> >>",
            "<< /Length 60 >>\nstream\nq 240 0 0 240 30 30 cm /A Do Q q 60 0 0 60 200 200 cm /B Do Q\nendstream",
            "<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length \(small.count + 1) >>\nstream\n\(small)>\nendstream",
            "<< /Type /XObject /Subtype /Image /Width 600 /Height 600 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /ASCIIHexDecode /Length \(rows.count + 1) >>\nstream\n\(rows)>\nendstream",
        ], to: url)
        return url.path
    }
}
