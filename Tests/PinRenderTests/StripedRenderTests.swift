import Foundation
import Testing
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
        try canvas.draw(scene, theme: Theme())
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
}
