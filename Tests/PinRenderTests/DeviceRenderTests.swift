import Foundation
import Testing
import PinRenderGraphics

/// `--device`, `--zoom`, `--offset`, `--focus` and `pinrender preview`, checked in pixels.
@Suite struct DeviceRenderTests {
    static let devices = ["iphone-se", "iphone-15", "iphone-15-pro-max", "ipad-mini", "ipad-pro-11",
                          "ipad-pro-12.9", "pixel-8", "galaxy-s23"]
    /// Points and scale of each preset in portrait, from the makers' specifications.
    static let specs: [String: (Double, Double, Double)] = [
        "iphone-se": (375, 667, 2), "iphone-15": (393, 852, 3), "iphone-15-pro-max": (430, 932, 3),
        "ipad-mini": (744, 1133, 2), "ipad-pro-11": (834, 1194, 2), "ipad-pro-12.9": (1024, 1366, 2),
        "pixel-8": (412, 915, 2.625), "galaxy-s23": (360, 780, 3),
    ]

    struct Layout: Decodable {
        struct Page: Decodable {
            struct Marker: Decodable { var id: String; var x: Double; var y: Double }
            struct Indicator: Decodable { var edge: String; var pinIds: [String] }
            struct Tip: Decodable { var x: Double; var y: Double; var width: Double; var height: Double }
            var width: Double; var height: Double
            var markers: [Marker]; var indicators: [Indicator]; var tooltips: [Tip]
        }
        var pages: [Page]
    }

    /// UIScrollView's formula, written out here on its own: where a normalized point lands,
    /// in device pixels.
    static func expectedPixel(u: Double, v: Double, content: (Double, Double), screen: (Double, Double, Double),
                              zoom: Double, offset: (Double, Double)) -> (Double, Double) {
        let (w, h, scale) = screen
        let s = min(w / content.0, h / content.1) * zoom
        let zw = content.0 * s, zh = content.1 * s
        let ox = min(max(offset.0, 0), max(0, zw - w)), oy = min(max(offset.1, 0), max(0, zh - h))
        let ix = max(0, (w - zw) / 2), iy = max(0, (h - zh) / 2)
        return ((u * content.0 * s + ix - ox) * scale, (v * content.1 * s + iy - oy) * scale)
    }

    static let cases: [(String, String, Double)] = devices.flatMap { device in
        ["portrait", "landscape"].flatMap { orientation in [1.0, 3.0].map { (device, orientation, $0) } }
    }

