import Foundation
import Testing
@testable import PinRenderCore

/// The plan a scene carries besides its pins: where the document page goes, the fills
/// under and beside it, the thread panel. Each was decided while drawing before.
@Suite struct ScenePlanTests {
    let layout = PageLayout(theme: Theme(), tooltips: .none, measurer: StandInMeasurer())

    private func thread(_ id: String, number: Int) -> CommentThread {
        CommentThread(root: rootPin(id, x: 0.5, y: 0.5, at: 0, text: "Hello", resolved: false, number: number,
                                    authorName: "Anna", kind: .text, audio: nil),
                      number: number, replies: [])
    }

    @Test func anExportDrawsThePageAtItsScaledSizeClippedToTheOutput() {
        // A page 1000.4 x 700.6 px at this scale, in an output rounded to 1000 x 701.
        let scene = layout.scene(page: 3, threads: [], outputSize: CGSize(width: 1000, height: 701),
                                 pageSize: CGSize(width: 1000.4, height: 700.6))
        #expect(scene.placement == PagePlacement(rect: Rect(x: 0, y: 0, width: 1000.4, height: 700.6),
                                                 clip: Rect(x: 0, y: 0, width: 1000, height: 701)))
        #expect(scene.backdrop == nil && scene.panel == nil)
        #expect(scene.drawnSize == CGSize(width: 1000, height: 701))
    }

    @Test func aDeviceScreenLetterboxesThePageAndClipsItToWhatIsInView() throws {
        // A 1000 x 500 page on a 400 x 800 point screen at 2x: fit 0.4, the page 400 x 200
        // points centered at y 300, so 800 x 400 pixels at y 600 on a 800 x 1600 canvas.
        let fitted = Viewport(size: CGSize(width: 400, height: 800), scale: 2, contentSize: CGSize(width: 1000, height: 500))
        let scene = layout.scene(page: 1, threads: [], viewport: fitted)
        #expect(scene.backdrop == Fill(rect: Rect(x: 0, y: 0, width: 800, height: 1600), color: Theme().letterboxFill))
        #expect(scene.placement == PagePlacement(rect: Rect(x: 0, y: 600, width: 800, height: 400),
                                                 clip: Rect(x: 0, y: 600, width: 800, height: 400)))
        // At zoom 4 scrolled to (100, 50): the page is 1600 x 800 points from (-100, 250); in
        // view is the part inside the screen.
        let zoomed = Viewport(size: CGSize(width: 400, height: 800), scale: 2, contentSize: CGSize(width: 1000, height: 500),
                              zoomScale: 4, contentOffset: CGPoint(x: 100, y: 50))
        let placement = try #require(layout.scene(page: 1, threads: [], viewport: zoomed).placement)
        #expect(placement.rect == Rect(x: -200, y: 0, width: 3200, height: 1600))
        #expect(placement.clip == Rect(x: 0, y: 0, width: 800, height: 1600))
    }

    @Test func thePanelTakesAThirdOfThePageBetween300And560Points() throws {
        let theme = Theme()
        let threads = [thread("a", number: 1), thread("b", number: 2)]
        for (width, height, expected) in [(1000.0, 800.0, 320.0), (600, 400, 300), (3000, 1000, 560), (6000, 3000, 1680)] {
            let scene = layout.scene(page: 1, threads: threads, outputSize: CGSize(width: width, height: height))
            let panel = try #require(layout.addingPanel(to: scene, threads: threads).panel)
            let ui = scene.uiScale
            #expect(panel.rect == Rect(x: width, y: 0, width: expected, height: height), "\(width) x \(height) at \(ui)")
            #expect(panel.background == theme.panelFill)
            #expect(panel.divider == Fill(rect: Rect(x: width, y: 0, width: max(1, ui), height: height),
                                          color: theme.tooltipBorder))
            #expect(layout.addingPanel(to: scene, threads: threads).drawnSize == CGSize(width: width + expected, height: height))
        }
    }

    @Test func thePanelHoldsTheSummaryOfItsThreadsAtThePagesScale() throws {
        let threads = [thread("a", number: 1), thread("b", number: 2)]
        let scene = layout.scene(page: 1, threads: threads, outputSize: CGSize(width: 1000, height: 800))
        let panel = try #require(layout.addingPanel(to: scene, threads: threads).panel)
        let summary = SummaryLayout(layout: layout, size: CGSize(width: 320, height: 800), scale: scene.uiScale).panel(threads)
        #expect(panel.markers == summary.markers && panel.texts == summary.texts)
        #expect(panel.markers.map(\.id) == ["a", "b"])
        #expect(panel.content.width == 320 && panel.content.height == 800 && panel.content.texts == summary.texts)
    }

    @Test func aSceneWithoutTheNewKeysStillDecodes() throws {
        let old = #"{"page": 1, "width": 10, "height": 20, "uiScale": 1, "markers": [], "clusters": [], "tooltips": [], "texts": [], "indicators": [], "droppedTooltips": []}"#
        let scene = try JSONDecoder().decode(Scene.self, from: Data(old.utf8))
        #expect(scene.placement == nil && scene.backdrop == nil && scene.panel == nil)
    }

    @Test func aBadgeSetsThreeCharactersSmallerAndCountsStopAt99() {
        let fill = Theme().badgeFill
        #expect(Badge(x: 0, y: 0, radius: 8, text: "7", fill: fill).fontSize == 10)
        #expect(Badge(x: 0, y: 0, radius: 8, text: "42", fill: fill).fontSize == 10)
        #expect(Badge(x: 0, y: 0, radius: 8, text: "99+", fill: fill).fontSize == 8 * 0.9)
        #expect([0, 99, 100, 12345].map(Badge.countLabel) == ["0", "99", "99+", "99+"])
        let busy = CommentThread(root: rootPin("a", text: "Hello", number: 1), number: 1,
                                 replies: (0..<150).map { replyPin("r\($0)", to: "a", at: Double($0)) })
        let badge = layout.marker(for: busy, at: CGPoint(x: 100, y: 100), ui: 1).replyBadge
        #expect(badge?.text == "99+" && badge?.fontSize == 13 * 0.5 * 1.1 * 0.9)
    }

    @Test func anIndicatorCarriesItsArrowheadAndItsCount() throws {
        // 120 pins far to the right of a 1000 x 600 view, at its middle height: one
        // indicator on the right edge pointing right (angle 0), its count "99+".
        let hidden = (0..<120).map { i in (thread("p\(i)", number: i + 1), CGPoint(x: 5000, y: 300)) }
        let indicators = layout.indicators(for: hidden, visible: CGRect(x: 0, y: 0, width: 1000, height: 600), ui: 2)
        let indicator = try #require(indicators.first)
        #expect(indicators.count == 1 && indicator.edge == .right && indicator.angle == 0 && indicator.count == 120)
        let (x, y, r) = (indicator.x, indicator.y, indicator.radius)
        #expect(r == 13 * 2 * 0.9)
        // The count in a box of its own color, square-cornered (not a bubble's disc).
        let badge = indicator.badge
        #expect(badge.x == x && badge.y == y && badge.radius == r * 0.85 && badge.text == "99+" && badge.fill == Theme().markerFill)
        #expect(indicator.body == Rect(x: x - badge.width / 2, y: y - badge.radius, width: badge.width, height: 2 * badge.radius))
        #expect(indicator.cornerRadius <= indicator.body.height / 3)
        // The tip 1.55 radii out (the outline 1.5 UI points further), the base 0.6 radii out.
        #expect(indicator.arrow == [Point(x: x + 1.55 * r, y: y), Point(x: x + 0.6 * r, y: y + 0.7 * r),
                                    Point(x: x + 0.6 * r, y: y - 0.7 * r)])
        #expect(indicator.outline == [Point(x: x + 1.55 * r + 3, y: y), Point(x: x + 0.6 * r, y: y + 0.85 * r),
                                      Point(x: x + 0.6 * r, y: y - 0.85 * r)])
    }

    @Test func badgesAndIndicatorsWrittenBeforeTheirSizesStillDecode() throws {
        let badge = try JSONDecoder().decode(Badge.self, from: Data(#"{"x": 1, "y": 2, "radius": 10, "text": "100"}"#.utf8))
        #expect(badge.fontSize == 9)
        let indicator = try JSONDecoder().decode(EdgeIndicator.self, from: Data(
            #"{"edge": "top", "x": 5, "y": 6, "radius": 10, "angle": 1, "count": 3, "unresolved": 1, "pinIds": ["a"]}"#.utf8))
        #expect(indicator.badge == Badge(x: 5, y: 6, radius: 10, text: "3", fill: Theme().badgeFill))
        #expect(indicator.arrow.isEmpty && indicator.fill == Theme().markerFill)
        let marker = try JSONDecoder().decode(Marker.self, from: Data(#"""
            {"id": "a", "number": 1, "x": 1, "y": 2, "radius": 13, "resolved": true, "replies": 0, "voice": false,
             "label": "1", "labelSize": 10}
            """#.utf8))
        #expect(marker.fill == Theme().resolvedFill && marker.labelColor == Theme().resolvedText)
    }

    @Test func strokesFollowTheScenesUIScale() {
        let strokes = Scene(page: 1, width: 100, height: 100, uiScale: 2.5).strokes
        #expect(strokes.shadowOffset == 3 && strokes.shadowSpread == 2 && strokes.ring == 5 && strokes.badgeRim == 3)
        #expect(strokes.clusterRingInset == 11.25 && strokes.line == 2.5 && strokes.resolvedDash == [10, 7.5])
    }
}
