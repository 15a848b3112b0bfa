import Foundation
import Testing
import PinRenderGraphics

/// Tooltips never leave the output: pins at every corner and edge with long texts, at
/// small and large sizes; checked in the layout JSON and in the pixels.
@Suite struct TooltipRenderTests {
    struct Layout: Decodable {
        struct Page: Decodable {
            var width: Double
            var height: Double
            var markers: [Marker]
            var tooltips: [Tip]
            var droppedTooltips: [String]
        }
        struct Marker: Decodable { var id: String; var x: Double; var y: Double; var radius: Double }
        struct Tip: Decodable { var pinId: String; var x: Double; var y: Double; var width: Double; var height: Double }
        var pages: [Page]
    }

    static let edgePoints: [(Double, Double)] = [
        (0, 0), (1, 0), (0, 1), (1, 1), (0.5, 0), (0.5, 1), (0, 0.5), (1, 0.5),
        (0.03, 0.03), (0.97, 0.03), (0.03, 0.97), (0.97, 0.97), (0.5, 0.5),
    ]

    @Test(arguments: ["200x150", "320x568", "390x844", "2400x1600"])
    func insideTheCanvas(size: String) throws {
        let dir = try Support.scratch()
        let long = String(repeating: "Длинный комментарий с переносами, emoji 🚧 и mixed text. ", count: 12)
        let pins = try Support.pinsFile(Self.edgePoints.map { (1, $0.0, $0.1) }, in: dir, text: long)
        let out = dir.appendingPathComponent("edges.png").path, json = dir.appendingPathComponent("layout.json").path
        #expect(try Support.pinsrenderOK(["render", "--canvas", size, "--pins", pins, "--tooltips", "all", "--cluster", "off",
                                           "-o", out, "--layout-json", json]))
        let layout = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        let page = try #require(layout.pages.first)
        #expect(page.tooltips.count + page.droppedTooltips.count == Self.edgePoints.count)
        if size != "200x150" { #expect(page.tooltips.count == Self.edgePoints.count, "dropped: \(page.droppedTooltips)") }
        for tip in page.tooltips {
            #expect(tip.x >= 0 && tip.y >= 0 && tip.x + tip.width <= page.width && tip.y + tip.height <= page.height,
                    "\(size): tooltip of \(tip.pinId) at \(tip.x),\(tip.y) \(tip.width)x\(tip.height)")
        }
        // Drawn as laid out: the tooltip's border is visible on all four sides, not cut off.
        let image = try PixelBuffer(pngAt: out)
        #expect(Double(image.width) == page.width && Double(image.height) == page.height)
        // Tooltips are drawn over markers in order, so the last one is whole: its border
        // shows on every side (at a quarter or three quarters along, clear of the arrow).
        let tip = try #require(page.tooltips.last)
        let border: (UInt8, UInt8, UInt8) = (0xD0, 0xD5, 0xDD)
        func visible(_ points: [(Double, Double)]) -> Bool {
            points.contains { image.centerOfColor(border, tolerance: 40, near: $0, window: 1) != nil }
        }
        let (x0, y0, x1, y1) = (tip.x + 0.5, tip.y + 0.5, tip.x + tip.width - 0.5, tip.y + tip.height - 0.5)
        let (qx, qy) = (tip.width / 4, tip.height / 4)
        #expect(visible([(x0, tip.y + qy), (x0, y1 - qy)]), "\(size): left edge of \(tip.pinId) not drawn")
        #expect(visible([(x1, tip.y + qy), (x1, y1 - qy)]), "\(size): right edge of \(tip.pinId) not drawn")
        #expect(visible([(tip.x + qx, y0), (x1 - qx, y0)]), "\(size): top edge of \(tip.pinId) not drawn")
        #expect(visible([(tip.x + qx, y1), (x1 - qx, y1)]), "\(size): bottom edge of \(tip.pinId) not drawn")
    }

    static func overlap(_ a: Layout.Tip, _ b: Layout.Tip) -> Bool {
        !(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y)
    }

    @Test func autoModeAvoidsOverlaps() throws {
        let dir = try Support.scratch()
        let json = dir.appendingPathComponent("layout.json").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"),
                                           "--pins", Support.path("samples/pins/floorplan-edges.json"), "--page", "1",
                                           "--dpi", "72", "-o", dir.appendingPathComponent("a.png").path, "--layout-json", json]))
        let page = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: json))).pages[0]
        #expect(!page.tooltips.isEmpty)
        for (i, a) in page.tooltips.enumerated() {
            for b in page.tooltips[(i + 1)...] {
                #expect(!Self.overlap(a, b), "tooltips of \(a.pinId) and \(b.pinId) overlap")
            }
            for m in page.markers where m.id != a.pinId {
                let apart = a.x + a.width <= m.x - m.radius || m.x + m.radius <= a.x
                    || a.y + a.height <= m.y - m.radius || m.y + m.radius <= a.y
                #expect(apart, "tooltip of \(a.pinId) covers marker \(m.id)")
            }
        }
    }
}
