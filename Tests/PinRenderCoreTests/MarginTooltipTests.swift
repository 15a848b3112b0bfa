import Foundation
import Testing
@testable import PinRenderCore

/// `--tooltips margin`: the comment balloons in a column beside the page.
struct MarginTooltipTests {
    static func scene(_ threads: [CommentThread], _ size: CGSize) -> Scene {
        PageLayout(theme: Theme(), tooltips: .margin, measurer: StandInMeasurer())
            .scene(page: 1, threads: threads, outputSize: size)
    }

    @Test func boxesStayNearTheirPinsHeightWithoutOverlapping() {
        // Alone, a box is centered on its pin's height; two that would overlap share the
        // difference; a stack that would pass the bottom is moved up inside.
        #expect(PageLayout.stackedTops(ideal: [100], heights: [40], gap: 8, within: 0...1000) == [100])
        #expect(PageLayout.stackedTops(ideal: [100, 110], heights: [40, 40], gap: 8, within: 0...1000) == [81, 129])
        #expect(PageLayout.stackedTops(ideal: [100, 500], heights: [40, 40], gap: 8, within: 0...1000) == [100, 500])
        #expect(PageLayout.stackedTops(ideal: [950, 960], heights: [40, 40], gap: 8, within: 0...1000) == [912, 960])
        #expect(PageLayout.stackedTops(ideal: [-50], heights: [40], gap: 8, within: 4...996) == [4])
    }

    @Test func leaderLinesNeverCrossAndBoxesNeverOverlap() throws {
        var random = SplitMix64(seed: 15)
        for round in 0..<40 {
            let count = 1 + Int(random.next() % 14)
            let threads = (0..<count).map { i in
                CommentThread(root: rootPin("m\(i)", x: random.unit(), y: round % 4 == 0 ? 0.5 : random.unit(),
                                            at: Double(i), text: String(repeating: "word ", count: Int(random.next() % 40))),
                              number: i + 1)
            }
            let scene = Self.scene(threads, CGSize(width: 1200, height: 900))
            let margin = try #require(scene.margin)
            #expect(Double(scene.drawnSize.width) == 1200 + margin.rect.width)
            #expect(scene.tooltips.count + scene.droppedTooltips.count == count)
            for (i, a) in scene.tooltips.enumerated() {
                #expect(contains(margin.rect.cgRect, a.rect))
                let la = try #require(a.leader)
                for b in scene.tooltips[(i + 1)...] {
                    #expect(!overlaps(a.rect, b.rect), "round \(round): \(a.pinId) and \(b.pinId) overlap")
                    let lb = try #require(b.leader)
                    for sa in zip(la, la.dropFirst()) {
                        for sb in zip(lb, lb.dropFirst()) {
                            let crossing = TooltipCandidate.segments((sa.0.cg, sa.1.cg), (sb.0.cg, sb.1.cg))
                            #expect(!crossing, "round \(round): leaders of \(a.pinId) and \(b.pinId) cross")
                        }
                    }
                }
            }
        }
    }

    @Test func tooManyForTheColumnDropsTheLeastImportant() {
        // Twenty long comments on a short page: the newest open ones are kept.
        let threads = (0..<20).map { i in
            CommentThread(root: rootPin("m\(i)", x: 0.5, y: Double(i) / 20, at: Double(i), text: String(repeating: "long ", count: 60)),
                          number: i + 1)
        }
        let scene = Self.scene(threads, CGSize(width: 800, height: 400))
        #expect(!scene.droppedTooltips.isEmpty && !scene.tooltips.isEmpty)
        let kept = Set(scene.tooltips.map(\.pinId))
        let newest = threads.reversed().prefix(kept.count).map(\.id)
        #expect(kept == Set(newest))
        #expect(scene.tooltipShortfall?.hasPrefix("page 1: of 20 tooltips, \(scene.droppedTooltips.count) are dropped") == true)
    }

    @Test func thePanelComesAfterTheColumn() throws {
        let layout = PageLayout(theme: Theme(), tooltips: .margin, measurer: StandInMeasurer())
        let threads = [CommentThread(root: rootPin("a", text: "Hello"), number: 1)]
        let scene = layout.addingPanel(to: layout.scene(page: 1, threads: threads, outputSize: CGSize(width: 800, height: 600)),
                                       threads: threads)
        let margin = try #require(scene.margin), panel = try #require(scene.panel)
        #expect(panel.rect.x == margin.rect.x + margin.rect.width)
        #expect(Double(scene.drawnSize.width) == panel.rect.x + panel.rect.width)
    }
}

private extension Point {
    var cg: CGPoint { CGPoint(x: x, y: y) }
}
