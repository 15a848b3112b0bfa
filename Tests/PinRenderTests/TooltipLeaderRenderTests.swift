import Foundation
import Testing
import PinRenderGraphics

/// Tooltips placed for the whole page (issue 15), as drawn: leader lines in the pixels, boxes
/// clear of one another, the margin column beside the page, and the warning when there is no
/// room.
@Suite struct TooltipLeaderRenderTests {
    struct Layout: Decodable {
        struct Page: Decodable {
            var width: Double
            var height: Double
            var tooltips: [Tip]
            var droppedTooltips: [String]
            var overlappingTooltips: [String]?
            var margin: Margin?
        }
        struct Margin: Decodable { var rect: Box }
        struct Box: Decodable { var x: Double; var y: Double; var width: Double; var height: Double }
        struct Point: Decodable { var x: Double; var y: Double }
        struct Tip: Decodable {
            var pinId: String; var x: Double; var y: Double; var width: Double; var height: Double
            var leader: [Point]?
        }
        var pages: [Page]
    }

    /// The default theme's leader line color, #667085.
    static let leaderColor: (UInt8, UInt8, UInt8) = (0x66, 0x70, 0x85)

    static func render(_ points: [(page: Int, u: Double, v: Double)], canvas: String, tooltips: String,
                       text: String = "Check this") throws -> (Layout.Page, PixelBuffer, Support.Run) {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile(points, in: dir, text: text)
        let out = dir.appendingPathComponent("out.png").path, json = dir.appendingPathComponent("layout.json").path
        let run = try Support.pinrender(["render", "--canvas", canvas, "--pins", pins, "--tooltips", tooltips,
                                         "--cluster", "off", "-o", out, "--layout-json", json])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: json))).pages[0]
        return (page, try PixelBuffer(pngAt: out), run)
    }

    static func overlap(_ a: Layout.Tip, _ b: Layout.Tip) -> Bool {
        !(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y)
    }

    /// Whether the leader's color is drawn at `t` of the way along each of its segments.
    static func drawn(_ leader: [Layout.Point], in image: PixelBuffer, at t: Double = 0.5) -> Bool {
        zip(leader, leader.dropFirst()).allSatisfy { a, b in
            let point = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            // A steep line's anti-aliased pixels are paler than its color.
            return image.centerOfColor(leaderColor, tolerance: 60, near: point, window: 2) != nil
        }
    }

    @Test func aBoxedInPinsTooltipStandsOutOnADrawnLeaderLine() throws {
        // A pin with neighbours close above, below, left and right: its box cannot stand beside it.
        let ring = [(0.5, 0.47), (0.5, 0.53), (0.47, 0.5), (0.53, 0.5)]
        let (page, image, _) = try Self.render([(1, 0.5, 0.5)] + ring.map { (1, $0.0, $0.1) }, canvas: "1000x1000",
                                               tooltips: "all")
        let tip = try #require(page.tooltips.first { $0.pinId == "p1" })
        let leader = try #require(tip.leader)
        #expect(Self.drawn(leader, in: image))
        for (i, a) in page.tooltips.enumerated() {
            for b in page.tooltips[(i + 1)...] { #expect(!Self.overlap(a, b), "\(a.pinId) and \(b.pinId) overlap") }
        }
        #expect(page.overlappingTooltips == [])
    }

    @Test func marginTooltipsStandInAColumnBesideThePage() throws {
        // Pins all over the page, two at the same height, long comments.
        let points: [(Int, Double, Double)] = [(1, 0.1, 0.1), (1, 0.8, 0.12), (1, 0.5, 0.5), (1, 0.2, 0.5), (1, 0.9, 0.9),
                                               (1, 0.05, 0.95), (1, 0.6, 0.3)]
        let (page, image, _) = try Self.render(points, canvas: "800x600", tooltips: "margin",
                                               text: "Проверить размер двери 🚪 and the window frame, please.")
        let margin = try #require(page.margin)
        #expect(margin.rect.x == 800)
        #expect(Double(image.width) == 800 + margin.rect.width && image.height == 600)
        #expect(page.tooltips.count == 7)
        for tip in page.tooltips {
            #expect(tip.x >= 800 && tip.x + tip.width <= 800 + margin.rect.width && tip.y >= 0 && tip.y + tip.height <= 600)
            let leader = try #require(tip.leader)
            // Across the page at the pin's height, then across the gutter to the box.
            #expect(leader.count == 3 && leader[1].x == 800 && leader[0].y == leader[1].y && leader[2].x == tip.x)
            #expect(Self.drawn(Array(leader[1...]), in: image))
        }
        let byTop = page.tooltips.sorted { $0.y < $1.y }
        for (a, b) in zip(byTop, byTop.dropFirst()) {
            #expect(a.y + a.height <= b.y, "\(a.pinId) and \(b.pinId) overlap")
            // Stacked in the order of their pins: leader lines keep their order across the gutter.
            #expect(try #require(a.leader)[1].y <= (try #require(b.leader))[1].y)
        }
    }

    @Test func aPhoneWithADozenLongTooltipsSaysSoOnStandardError() throws {
        let points = TooltipRenderTests.edgePoints.prefix(12).map { (1, $0.0, $0.1) }
        let long = String(repeating: "A long comment that needs room. ", count: 8)
        let (page, _, run) = try Self.render(points, canvas: "320x568", tooltips: "all", text: long)
        let overlapping = try #require(page.overlappingTooltips)
        #expect(!overlapping.isEmpty)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("tooltips") }
        #expect(lines == ["pinrender: warning: page 1: of 12 tooltips, \(overlapping.count) overlap others: "
                          + "no room for them on 320 x 568 (--tooltips margin sets them beside the page)"])
        // With room, nothing is said.
        let (_, _, quiet) = try Self.render(points, canvas: "2400x1600", tooltips: "all", text: long)
        #expect(!quiet.stderr.contains("tooltips"))
    }

    /// A PDF export of a blank canvas grows by the column too (a PDF's pages: MarginExportTests).
    @Test func marginWidensACanvasExport() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.pdf").path
        let run = try Support.pinrender(["render", "--canvas", "300x200", "--pins", pins, "--tooltips", "margin", "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        let info = try Support.tool("pdfinfo", ["-f", "1", "-l", "1", out])
        let size = try #require(info.split(separator: "\n").first { $0.hasPrefix("Page    1 size:") })
        let numbers = size.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count >= 3 && numbers[1] > 300 && numbers[2] == 200, "\(size)")
    }
}