    @Test(arguments: cases)
    func markersLandOnTheDocumentsTargets(device: String, orientation: String, zoom: Double) throws {
        let dir = try Support.scratch()
        let targets = try SampleTargets.load().floorplan.pages[0]
        let content = (targets.displayedWidth, targets.displayedHeight)
        var screen = Self.specs[device]!
        if orientation == "landscape" { screen = (screen.1, screen.0, screen.2) }
        let offset = (zoom == 1 ? 0 : 400.0, zoom == 1 ? 0 : 250.0)
        let name = "\(device)@\(orientation)"
        let common = ["render", Support.path("samples/floorplan.pdf"), "--page", "1", "--device", name,
                      "--zoom", "\(zoom)", "--offset", "\(offset.0),\(offset.1)", "--tooltips", "none", "--cluster", "off"]
        let empty = try Support.pinsFile([], in: dir, name: "none.json")
        let plain = dir.appendingPathComponent("plain.png").path
        #expect(try Support.pinsrenderOK(common + ["--pins", empty, "-o", plain]))
        let pins = try Support.pinsFile(targets.targets.map { (1, $0[0], $0[1]) }, in: dir)
        let marked = dir.appendingPathComponent("marked.png").path, json = dir.appendingPathComponent("layout.json").path
        #expect(try Support.pinsrenderOK(common + ["--pins", pins, "-o", marked, "--layout-json", json]))
        let before = try PixelBuffer(pngAt: plain), after = try PixelBuffer(pngAt: marked)
        #expect(before.width == Int((screen.0 * screen.2).rounded()) && before.height == Int((screen.1 * screen.2).rounded()),
                "\(name): \(before)")
        let page = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: json))).pages[0]
        for (index, uv) in targets.targets.enumerated() {
            let id = "p\(index + 1)"
            let expected = Self.expectedPixel(u: uv[0], v: uv[1], content: content, screen: screen, zoom: zoom, offset: offset)
            let inside = expected.0 >= 0 && expected.1 >= 0 && expected.0 <= Double(before.width) && expected.1 <= Double(before.height)
            if let marker = page.markers.first(where: { $0.id == id }) {
                #expect(inside, "\(name) zoom \(zoom): \(id) drawn but expected off screen at \(expected)")
                #expect(abs(marker.x - expected.0) < 1e-6 && abs(marker.y - expected.1) < 1e-6, "\(name): \(id) at \(marker)")
                // In pixels: the document's own target and the marker agree within a device pixel
                // (away from the edges, where the screen cuts either of them).
                let margin = 90.0
                guard expected.0 > margin, expected.1 > margin, expected.0 < Double(before.width) - margin,
                      expected.1 < Double(before.height) - margin else { continue }
                let target = try #require(before.centerOfColor(magenta, near: expected, window: 40), "\(name): no target \(id)")
                let drawn = try #require(after.centerOfColor(markerFill, near: expected, window: 90), "\(name): no marker \(id)")
                #expect(abs(target.x - drawn.x) <= 1 && abs(target.y - drawn.y) <= 1,
                        "\(name) zoom \(zoom): marker \(drawn), target \(target)")
            } else {
                let indicator = try #require(page.indicators.first { $0.pinIds.contains(id) }, "\(name): \(id) neither drawn nor indicated")
                #expect(!inside || expected.0 < 1 || expected.1 < 1, "\(name): \(id) indicated but on screen at \(expected)")
                let pointsAway: Bool
                switch indicator.edge {
                case "left": pointsAway = expected.0 < 0
                case "right": pointsAway = expected.0 > Double(before.width)
                case "top": pointsAway = expected.1 < 0
                default: pointsAway = expected.1 > Double(before.height)
                }
                #expect(pointsAway, "\(name) zoom \(zoom): \(id) at \(expected) indicated on the \(indicator.edge) edge")
            }
        }
    }

    @Test func tooltipsStayOnTheScreenAndFocusCenters() throws {
        let dir = try Support.scratch()
        for device in ["iphone-se", "galaxy-s23@landscape", "320x480@1"] {
            let json = dir.appendingPathComponent("\(device).json").path
            #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--page", "1", "--pins",
                                               Support.path("samples/pins/floorplan-edges.json"), "--device", device,
                                               "--zoom", "2", "--focus", "p1", "--tooltips", "all",
                                               "-o", dir.appendingPathComponent("\(device).png").path, "--layout-json", json]))
            let page = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: json))).pages[0]
            for tip in page.tooltips {
                #expect(tip.x >= 0 && tip.y >= 0 && tip.x + tip.width <= page.width && tip.y + tip.height <= page.height,
                        "\(device): tooltip \(tip) leaves the \(page.width)x\(page.height) screen")
            }
        }
    }

    @Test func previewSheetShowsEveryScreen() throws {
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("sheet.png").path
        #expect(try Support.pinsrenderOK(["preview", Support.path("samples/floorplan.pdf"), "--pins",
                                           Support.path("samples/pins/floorplan-crowd.json"),
                                           "--devices", "iphone-se,ipad-pro-12.9@landscape", "--zooms", "1,3", "-o", out]))
        let sheet = try PixelBuffer(pngAt: out)
        // Two rows of two screens: four dark bezels.
        let bezel: (UInt8, UInt8, UInt8) = (0x10, 0x18, 0x28)
        #expect(sheet.count(of: bezel) > 4 * 1000, "\(sheet)")
        // At one physical scale the iPad (10.3 in wide) is far wider than the iPhone SE (2.3 in).
        #expect(sheet.width > 1200 && sheet.width < 2200, "\(sheet)")
        let bad = try Support.pinrender(["preview", Support.path("samples/floorplan.pdf"), "--pins",
                                         Support.path("samples/pins/floorplan-crowd.json"), "--devices", "nokia", "-o", out])
        #expect(bad.status == 2 && bad.stderr.contains("nokia"))
    }

    /// A preview takes the same INPUT options as render: a blank `--canvas` too.
    @Test func previewOfABlankCanvas() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("sheet.png").path
        #expect(try Support.pinsrenderOK(["preview", "--canvas", "390x844", "--pins", pins, "--devices", "iphone-se",
                                           "--tooltips", "none", "-o", out]))
        let sheet = try PixelBuffer(pngAt: out)
        #expect(sheet.count(of: (0x10, 0x18, 0x28)) > 1000, "no bezel: \(sheet)")
        // The one marker, at the middle of the screen: the middle of the sheet's width.
        let center = try #require(sheet.centerOfColor(markerFill, near: (Double(sheet.width) / 2, Double(sheet.height) / 2),
                                                      window: sheet.height / 2))
        #expect(abs(center.x - Double(sheet.width) / 2) <= 2, "\(center) in \(sheet)")
    }

    /// A 200-inch page at zoom 40 would be some 80,000 pixels a side: it only renders
    /// because only the visible part is rasterized.
    @Test func deepZoomRasterizesOnlyTheScreen() throws {
        let dir = try Support.scratch()
        let content = "4 w 7150 0 m 7150 14400 l S 0 7200 m 14400 7200 l S\n"
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R >>",
                       "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream"]
        let input = dir.appendingPathComponent("huge.pdf")
        try Support.writePDF(objects, to: input)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("deep.png").path
        #expect(try Support.pinsrenderOK(["render", input.path, "--pins", pins, "--device", "ipad-pro-12.9@landscape",
                                           "--zoom", "40", "--focus", "p1", "--tooltips", "none", "-o", out]))
        let image = try PixelBuffer(pngAt: out)
        #expect(image.width == 2732 && image.height == 2048)
        // The pin is centered, and the page's line 50 pt left of the center is drawn there:
        // 50 pt x (1024 / 14400 fit) x 40 zoom x 2 px = 284 px.
        let marker = try #require(image.centerOfColor(markerFill, near: (1366, 1024), window: 60))
        #expect(abs(marker.x - 1366) <= 1 && abs(marker.y - 1024) <= 1)
        #expect(image.pixel(x: 1366 - 284, y: 300).r < 80, "the vertical line at x = 7150 pt is missing")
        #expect(image.pixel(x: 1366 - 320, y: 300).r > 200, "the line is too wide or misplaced")
    }

    @Test func devicesListsThePresets() throws {
        let result = try Support.pinrender(["devices"])
        #expect(result.status == 0)
        for device in Self.devices { #expect(result.stdout.contains(device)) }
    }
}
