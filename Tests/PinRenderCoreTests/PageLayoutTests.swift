import Foundation
import Testing
@testable import PinRenderCore

private func layout(_ mode: TooltipMode, theme: Theme = Theme()) -> PageLayout {
    PageLayout(theme: theme, tooltips: mode, measurer: StandInMeasurer())
}

private func thread(_ id: String, _ x: Double, _ y: Double, number: Int, resolved: Bool = false,
                    replies: Int = 0, at seconds: Double = 0, text: String = "Hello",
                    kind: Pin.Kind = .text) -> CommentThread {
    CommentThread(root: rootPin(id, x: x, y: y, at: seconds, text: text, resolved: resolved, number: number,
                                authorName: "Anna", kind: kind,
                                audio: kind == .voice ? Pin.Audio(url: "a", durationMs: 1000) : nil),
                  number: number,
                  replies: (0..<replies).map { replyPin("\(id)-r\($0)", to: id, at: Double($0)) })
}

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

struct PageLayoutTests {
    // MARK: markers

    /// Pins on the corners, on the edges and near them: every marker's disc and badges are
    /// inside the output, its point stays the pin's, and a pointer reaches from the disc to
    /// the point. A pin with room keeps its disc on its point.
    @Test func aMarkerOnAnEdgeLeansInwardWithItsTipOnThePoint() throws {
        let size = CGSize(width: 400, height: 300)
        let spots = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.5, 0.0), (0.5, 1.0), (0.0, 0.5), (1.0, 0.5),
                     (0.01, 0.3), (0.97, 0.7)]
        let threads = spots.enumerated().map { thread("p\($0)", $1.0, $1.1, number: $0 + 1, resolved: $0 % 3 == 1, replies: $0 % 2) }
            + [thread("middle", 0.5, 0.5, number: 99, replies: 3)]
        let scene = layout(.none).scene(page: 1, threads: threads, outputSize: size)
        let strokes = scene.strokes
        #expect(scene.markers.count == spots.count + 1)
        for marker in scene.markers {
            let point = threads.first { $0.id == marker.id }!.root.normalizedPoint!
            #expect(marker.x == point.x * size.width && marker.y == point.y * size.height, "\(marker.id) keeps its point")
            #expect(contains(CGRect(origin: .zero, size: size), marker.inkRect(strokes), tolerance: 1e-6),
                    "\(marker.id): \(marker.inkRect(strokes)) passes the output")
            guard marker.id != "middle" else {
                #expect(marker.lean == nil)
                continue
            }
            let lean = try #require(marker.lean, "\(marker.id) leans")
            #expect(lean.pointer[0] == Point(x: marker.x, y: marker.y))
            #expect(hypot(lean.x - marker.x, lean.y - marker.y) >= 1.6 * marker.radius - 1e-9)
            // The pointer's sides touch the disc: perpendicular to the radius there.
            for side in lean.pointer.dropFirst() {
                let (rx, ry) = (side.x - lean.x, side.y - lean.y), (sx, sy) = (marker.x - side.x, marker.y - side.y)
                #expect(close(hypot(rx, ry), marker.radius, 1e-9) && close(rx * sx + ry * sy, 0, 1e-6))
            }
            // Badges moved with the disc.
            if let badge = marker.replyBadge {
                #expect(close(badge.x - lean.x, marker.radius * 0.78) && close(badge.y - lean.y, -marker.radius * 0.78))
            }
        }
    }

    /// A marker on the right edge where the indicator of pins further right would stand:
    /// the indicator slides along the edge off the marker, and stays inside the view.
    @Test func anIndicatorStaysOffTheMarkers() throws {
        let canvas = CGSize(width: 1000, height: 600), visible = CGRect(x: 0, y: 0, width: 1000, height: 600)
        let threads = [thread("far", 0.9, 0.5, number: 1), thread("edge", 0.495, 0.5, number: 2, replies: 3)]
        let scene = layout(.none).scene(page: 1, threads: threads, canvas: canvas, ui: 1, visible: visible) {
            CGPoint(x: $0.x * 2000, y: $0.y * 600)
        }
        let indicator = try #require(scene.indicators.first)
        let marker = try #require(scene.markers.first)
        #expect(scene.indicators.count == 1 && indicator.edge == .right && marker.id == "edge")
        #expect(!indicator.inkRect.intersects(marker.inkRect(scene.strokes)), "\(indicator.inkRect) covers \(marker.inkRect(scene.strokes))")
        #expect(contains(visible, indicator.inkRect))
        #expect(abs(indicator.angle - atan2(indicator.arrow[0].y - indicator.y, indicator.arrow[0].x - indicator.x)) < 1e-9)
    }

    /// A bubble of pins on a corner or an edge is moved inside the output, its badge with it.
    @Test func aBubbleOnAnEdgeIsKeptInside() {
        let size = CGSize(width: 400, height: 300)
        var auto = layout(.none)
        auto.clustering = .auto
        for (u, v) in [(0.0, 0.0), (1.0, 0.5), (0.5, 1.0)] {
            let threads = (0..<1500).map { thread("p\($0)", u, v, number: $0 + 1) }
            let scene = auto.scene(page: 1, threads: threads, outputSize: size)
            let bubble = try! #require(scene.clusters.first)
            #expect(scene.clusters.count == 1 && bubble.unresolvedBadge?.text == "1.5k")
            #expect(contains(CGRect(origin: .zero, size: size), bubble.inkRect(scene.strokes), tolerance: 1e-6),
                    "bubble at (\(u), \(v)): \(bubble.inkRect(scene.strokes))")
        }
    }

    @Test func colorsAndDashesFollowEachPinsStateInThePlan() {
        var theme = Theme()
        theme.markerFill = Color(hex: "#0A84FF")!
        theme.checkFill = Color(hex: "#00FF00")!
        let scene = layout(.all, theme: theme).scene(
            page: 1, threads: [thread("o", 0.2, 0.2, number: 1, replies: 2), thread("d", 0.8, 0.8, number: 2, resolved: true)],
            outputSize: CGSize(width: 1000, height: 800))
        let byId = Dictionary(uniqueKeysWithValues: scene.markers.map { ($0.id, $0) })
        let (open, done) = (byId["o"]!, byId["d"]!)
        #expect(open.fill == theme.markerFill && open.labelColor == theme.markerText && open.checkBadge == nil)
        #expect(open.replyBadge?.fill == theme.badgeFill)
        #expect(done.fill == theme.resolvedFill && done.labelColor == theme.resolvedText)
        #expect(done.checkBadge?.fill == theme.checkFill)
        let dashes = Dictionary(uniqueKeysWithValues: scene.tooltips.map { ($0.pinId, $0.dash) })
        #expect(dashes == ["o": [], "d": scene.strokes.resolvedDash])
    }

    @Test func markerSitsExactlyOnThePinsPoint() throws {
        let threads = [thread("a", 0.25, 0.375, number: 1), thread("b", 0, 0, number: 2),
                       thread("c", 1, 1, number: 3), thread("d", 0.5, 0.5, number: 4)]
        let scene = layout(.none).scene(page: 2, threads: threads, outputSize: CGSize(width: 1000, height: 640))
        #expect(scene.page == 2)
        #expect(scene.width == 1000)
        #expect(scene.height == 640)
        let byId = Dictionary(uniqueKeysWithValues: scene.markers.map { ($0.id, $0) })
        #expect(byId["a"]?.x == 250)
        #expect(byId["a"]?.y == 240)
        #expect(byId["b"]?.x == 0)
        #expect(byId["b"]?.y == 0)
        #expect(byId["c"]?.x == 1000)
        #expect(byId["c"]?.y == 640)
        #expect(byId["d"]?.x == 500)
        #expect(byId["d"]?.y == 320)
    }

    /// A page drawn at exactly dpi/72 passes the whole-pixel output by a fraction of a pixel:
    /// pins on its far edges are on the page, so markers, not off-screen indicators.
    @Test func pinsOnTheFarEdgesOfAPageDrawnPastTheOutputAreMarkers() {
        let threads = [thread("corner", 1, 1, number: 1), thread("right", 1, 0.5, number: 2), thread("top", 0.5, 0, number: 3)]
        let scene = layout(.none).scene(page: 1, threads: threads, outputSize: CGSize(width: 2481, height: 1754),
                                        pageSize: CGSize(width: 2481.25, height: 1754.1667))
        #expect(scene.indicators.isEmpty)
        #expect(Set(scene.markers.map(\.id)) == ["corner", "right", "top"])
        #expect(scene.markers.first { $0.id == "corner" }?.y == 1754.1667)
    }

    @Test func markerIsUTimesWidthForAnyPoint() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<200 {
            let (u, v) = (random.unit(), random.unit())
            let (w, h) = (60 + (random.unit() * 4000).rounded(), 40 + random.unit() * 3000)
            let scene = layout(.none).scene(page: 1, threads: [thread("p", u, v, number: 1)],
                                            outputSize: CGSize(width: w, height: h))
            #expect(scene.markers.count == 1)
            #expect(scene.markers.first?.x == u * w)
            #expect(scene.markers.first?.y == v * h)
        }
    }

    @Test func numbersRepliesAndBadges() throws {
        let threads = [thread("a", 0.1, 0.1, number: 1, replies: 0),
                       thread("b", 0.2, 0.2, number: 2, resolved: true, replies: 3),
                       thread("c", 0.3, 0.3, number: 3, replies: 1, kind: .voice),
                       thread("d", 0.4, 0.4, number: 4, resolved: true, replies: 120)]
        let scene = layout(.none).scene(page: 1, threads: threads, outputSize: CGSize(width: 1000, height: 800))
        let byId = Dictionary(uniqueKeysWithValues: scene.markers.map { ($0.id, $0) })
        let a = try #require(byId["a"]), b = try #require(byId["b"])
        let c = try #require(byId["c"]), d = try #require(byId["d"])
        #expect([a, b, c, d].map(\.number) == [1, 2, 3, 4])
        #expect([a, b, c, d].map(\.label) == ["1", "2", "3", "4"])
        #expect([a, b, c, d].map(\.replies) == [0, 3, 1, 120])
        #expect([a, b, c, d].map(\.resolved) == [false, true, false, true])
        #expect(a.replyBadge == nil)
        #expect(b.replyBadge?.text == "3")
        #expect(c.replyBadge?.text == "1")
        #expect(d.replyBadge?.text == "99+")
        // Resolved is told by a check mark, not by color alone.
        #expect(a.checkBadge == nil)
        #expect(b.checkBadge?.text == "✓")
        #expect(c.checkBadge == nil)
        #expect(d.checkBadge != nil)
        #expect(c.voice)
        #expect(c.voiceBadge != nil)
        #expect(a.voiceBadge == nil)
        #expect(!a.voice)
        // Badges sit at the marker's corners: reply top right, check bottom right, voice bottom left.
        let r = b.radius
        #expect(r == 13)
        #expect(close(b.replyBadge!.x, b.x + 0.78 * r) && close(b.replyBadge!.y, b.y - 0.78 * r))
        #expect(close(b.checkBadge!.x, b.x + 0.78 * r) && close(b.checkBadge!.y, b.y + 0.78 * r))
        #expect(close(c.voiceBadge!.x, c.x - 0.78 * r) && close(c.voiceBadge!.y, c.y + 0.78 * r))
    }

    @Test func resolvedMarkersComeFirstThenByNumber() {
        let threads = [thread("n1", 0.1, 0.1, number: 1), thread("n2", 0.2, 0.2, number: 2, resolved: true),
                       thread("n3", 0.3, 0.3, number: 3), thread("n4", 0.4, 0.4, number: 4, resolved: true),
                       thread("n5", 0.5, 0.5, number: 5)]
        for order in [threads, threads.reversed(), [threads[2], threads[4], threads[0], threads[3], threads[1]]] {
            let scene = layout(.none).scene(page: 1, threads: order, outputSize: CGSize(width: 1000, height: 800))
            #expect(scene.markers.map(\.id) == ["n2", "n4", "n1", "n3", "n5"])
        }
    }

    @Test
    func duplicateNumbersDoNotDependOnInputOrder() {
        // ThreadBuilder keeps explicit numbers as given, so two pins may both carry number 1.
        let threads = [thread("x", 0.1, 0.1, number: 1), thread("y", 0.2, 0.2, number: 1)]
        let size = CGSize(width: 1000, height: 800)
        let forward = layout(.auto).scene(page: 1, threads: threads, outputSize: size)
        let backward = layout(.auto).scene(page: 1, threads: threads.reversed(), outputSize: size)
        #expect(forward == backward)
    }

    @Test func markerRadiusAndLabelSizeFollowTheUIScale() {
        let threads = [thread("a", 0.5, 0.5, number: 7), thread("b", 0.2, 0.2, number: 123),
                       thread("c", 0.8, 0.8, number: 1234)]
        // Short side 3000 -> UI scale 3.
        let scene = layout(.none).scene(page: 1, threads: threads, outputSize: CGSize(width: 4000, height: 3000))
        #expect(scene.uiScale == 3)
        let byId = Dictionary(uniqueKeysWithValues: scene.markers.map { ($0.id, $0) })
        #expect(byId["a"]?.radius == 39)
        // The font size drawn: 0.82 of the radius, smaller for longer numbers.
        #expect(close(byId["a"]?.labelSize ?? 0, 39 * 0.82))
        #expect(close(byId["b"]?.labelSize ?? 0, 39 * 0.78 * 0.82))
        #expect(close(byId["c"]?.labelSize ?? 0, 39 * 0.6 * 0.82))
    }

    @Test(arguments: [
        (CGSize(width: 320, height: 568), 1.0), (CGSize(width: 1000, height: 1000), 1.0),
        (CGSize(width: 1754, height: 1240), 1.25), (CGSize(width: 2480, height: 3508), 2.5),
        (CGSize(width: 4000, height: 3000), 3.0),
    ])
    func uiScale(_ size: CGSize, _ expected: Double) {
        #expect(layout(.none).uiScale(for: size) == expected)
    }

    @Test func themeUIScaleWins() {
        var theme = Theme()
        theme.uiScale = 2
        #expect(layout(.none, theme: theme).uiScale(for: CGSize(width: 4000, height: 3000)) == 2)
        let scene = layout(.none, theme: theme).scene(page: 1, threads: [thread("a", 0.5, 0.5, number: 1)],
                                                      outputSize: CGSize(width: 300, height: 300))
        #expect(scene.uiScale == 2)
        #expect(scene.markers.first?.radius == 26)
    }

    @Test func threadsWithoutAPointHaveNoMarker() {
        var noPoint = thread("x", 0.5, 0.5, number: 2)
        noPoint.root.relativeX = nil
        let scene = layout(.all).scene(page: 1, threads: [thread("a", 0.5, 0.5, number: 1), noPoint],
                                       outputSize: CGSize(width: 1000, height: 800))
        #expect(scene.markers.map(\.id) == ["a"])
    }

    // MARK: tooltips

    @Test func noTooltipsInModeNone() {
        let scene = layout(.none).scene(page: 1, threads: [thread("a", 0.5, 0.5, number: 1)],
                                        outputSize: CGSize(width: 1000, height: 800))
        #expect(scene.tooltips.isEmpty)
        #expect(scene.droppedTooltips.isEmpty)
    }

    /// One pin in the middle of a 1000 x 800 output (UI scale 1), worked out by hand:
    /// header "#1 · Anna · 2026-11-02 09:15" is 28 characters at 10.2 (0.85 x 12): 171.36 wide,
    /// 12.75 high; body "Hello" at 12: 36 wide, 15 high; spacing 3; padding 8. The box is
    /// 171.36 + 16 = 187.36 wide and 12.75 + 3 + 15 + 16 = 46.75 high. It goes above the pin at
    /// distance radius 13 + gap 4 + arrow 7 = 24: x = 500 - 93.68, y = 400 - 24 - 46.75.
    @Test(arguments: [TooltipMode.auto, .all])
    func tooltipWorkedOutByHand(_ mode: TooltipMode) throws {
        var root = rootPin("a", x: 0.5, y: 0.5, text: "Hello", authorName: "Anna")
        root.createdAt = november2At0915UTC
        let scene = layout(mode).scene(page: 1, threads: [CommentThread(root: root, number: 1)],
                                       outputSize: CGSize(width: 1000, height: 800))
        #expect(scene.droppedTooltips.isEmpty)
        let tip = try #require(scene.tooltips.first)
        #expect(scene.tooltips.count == 1)
        #expect(tip.pinId == "a")
        #expect(tip.side == .top)
        #expect(close(tip.x, 406.32))
        #expect(close(tip.y, 329.25))
        #expect(close(tip.width, 187.36))
        #expect(close(tip.height, 46.75))
        #expect(tip.cornerRadius == 6)
        #expect(!tip.resolved)

        #expect(tip.texts.map { visible($0.text) } == ["#1 · Anna · 2026-11-02 09:15", "Hello"])
        #expect(close(tip.texts[0].x, 414.32) && close(tip.texts[0].y, 337.25))
        #expect(close(tip.texts[1].x, 414.32) && close(tip.texts[1].y, 353))
        #expect(close(tip.texts[0].width, 171.36))
        #expect(tip.texts[0].style.bold)
        #expect(close(tip.texts[0].style.size, 10.2))
        #expect(tip.texts[1].style.size == 12)

        // The arrow: base on the box's bottom edge, centered on the pin, 12 wide; the tip
        // 4 above the marker's edge (400 - 13 - 4 = 383).
        let arrow = try #require(tip.arrow)
        #expect(arrow.count == 3)
        #expect(close(arrow[0].x, 494) && close(arrow[0].y, 376))
        #expect(close(arrow[1].x, 506) && close(arrow[1].y, 376))
        #expect(close(arrow[2].x, 500) && close(arrow[2].y, 383))
    }

    /// The same tooltip on a 2000 x 2000 output, where the UI scale is 2: every size doubles.
    /// Header 0.6 x 20.4 x 28 = 342.72 wide, 25.5 high; body 30 high; spacing 6; padding 16:
    /// the box is 374.72 x 93.5, 48 above the pin at (1000, 1000).
    @Test func tooltipScalesWithTheUIScale() throws {
        var root = rootPin("a", x: 0.5, y: 0.5, text: "Hello", authorName: "Anna")
        root.createdAt = november2At0915UTC
        let scene = layout(.auto).scene(page: 1, threads: [CommentThread(root: root, number: 1)],
                                        outputSize: CGSize(width: 2000, height: 2000))
        #expect(scene.uiScale == 2)
        #expect(scene.markers.first?.radius == 26)
        let tip = try #require(scene.tooltips.first)
        #expect(tip.side == .top)
        #expect(close(tip.x, 812.64))
        #expect(close(tip.y, 858.5))
        #expect(close(tip.width, 374.72))
        #expect(close(tip.height, 93.5))
        #expect(tip.cornerRadius == 12)
        #expect(close(tip.texts[1].y, 858.5 + 16 + 25.5 + 6))
        // Arrow base on the box's bottom edge (952), 24 wide; tip 26 + 8 above the pin.
        let arrow = try #require(tip.arrow)
        #expect(close(arrow[0].x, 988) && close(arrow[0].y, 952))
        #expect(close(arrow[1].x, 1012) && close(arrow[1].y, 952))
        #expect(close(arrow[2].x, 1000) && close(arrow[2].y, 966))
    }

    /// Same header and a 1000-character comment with 2 replies in a 400-wide output.
    /// Body: 7200 wide at full length, so it wraps to its 4 allowed lines (60 high);
    /// footer "2 replies" is 12.75 high. Inner width 260 (tooltipMaxWidth).
    @Test(arguments: [
        // height 100: room 100 - 8 - 16 = 76. 4 lines: 12.75 + 60 + 12.75 + 6 = 91.5; 3 lines: 76.5;
        // 2 lines: 61.5 fits.
        (100.0, ["header", "body", "footer"], 2, 276.0, 77.5),
        // height 60: room 36. 1 line with the footer: 46.5; without it: 30.75 fits.
        (60.0, ["header", "body"], 1, 276.0, 46.75),
        // height 40: room 16. Header and 1 line: 30.75; the header alone: 12.75 fits, and the
        // box narrows to the header: 171.36 + 16.
        (40.0, ["header"], 0, 187.36, 28.75),
    ])
    func longCommentShedsLinesThenFooterThenComment(_ height: Double, _ parts: [String], _ bodyLines: Int,
                                                     _ boxWidth: Double, _ boxHeight: Double) throws {
        var root = rootPin("a", x: 0.5, y: 0.5, text: String(repeating: "x", count: 1000), authorName: "Anna")
        root.createdAt = november2At0915UTC
        let thread = CommentThread(root: root, number: 1,
                                   replies: [replyPin("r1", to: "a"), replyPin("r2", to: "a")])
        let scene = layout(.all).scene(page: 1, threads: [thread], outputSize: CGSize(width: 400, height: height))
        let tip = try #require(scene.tooltips.first)
        #expect(close(tip.width, boxWidth))
        #expect(close(tip.height, boxHeight))
        let names = tip.texts.map { visible($0.text).hasPrefix("#1") ? "header" : visible($0.text) == "2 replies" ? "footer" : "body" }
        #expect(names == parts)
        if bodyLines > 0 {
            #expect(tip.texts[1].style.maxLines == bodyLines)
        }
    }

    @Test func noTooltipWhenEvenTheHeaderDoesNotFit() {
        // 60 x 30: the container is 22 high, 6 inside the padding; the header needs 12.75.
        let scene = layout(.all).scene(page: 1, threads: [thread("a", 0.5, 0.5, number: 1)],
                                       outputSize: CGSize(width: 60, height: 30))
        #expect(scene.tooltips.isEmpty)
        #expect(scene.droppedTooltips == ["a"])
    }

    @Test func resolvedTooltipIsMarked() throws {
        let scene = layout(.all).scene(page: 1, threads: [thread("a", 0.5, 0.5, number: 1, resolved: true)],
                                       outputSize: CGSize(width: 1000, height: 800))
        let tip = try #require(scene.tooltips.first)
        #expect(tip.resolved)
        #expect(tip.texts.last.map { visible($0.text) } == "✓ Resolved")
        #expect(tip.texts[1].style.color == Theme().tooltipSecondaryText)
    }
}
