import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// Pins as users read them, measured in rendered pixels: the contrast of every text on a
/// mark, markers whole on the edges, four-character counts, a voice comment's duration in
/// the thread panel, marks as large as on the phone on a @2x screenshot.
@Suite struct ReadablePinsTests {
    /// Renders `pins` (a JSON array) on a blank canvas, and returns the scene drawn and its pixels.
    static func render(_ pins: String, canvas: String, arguments: [String] = []) throws -> (Scene, PixelBuffer) {
        let dir = try Support.scratch()
        let pinsPath = dir.appendingPathComponent("pins.json"), png = dir.appendingPathComponent("out.png").path
        let json = dir.appendingPathComponent("layout.json").path
        try Data(pins.utf8).write(to: pinsPath)
        #expect(try Support.pinsrenderOK(["render", "--canvas", canvas, "--pins", pinsPath.path, "-o", png,
                                          "--layout-json", json] + arguments))
        struct File: Decodable { var pages: [Scene] }
        let scene = try #require(try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: json))).pages.first)
        return (scene, try PixelBuffer(pngAt: png))
    }

    /// A pin's JSON.
    static func pin(_ id: String, _ u: Double, _ v: Double, resolved: Bool = false, parent: String? = nil) -> String {
        let parentId = parent.map { "\"\($0)\"" } ?? "null"
        return #"{"id": "\#(id)", "contentId": "doc", "relativeX": \#(u), "relativeY": \#(v), "authorId": "a", "#
            + #""createdAt": "2026-11-02T09:00:00Z", "text": "Look", "resolved": \#(resolved), "parentId": \#(parentId)}"#
    }

    /// In the disc of `radius` around (`x`, `y`): the most frequent color (the fill) and the
    /// pixel that contrasts most with it (the text's core).
    static func fillAndText(in image: PixelBuffer, x: Double, y: Double, radius: Double) -> (fill: Color, text: Color) {
        var counts: [UInt32: Int] = [:]
        var colors: [Color] = []
        for py in Int(y - radius)...Int(y + radius) {
            for px in Int(x - radius)...Int(x + radius) where hypot(Double(px) + 0.5 - x, Double(py) + 0.5 - y) <= radius {
                let p = image.pixel(x: px, y: py)
                counts[UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b), default: 0] += 1
                colors.append(Color(red: Double(p.r) / 255, green: Double(p.g) / 255, blue: Double(p.b) / 255))
            }
        }
        let mode = counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }!.key
        let fill = Color(red: Double(mode >> 16) / 255, green: Double(mode >> 8 & 0xFF) / 255, blue: Double(mode & 0xFF) / 255)
        return (fill, colors.max { $0.contrastRatio(with: fill) < $1.contrastRatio(with: fill) }!)
    }

    @Test func everyTextOnAMarkReadsAtWCAGAAInTheRenderedPixels() throws {
        // An open pin with a reply, a resolved pin, a bubble with open pins, a bubble of resolved ones.
        let pins = "[" + [Self.pin("open", 0.15, 0.5), Self.pin("reply", 0.15, 0.5, parent: "open"),
                          Self.pin("done", 0.4, 0.5, resolved: true),
                          Self.pin("c1", 0.65, 0.5), Self.pin("c2", 0.65, 0.5), Self.pin("c3", 0.65, 0.5, resolved: true),
                          Self.pin("r1", 0.88, 0.5, resolved: true), Self.pin("r2", 0.88, 0.5, resolved: true)]
            .joined(separator: ",") + "]"
        let dir = try Support.scratch()
        let theme = dir.appendingPathComponent("theme.json")
        try Data(#"{"uiScale": 3}"#.utf8).write(to: theme)
        let (scene, image) = try Self.render(pins, canvas: "600x300", arguments: ["--theme", theme.path])
        #expect(scene.markers.count == 2 && scene.clusters.count == 2)
        var marks: [(name: String, x: Double, y: Double, radius: Double, fill: Color)] = []
        for marker in scene.markers {
            marks.append(("marker \(marker.id)", marker.x, marker.y, marker.radius * 0.5, marker.fill))
            for badge in [marker.replyBadge, marker.checkBadge].compactMap({ $0 }) {
                marks.append(("badge \(badge.text) of \(marker.id)", badge.x, badge.y, badge.radius * 0.9, badge.fill))
            }
        }
        for cluster in scene.clusters {
            marks.append(("bubble \(cluster.label)", cluster.x, cluster.y, cluster.radius * 0.5, cluster.fill))
            if let badge = cluster.unresolvedBadge {
                marks.append(("open count of \(cluster.label)", badge.x, badge.y, badge.radius * 0.9, badge.fill))
            }
        }
        #expect(marks.count == 7)
        for mark in marks {
            let (fill, text) = Self.fillAndText(in: image, x: mark.x, y: mark.y, radius: mark.radius)
            #expect(fill.contrastRatio(with: mark.fill) < 1.02, "\(mark.name): the fill drawn is \(fill.hex), not \(mark.fill.hex)")
            #expect(text.contrastRatio(with: fill) >= 4.5,
                    "\(mark.name): \(text.hex) on \(fill.hex) is \(text.contrastRatio(with: fill)):1")
        }
    }

    /// Pins on the corners, the edges' middles and 4 px from an edge: each marker's fill is
    /// as whole as a marker's in the middle of the page, its ink reaches the pin's point
    /// (within a pixel) and nothing passes it on the far side. (A black ring and no shadow
    /// make the tip visible on the white canvas.)
    @Test func aMarkerOnAnEdgeIsWholeAndItsTipIsOnThePoint() throws {
        let spots = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.5, 0.0), (0.5, 1.0), (0.0, 0.5), (1.0, 0.5),
                     (0.005, 0.25), (0.995, 0.75), (0.5, 0.5)]
        let pins = "[" + spots.enumerated().map { Self.pin("p\($0)", $1.0, $1.1) }.joined(separator: ",") + "]"
        let dir = try Support.scratch()
        let theme = dir.appendingPathComponent("theme.json")
        try Data(##"{"uiScale": 2, "markerStroke": "#000000", "markerShadow": "#00000000"}"##.utf8).write(to: theme)
        let (scene, image) = try Self.render(pins, canvas: "800x600", arguments: ["--theme", theme.path, "--cluster", "off",
                                                                                  "--tooltips", "none"])
        #expect(scene.markers.count == spots.count)
        let fill = Theme().markerFill.bytes
        /// The marker's fill pixels, and its ink pixels (anything not white), near its disc.
        func pixels(of marker: Marker) -> (fill: Int, ink: [(x: Double, y: Double)]) {
            let reach = 2.3 * marker.radius
            var (count, ink) = (0, [(x: Double, y: Double)]())
            for py in max(0, Int(marker.disc.y - reach))...min(image.height - 1, Int(marker.disc.y + reach)) {
                for px in max(0, Int(marker.disc.x - reach))...min(image.width - 1, Int(marker.disc.x + reach)) {
                    let p = image.pixel(x: px, y: py)
                    if (p.r, p.g, p.b) == fill { count += 1 }
                    if min(p.r, p.g, p.b) < 200 { ink.append((Double(px) + 0.5, Double(py) + 0.5)) }
                }
            }
            return (count, ink)
        }
        let middle = try #require(scene.markers.first { $0.id == "p10" })
        let whole = pixels(of: middle).fill
        #expect(middle.lean == nil && Double(whole) > 0.5 * .pi * middle.radius * middle.radius)
        for marker in scene.markers where marker.id != "p10" {
            let (count, ink) = pixels(of: marker)
            #expect(Double(count) >= 0.95 * Double(whole), "\(marker.id) at (\(marker.x), \(marker.y)): \(count) of \(whole) fill pixels")
            let nearest = ink.map { hypot($0.x - marker.x, $0.y - marker.y) }.min() ?? .infinity
            #expect(nearest <= 1.5, "\(marker.id): the nearest ink is \(nearest) px from the point")
            // Toward the disc from the point: no ink more than a pixel behind the point.
            let (ux, uy) = (marker.disc.x - marker.x, marker.disc.y - marker.y)
            let length = hypot(ux, uy)
            let behind = length == 0 ? 1 : ink.map { (($0.x - marker.x) * ux + ($0.y - marker.y) * uy) / length }.min() ?? 0
            #expect(behind >= -1.5, "\(marker.id): ink \(-behind) px behind the point")
        }
    }

    /// A voice comment by an author with a long name, in a thread panel 300 points wide:
    /// its heading, duration included, is set whole (Pango cuts nothing), not "🎙…".
    @Test func theThreadPanelKeepsAVoiceCommentsDurationWhole() throws {
        let pins = #"[{"id": "v", "contentId": "doc", "relativeX": 0.5, "relativeY": 0.5, "authorId": "k", "#
            + #""authorName": "Константин Константинопольский", "createdAt": "2026-11-10T11:00:00Z", "text": "", "#
            + #""resolved": false, "parentId": null, "kind": "voice", "audio": {"url": "a.m4a", "durationMs": 42000}}]"#
        let threads = try ThreadBuilder(source: "pins").build(PinDecoder(source: "pins").decode(Data(pins.utf8))).threads
        let measurer = PangoTextMeasurer()
        let layout = PageLayout(theme: Theme(), tooltips: .none, measurer: measurer)
        let panel = SummaryLayout(layout: layout, size: CGSize(width: 300, height: 800)).panel(threads)
        let heading = try #require(panel.texts.first { $0.text.contains("🎙") })
        #expect(heading.text.contains("🎙\u{00A0}0:42"), "\(heading.text)")
        var unbounded = heading.style
        unbounded.maxLines = 100
        let set = measurer.measure(heading.text, style: heading.style, maxWidth: heading.width)
        let whole = measurer.measure(heading.text, style: unbounded, maxWidth: heading.width)
        #expect(set.height == whole.height, "the heading is cut after \(heading.style.maxLines) line(s): \(heading.text)")
    }

    /// 6,800 open pins on one spot: the bubble's "6.8k" and its open count "6.8k" are set
    /// whole inside their fills. With a black rim and rings, text passing its fill would
    /// show as white pixels on the rim.
    @Test func aFourCharacterCountIsNotClipped() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile(Array(repeating: (page: 1, u: 0.5, v: 0.5), count: 6800), in: dir)
        let theme = dir.appendingPathComponent("theme.json")
        try Data(##"{"uiScale": 2, "markerStroke": "#000000"}"##.utf8).write(to: theme)
        let (scene, image) = try Self.render(String(contentsOfFile: pins, encoding: .utf8), canvas: "400x300",
                                             arguments: ["--theme", theme.path])
        let bubble = try #require(scene.clusters.first)
        let badge = try #require(bubble.unresolvedBadge)
        #expect(bubble.label == "6.8k" && badge.text == "6.8k")
        let strokes = scene.strokes
        /// How far a pixel's center is from the badge's middle segment (a capsule is the points within its radius).
        func fromBadge(_ x: Double, _ y: Double) -> Double {
            let half = max(0, badge.width / 2 - badge.radius)
            return hypot(x - max(badge.x - half, min(x, badge.x + half)), y - badge.y)
        }
        var (badgeText, badgeSpill, label, labelSpill) = (0, 0, 0, 0)
        for py in 0..<image.height {
            for px in 0..<image.width {
                let p = image.pixel(x: px, y: py)
                guard min(p.r, p.g, p.b) >= 200 else { continue }
                let (x, y) = (Double(px) + 0.5, Double(py) + 0.5)
                let d = fromBadge(x, y), r = hypot(x - bubble.x, y - bubble.y)
                if d <= badge.radius - 1 { badgeText += 1 } else if d <= badge.radius + strokes.badgeRim { badgeSpill += 1 }
                else if r <= bubble.radius - strokes.clusterRingInset - strokes.line { label += 1 }
                else if r <= bubble.radius { labelSpill += 1 }
            }
        }
        #expect(badgeText > 20 && badgeSpill == 0, "badge: \(badgeText) text pixels, \(badgeSpill) on its rim")
        #expect(label > 50 && labelSpill == 0, "bubble: \(label) label pixels, \(labelSpill) on its rings")
    }

    /// A @2x screenshot (750 x 1334 pixels, 375 x 667 points): with `--ui-scale 2`, or a pHYs
    /// of 144 dpi, a marker is 2 UI points a point: its fill covers 4 times the pixels it
    /// covers at 1; drawn at half width, it is back to 1. A scale of 0 is refused.
    @Test func aRetinaScreenshotDrawsMarksAtItsScreenScale() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(page: 1, u: 0.5, v: 0.5)], in: dir)
        let blank = dir.appendingPathComponent("blank.png").path
        #expect(try Support.pinsrenderOK(["render", "--canvas", "750x1334", "--pins", pins, "--tooltips", "none", "-o", blank]))
        // The same screenshot declaring 144 dpi (5669 pixels per meter), after its header.
        var chunks = PNGBytes.chunks(of: Array(try Data(contentsOf: URL(fileURLWithPath: blank))))
        chunks.insert(("pHYs", [0, 0, 0x16, 0x25, 0, 0, 0x16, 0x25, 1]), at: 1)
        let retina = dir.appendingPathComponent("retina.png").path
        try Data(PNGBytes.file(chunks)).write(to: URL(fileURLWithPath: retina))
        func markerPixels(_ arguments: [String]) throws -> (radius: Double, fill: Int) {
            let out = dir.appendingPathComponent("out.png").path, json = dir.appendingPathComponent("out.json").path
            #expect(try Support.pinsrenderOK(["render"] + arguments + ["--pins", pins, "--tooltips", "none", "-o", out,
                                                                       "--layout-json", json]))
            struct File: Decodable { var pages: [Scene] }
            let scene = try JSONDecoder().decode(File.self, from: Data(contentsOf: URL(fileURLWithPath: json))).pages[0]
            return (try #require(scene.markers.first).radius, try PixelBuffer(pngAt: out).count(of: markerFill))
        }
        let plain = try markerPixels(["--canvas", "750x1334"])
        let asked = try markerPixels(["--canvas", "750x1334", "--ui-scale", "2"])
        let declared = try markerPixels([retina])
        let half = try markerPixels([retina, "--width", "375"])
        #expect(plain.radius == 13 && asked.radius == 26 && declared.radius == 26 && half.radius == 13)
        for (name, drawn) in [("--ui-scale 2", asked), ("pHYs 144 dpi", declared)] {
            let ratio = Double(drawn.fill) / Double(plain.fill)
            #expect(ratio > 3.5 && ratio < 4.5, "\(name): \(drawn.fill) fill pixels, \(plain.fill) at scale 1")
        }
        #expect(abs(Double(half.fill) / Double(plain.fill) - 1) < 0.1, "half width: \(half.fill) fill pixels")
        let bad = try Support.pinrender(["render", "--canvas", "100x100", "--pins", pins, "--ui-scale", "0", "-o", blank])
        #expect(bad.status == 2 && bad.stderr.contains("--ui-scale"), "\(bad.stderr)")
    }
}
