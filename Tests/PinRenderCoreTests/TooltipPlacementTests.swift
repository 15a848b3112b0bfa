import Foundation
import Testing
@testable import PinRenderCore

/// A 1000 x 800 output (UI scale 1) with one pin whose tooltip is the 187.36 x 46.75 box worked
/// out in PageLayoutTests (header "#1 · Anna · 2026-11-02 09:15", body "Hello"). The box
/// stands 24 from the pin (radius 13 + gap 4 + arrow 7); the container is inset 4.
private let output = CGSize(width: 1000, height: 800)
private let boxSize = CGSize(width: 187.36, height: 46.75)

private func tooltip(u: Double, v: Double, mode: TooltipMode = .auto,
                     sourceLocation: SourceLocation = #_sourceLocation) throws -> Tooltip {
    var root = rootPin("a", x: u, y: v, text: "Hello", authorName: "Anna")
    root.createdAt = november2At0915UTC
    let layout = PageLayout(theme: Theme(), tooltips: mode, measurer: StandInMeasurer())
    let scene = layout.scene(page: 1, threads: [CommentThread(root: root, number: 1)], outputSize: output)
    let tip = try #require(scene.tooltips.first, sourceLocation: sourceLocation)
    #expect(abs(tip.width - boxSize.width) < 1e-9 && abs(tip.height - boxSize.height) < 1e-9,
            sourceLocation: sourceLocation)
    return tip
}

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 }

struct TooltipPlacementTests {
    // MARK: the mobile rule

    @Test(arguments: [TooltipMode.auto, .all])
    func pinNearTheRightEdgeGetsItsTooltipOnTheLeft(_ mode: TooltipMode) throws {
        // Pin at x 970; room on the left. The box ends 24 left of the pin, centered vertically.
        let tip = try tooltip(u: 0.97, v: 0.5, mode: mode)
        #expect(tip.side == .left)
        #expect(close(tip.x + tip.width, 946))
        #expect(close(tip.y, 400 - 46.75 / 2))
    }

    @Test(arguments: [TooltipMode.auto, .all])
    func pinNearTheLeftEdgeGetsItsTooltipOnTheRight(_ mode: TooltipMode) throws {
        let tip = try tooltip(u: 0.02, v: 0.5, mode: mode)
        #expect(tip.side == .right)
        #expect(close(tip.x, 20 + 24))
    }

    @Test(arguments: [TooltipMode.auto, .all])
    func pinNearTheBottomGetsItsTooltipAbove(_ mode: TooltipMode) throws {
        let tip = try tooltip(u: 0.5, v: 0.98, mode: mode)
        #expect(tip.side == .top)
        #expect(close(tip.y + tip.height, 784 - 24))
    }

    @Test(arguments: [TooltipMode.auto, .all])
    func pinNearTheTopGetsItsTooltipBelow(_ mode: TooltipMode) throws {
        // Pin at y 8: its marker leans down, its disc 1.6 radii below the point; the box starts 24 below the disc's center.
        let tip = try tooltip(u: 0.5, v: 0.01, mode: mode)
        #expect(tip.side == .bottom)
        #expect(close(tip.y, 8 + 1.6 * 13 + 24))
        #expect(close(tip.x, 500 - 187.36 / 2))
    }

    @Test func pinInTheMiddleGetsItsTooltipAbove() throws {
        let tip = try tooltip(u: 0.5, v: 0.5)
        #expect(tip.side == .top)
    }

    @Test func pinWithPlentyOfRoomAboveIsNotMovedByTheRule() throws {
        // v = 0.9 is outside the 5% band: above, the default.
        let tip = try tooltip(u: 0.5, v: 0.9)
        #expect(tip.side == .top)
        // u = 0.94 is outside the band too.
        #expect(try tooltip(u: 0.94, v: 0.5).side == .top)
    }

    @Test func cornerPinPrefersTheHorizontalRule() throws {
        // Bottom-right corner: left (u rule) comes before top (v rule).
        #expect(try tooltip(u: 0.97, v: 0.98).side == .left)
        #expect(try tooltip(u: 0.02, v: 0.01).side == .right)
    }

    @Test func noRoomAboveFallsBackToBelow() throws {
        // Pin at y 48 (v 0.06, outside the band): above would start at 48 - 24 - 46.75 < 4.
        let tip = try tooltip(u: 0.5, v: 0.06)
        #expect(tip.side == .bottom)
        #expect(close(tip.y, 48 + 24))
    }

