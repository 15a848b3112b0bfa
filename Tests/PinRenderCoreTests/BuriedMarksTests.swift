import Foundation
import Testing
@testable import PinRenderCore

/// Tooltips and markers wholly under three tooltips drawn above them are not drawn on an image
/// (issue 19: 10,000 tooltips on a page drew every one, and every marker, most out of sight).
struct BuriedMarksTests {
    static func tooltip(_ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Tooltip {
        Tooltip(pinId: id, x: x, y: y, width: width, height: height, side: .top, cornerRadius: 8,
                arrow: [Point(x: x + 20, y: y + height), Point(x: x + 32, y: y + height), Point(x: x + 26, y: y + height + 7)],
                texts: [], resolved: false, dash: [])
    }

    static func scene(_ tooltips: [Tooltip]) -> Scene {
        var scene = Scene(page: 1, width: 1000, height: 800, uiScale: 1)
        scene.tooltips = tooltips
        return scene
    }

    static let whole = CGRect(x: 0, y: 0, width: 1000, height: 800)
    static let small = tooltip("small", 300, 300, 200, 80)
    static func cover(_ n: Int) -> Tooltip { tooltip("cover\(n)", 250 - Double(n), 250, 320, 200) }

    @Test func aBoxUnderThreeIsBuriedUnderTwoItIsNot() {
        #expect(Self.scene([Self.small, Self.cover(1), Self.cover(2), Self.cover(3)]).buried(in: Self.whole).tooltips == [0])
        #expect(Self.scene([Self.small, Self.cover(1), Self.cover(2)]).buried(in: Self.whole).tooltips == [])
        // Drawn above them, it is on top.
        #expect(Self.scene([Self.cover(1), Self.cover(2), Self.cover(3), Self.small]).buried(in: Self.whole).tooltips == [])
    }

    @Test func aBoxThatPassesTheOthersByAFewPixelsIsNotBuried() {
        for (dx, dy) in [(60.0, 0.0), (-40.0, 0.0), (0.0, 75.0), (0.0, -45.0)] {
            var peeking = Self.small
            peeking.x += dx
            peeking.y += dy
            #expect(Self.scene([peeking, Self.cover(1), Self.cover(2), Self.cover(3)]).buried(in: Self.whole).tooltips == [],
                    "moved by \(dx), \(dy)")
        }
    }

    /// Each stripe buries, of the tooltips reaching it, the ones the whole page does, and
    /// shows the same parts of those buried in part.
    @Test func stripesBuryWhatTheWholePageDoes() {
        var random = SplitMix64(seed: 19)
        let tooltips = (0..<1000).map { i in
            Self.tooltip("t\(i)", random.unit() * 800, random.unit() * 650, 120 + random.unit() * 80, 60 + random.unit() * 60)
        }
        let scene = Self.scene(tooltips)
        let whole = scene.buried(in: Self.whole), buried = whole.tooltips
        #expect(buried.count > 200 && whole.shown.count > 200)
        for top in stride(from: 0.0, to: 800, by: 130) {
            let stripe = CGRect(x: 0, y: top, width: 1000, height: 130)
            let reaching = Set(tooltips.indices.filter { tooltips[$0].boxBounds(scene.strokes).intersects(stripe) })
            let burial = scene.buried(in: stripe)
            #expect(burial.tooltips == buried.intersection(reaching), "stripe at \(top)")
            #expect(burial.shown == whole.shown.filter { reaching.contains($0.key) }, "stripe at \(top)")
        }
    }

    @Test func aMarkerUnderThreeTooltipsIsBuriedUnderTwoItIsNot() {
        let marker = Marker(id: "m", number: 1, x: 400, y: 340, radius: 13, resolved: true, replies: 0, voice: false,
                            label: "1", labelSize: 10, fill: Theme().resolvedFill, labelColor: Theme().resolvedText,
                            checkBadge: Badge(x: 410, y: 350, radius: 6.5, text: "✓", fill: Theme().checkFill))
        var scene = Self.scene([Self.cover(1), Self.cover(2), Self.cover(3)])
        scene.markers = [marker]
        #expect(scene.buried(in: Self.whole).markers == [0])
        scene.tooltips.removeLast()
        #expect(scene.buried(in: Self.whole).markers == [])
        scene.tooltips = [Self.cover(1), Self.cover(2), Self.cover(3)].map { var t = $0; t.y += 120; return t }
        #expect(scene.buried(in: Self.whole).markers == [], "the marker peeks out above them")
    }
}

/// A tooltip buried in part is drawn only where it shows (issue 19: with 10,000 tooltips on a
/// page nearly every box is buried in part and few wholly, and drawing each whole filled a
/// billion pixels).
struct PartlyBuriedTooltipTests {
    typealias T = BuriedMarksTests

    /// Three boxes over the left of a smaller one: it shows in the blocks its bounds touch that
    /// are not wholly inside all three covers' inner boxes, and only there.
    @Test func aBoxShowsWhereFewerThanThreeCoverIt() throws {
        let covers = (1...3).map { n in T.tooltip("cover\(n)", 150 - Double(n), 200, 300, 300) }
        let scene = T.scene([T.small] + covers)
        let burial = scene.buried(in: T.whole)
        #expect(!burial.tooltips.contains(0))
        let parts = try #require(burial.shown[0])
        // The covers' inner boxes (less their corners and border, a pixel more) all hold this one.
        let inner = covers.map { CGRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height).insetBy(dx: 9, dy: 9) }
            .reduce(T.whole) { $0.intersection($1) }
        let bounds = T.small.boxBounds(scene.strokes)
        for y in stride(from: (bounds.minY / 8).rounded(.down) * 8, through: bounds.maxY, by: 8) {
            for x in stride(from: (bounds.minX / 8).rounded(.down) * 8, through: bounds.maxX, by: 8) {
                let block = CGRect(x: x, y: y, width: 8, height: 8)
                let shows = parts.contains { $0.contains(CGPoint(x: block.midX, y: block.midY)) }
                #expect(shows == !inner.contains(block), "block at \(x), \(y)")
            }
        }
        #expect(parts.allSatisfy { $0.minX.truncatingRemainder(dividingBy: 8) == 0 && $0.minY.truncatingRemainder(dividingBy: 8) == 0 })
    }

    /// A box with no block covered three deep is drawn whole: no parts.
    @Test func aBoxUnderTwoIsWhole() {
        let covers = (1...2).map { n in T.tooltip("cover\(n)", 150 - Double(n), 200, 300, 300) }
        #expect(T.scene([T.small] + covers).buried(in: T.whole).shown.isEmpty)
    }
}
