import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// Clustering as users meet it: `--cluster auto` in renders and `pinrender cluster --json`.
@Suite struct ClusterRenderTests {
    struct Page: Decodable {
        struct Marker: Decodable { var id: String; var x: Double; var y: Double; var radius: Double }
        struct Bubble: Decodable {
            var id: String; var x: Double; var y: Double; var radius: Double
            var count: Int; var unresolved: Int; var pinIds: [String]
        }
        var markers: [Marker]
        var clusters: [Bubble]
    }

    func layout(_ arguments: [String]) throws -> (Page, PixelBuffer) {
        let dir = try Support.scratch()
        let json = dir.appendingPathComponent("layout.json").path, png = dir.appendingPathComponent("out.png").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--page", "1", "--dpi", "100",
                                           "-o", png, "--layout-json", json] + arguments))
        struct File: Decodable { var pages: [Page] }
        let page = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: json))).pages[0]
        return (page, try PixelBuffer(pngAt: png))
    }

    @Test func aLongOpenCountWidensItsBadgeIntoACapsuleThatHoldsTheText() throws {
        // 1,200 open pins on one spot: one bubble, its open count "1.2k" wider than a disc.
        let dir = try Support.scratch()
        let pins = try Support.pinsFile(Array(repeating: (page: 1, u: 0.5, v: 0.5), count: 1200), in: dir)
        let json = dir.appendingPathComponent("layout.json").path, png = dir.appendingPathComponent("out.png").path
        #expect(try Support.pinsrenderOK(["render", "--canvas", "400x300", "--pins", pins, "-o", png, "--layout-json", json]))
        struct Badge: Decodable { var x: Double; var y: Double; var radius: Double; var width: Double; var text: String; var fontSize: Double }
        struct Bubble: Decodable { var unresolvedBadge: Badge }
        struct File: Decodable { struct Page: Decodable { var clusters: [Bubble] }; var pages: [Page] }
        let badge = try #require(try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
            .pages[0].clusters.first?.unresolvedBadge)
        let text = PangoTextMeasurer().measure(badge.text, style: TextStyle(fontFamily: Theme().fontFamily, size: badge.fontSize,
                                                                            bold: true, color: Theme().badgeText),
                                               maxWidth: .infinity).width
        #expect(badge.text == "1.2k" && badge.width > 2 * badge.radius && badge.width >= text + badge.radius / 2)
        // Drawn that wide: the badge's fill runs across the capsule on its middle row, past both ends of the text.
        let image = try PixelBuffer(pngAt: png)
        let row = Int(badge.y)
        let red = (0..<image.width).filter { x in
            let p = image.pixel(x: x, y: row)
            return abs(badge.x - Double(x)) <= badge.width / 2 && (p.r, p.g, p.b) == markerFill
        }
        let span = Double(try #require(red.last) - red[0] + 1)
        #expect(span >= text && span <= badge.width, "fill spans \(span) px for a text of \(text) px")
    }

    @Test func crowdedPinsBecomeBubblesThatDoNotOverlap() throws {
        let (page, image) = try layout(["--pins", Support.path("samples/pins/floorplan-crowd.json")])
        #expect(!page.clusters.isEmpty)
        let ids = page.markers.map(\.id) + page.clusters.flatMap(\.pinIds)
        #expect(ids.count == 60 && Set(ids).count == 60, "every pin once: \(ids.count)")
        for bubble in page.clusters {
            #expect(bubble.count == bubble.pinIds.count && bubble.count >= 2 && bubble.unresolved <= bubble.count)
            // Drawn: the bubble's dark fill surrounds its center.
            let fill: (UInt8, UInt8, UInt8) = (0x1D, 0x29, 0x39)
            let found = try #require(image.centerOfColor(fill, near: (bubble.x, bubble.y), window: Int(bubble.radius)))
            #expect(abs(found.x - bubble.x) <= 1.5 && abs(found.y - bubble.y) <= 1.5, "bubble \(bubble.id)")
        }
        let circles = page.markers.map { ($0.x, $0.y, $0.radius) } + page.clusters.map { ($0.x, $0.y, $0.radius) }
        for (i, a) in circles.enumerated() {
            for b in circles[(i + 1)...] {
                #expect(hypot(a.0 - b.0, a.1 - b.1) >= a.2 + b.2 - 0.5, "circles at \(a) and \(b) overlap")
            }
        }
        let (off, _) = try layout(["--pins", Support.path("samples/pins/floorplan-crowd.json"), "--cluster", "off"])
        #expect(off.clusters.isEmpty && off.markers.count == 60)
    }

    @Test func sparsePinsAreNotClustered() throws {
        let (page, _) = try layout(["--pins", Support.path("samples/pins/floorplan-few.json")])
        #expect(page.clusters.isEmpty && page.markers.count == 2)
    }

    struct Output: Decodable {
        struct Zoom: Decodable {
            struct C: Decodable { var id: String; var count: Int; var pinIds: [String]; var expansionZoom: Int }
            struct P: Decodable { var id: String; var x: Double; var y: Double; var fanX: Double?; var fanY: Double? }
            var zoom: Int; var clusters: [C]; var points: [P]
        }
        var zooms: [Zoom]
    }

    @Test func clusterCommandPartitionsEveryZoomAndFansOutCoincidentPins() throws {
        let dir = try Support.scratch()
        var points: [(page: Int, u: Double, v: Double)] = []
        for i in 0..<40 {
            let u: Double = Double(i % 8) / 8 + 0.05
            let v: Double = Double(i / 8) / 5 + 0.05
            points.append((1, u, v))
        }
        for _ in 0..<12 { points.append((1, 0.5, 0.5)) }
        let pins = try Support.pinsFile(points, in: dir)
        let result = try Support.pinrender(["cluster", pins, "--max-zoom", "5", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        #expect(output.zooms.map { $0.zoom } == Array(0...6))
        for zoom in output.zooms {
            let ids: [String] = zoom.clusters.flatMap { $0.pinIds } + zoom.points.map { $0.id }
            #expect(ids.count == 52 && Set(ids).count == 52, "zoom \(zoom.zoom)")
            #expect(zoom.clusters.allSatisfy { $0.count == $0.pinIds.count && $0.expansionZoom > zoom.zoom })
        }
        // The 12 pins on one spot are still one cluster at zoom 5, and fanned out at 6.
        #expect(output.zooms[5].clusters.contains { $0.count == 12 })
        let fanned: [Output.Zoom.P] = output.zooms[6].points.filter { $0.fanX != nil }
        #expect(fanned.count == 12)
        let spots = Set(fanned.map { (p: Output.Zoom.P) -> String in "\(p.fanX!),\(p.fanY!)" })
        #expect(spots.count == 12, "fanned pins share a position")
        let single = try Support.pinrender(["cluster", pins, "--max-zoom", "5", "--zoom", "2", "--json"])
        let zooms = try JSONDecoder().decode(Output.self, from: Data(single.stdout.utf8)).zooms.map { $0.zoom }
        #expect(zooms == [2])
        let bad = try Support.pinrender(["cluster", pins, "--radius", "-3"])
        #expect(bad.status == 2 && bad.stderr.contains("--radius"))
    }
}