    @Test func boxShiftsAlongItsSideToStayInside() throws {
        // Pin at x 60: centered above, the box would start at 60 - 93.68 < 4; it shifts to 4,
        // and its arrow still points at the pin.
        let tip = try tooltip(u: 0.06, v: 0.5)
        #expect(tip.side == .top)
        #expect(close(tip.x, 4))
        let arrow = try #require(tip.arrow)
        #expect(close(arrow[0].x, 54) && close(arrow[1].x, 66) && close(arrow[2].x, 60))
    }

    @Test func preferredSides() {
        #expect(TooltipPlacer.preferredSides(u: 0.5, v: 0.5) == [.top, .bottom, .right, .left])
        #expect(TooltipPlacer.preferredSides(u: 0.97, v: 0.5) == [.left, .top, .bottom, .right])
        #expect(TooltipPlacer.preferredSides(u: 0.02, v: 0.5) == [.right, .top, .bottom, .left])
        #expect(TooltipPlacer.preferredSides(u: 0.5, v: 0.98) == [.top, .bottom, .right, .left])
        #expect(TooltipPlacer.preferredSides(u: 0.5, v: 0.01) == [.bottom, .top, .right, .left])
        #expect(TooltipPlacer.preferredSides(u: 1, v: 0) == [.left, .bottom, .top, .right])
    }

    // MARK: crowded pages

    private func crowd(_ count: Int, resolvedEvery: Int = 3) -> [CommentThread] {
        (0..<count).map { i in
            // A grid, pins well apart; times differ so that "newest" is well defined.
            CommentThread(root: rootPin("p\(i)", x: 0.05 + 0.9 * Double(i % 6) / 5, y: 0.05 + 0.9 * Double(i / 6) / 5,
                                        at: Double(i), text: "Comment \(i)", resolved: i % resolvedEvery == 0),
                          number: i + 1)
        }
    }

    @Test func overTheAutoLimitAllTooltipsAreDropped() {
        let theme = Theme()
        let threads = crowd(theme.autoTooltipLimit + 1)
        let layout = PageLayout(theme: theme, tooltips: .auto, measurer: StandInMeasurer())
        let scene = layout.scene(page: 1, threads: threads, outputSize: CGSize(width: 2000, height: 2000))
        #expect(scene.tooltips.isEmpty)
        #expect(scene.markers.count == 26)
        #expect(Set(scene.droppedTooltips) == Set(threads.map(\.id)))
        #expect(scene.droppedTooltips.count == 26)
        // Most important first: open ones newest first, then resolved ones newest first.
        let open = threads.filter { !$0.root.resolved }.map(\.id).reversed()
        let resolved = threads.filter { $0.root.resolved }.map(\.id).reversed()
        #expect(scene.droppedTooltips == Array(open) + Array(resolved))
    }

    @Test func atTheAutoLimitTooltipsAreShown() {
        let theme = Theme()
        let layout = PageLayout(theme: theme, tooltips: .auto, measurer: StandInMeasurer())
        let scene = layout.scene(page: 1, threads: crowd(theme.autoTooltipLimit),
                                 outputSize: CGSize(width: 2000, height: 2000))
        #expect(!scene.tooltips.isEmpty)
        #expect(scene.tooltips.count + scene.droppedTooltips.count == 25)
    }

    @Test func customAutoLimit() {
        var theme = Theme()
        theme.autoTooltipLimit = 3
        let layout = PageLayout(theme: theme, tooltips: .auto, measurer: StandInMeasurer())
        let scene = layout.scene(page: 1, threads: crowd(4), outputSize: CGSize(width: 2000, height: 2000))
        #expect(scene.tooltips.isEmpty)
        #expect(Set(scene.droppedTooltips) == ["p0", "p1", "p2", "p3"])
    }

    @Test func allModeIgnoresTheAutoLimit() {
        let layout = PageLayout(theme: Theme(), tooltips: .all, measurer: StandInMeasurer())
        let scene = layout.scene(page: 1, threads: crowd(30), outputSize: CGSize(width: 2000, height: 2000))
        #expect(scene.tooltips.count == 30)
        #expect(scene.droppedTooltips.isEmpty)
    }
}
