import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// `--tooltips margin` in the PDF review export: each page grows by a column of comments to
/// the right of how it is shown (whatever its /Rotate and CropBox), the page itself unchanged
/// and its pins where they were, read back by Poppler.
@Suite struct MarginExportTests {
    @Test func eachPageGrowsByAColumnOfItsComments() throws {
        let dir = try Support.scratch()
        let input = Support.path("samples/floorplan.pdf"), pins = Support.path("samples/pins/floorplan-few.json")
        let margin = dir.appendingPathComponent("margin.pdf").path, plain = dir.appendingPathComponent("plain.pdf").path
        let layout = dir.appendingPathComponent("margin.json").path
        // Pages 1, 2 and 4: no rotation, /Rotate 90, /Rotate 270 with a CropBox inside the MediaBox.
        let run = try Support.pinrender(["render", input, "--pins", pins, "--pages", "1,2,4", "--tooltips", "margin",
                                         "-o", margin, "--layout-json", layout])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Support.pinrender(["render", input, "--pins", pins, "--pages", "1,2,4", "--tooltips", "none",
                                       "-o", plain]).status == 0)
        _ = try Support.tool("qpdf", ["--check", margin])
        struct Layout: Decodable { var pages: [Scene] }
        let scenes = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: layout))).pages
        #expect(scenes.count == 3)
        let theme = Theme()
        for (index, scene) in scenes.enumerated() {
            let column = try #require(scene.margin?.rect, "page \(scene.page) has its column")
            #expect(!scene.tooltips.isEmpty, "page \(scene.page) has comments")
            let wide = try render(margin, page: index + 1, in: dir), narrow = try render(plain, page: index + 1, in: dir)
            // 72 dpi: a point a pixel.
            #expect(abs(Double(wide.width) - (scene.width + column.width)) <= 1 && wide.height == narrow.height,
                    "page \(scene.page): \(wide.width)x\(wide.height), page \(narrow.width)x\(narrow.height) + column \(column.width)")
            #expect(abs(Double(narrow.width) - scene.width) <= 1)
            // The page is as it was, but for its markers and the leader lines running right.
            var masks = scene.markers.map { $0.bounds(scene.strokes).cgRect.insetBy(dx: -3, dy: -3) }
            for tooltip in scene.tooltips {
                for y in (tooltip.leader ?? []).map(\.y) { masks.append(CGRect(x: 0, y: y - 3, width: scene.width + 1, height: 6)) }
            }
            var changed = 0
            for y in 0..<narrow.height {
                for x in 0..<narrow.width where !masks.contains(where: { $0.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) }) {
                    if wide.pixel(x: x, y: y) != narrow.pixel(x: x, y: y) { changed += 1 }
                }
            }
            #expect(changed == 0, "page \(scene.page): \(changed) pixels of the page changed")
            // Each marker where its pin is; each comment in the column, its text on the column's fill.
            for marker in scene.markers {
                let found = wide.centerOfColor(marker.fill.bytes, tolerance: 3, near: (marker.disc.x, marker.disc.y), window: Int(marker.radius) + 2)
                #expect(found.map { abs($0.x - marker.disc.x) <= 1.5 && abs($0.y - marker.disc.y) <= 1.5 } == true,
                        "page \(scene.page): marker \(marker.id) at \(String(describing: found))")
            }
            let fill = theme.panelFill.bytes
            let ground = wide.pixel(x: Int(column.x + column.width) - 3, y: 3)
            #expect((ground.r, ground.g, ground.b) == fill, "page \(scene.page): the column's ground \(ground)")
            for tooltip in scene.tooltips {
                #expect(tooltip.x >= column.x && tooltip.x + tooltip.width <= column.x + column.width)
                var ink = 0
                for y in Int(tooltip.y)..<Int(tooltip.y + tooltip.height) {
                    for x in Int(tooltip.x)..<Int(tooltip.x + tooltip.width) where wide.pixel(x: x, y: y).r < 128 { ink += 1 }
                }
                #expect(ink > 20, "page \(scene.page): the comment of \(tooltip.pinId) shows no text")
            }
        }
    }

    /// Page `page` of `pdf` drawn by Poppler at 72 dpi.
    private func render(_ pdf: String, page: Int, in dir: URL) throws -> PixelBuffer {
        let stem = dir.appendingPathComponent("\(URL(fileURLWithPath: pdf).deletingPathExtension().lastPathComponent)-\(page)").path
        _ = try Support.tool("pdftoppm", ["-f", "\(page)", "-l", "\(page)", "-r", "72", "-cropbox", "-png", "-singlefile", pdf, stem])
        return try PixelBuffer(pngAt: stem + ".png")
    }
}
