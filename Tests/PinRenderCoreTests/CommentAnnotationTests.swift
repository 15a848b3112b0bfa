import Foundation
import Testing
@testable import PinRenderCore

/// Where a review export's PDF comments, popups and destinations go, in PDF page space.
@Suite struct CommentAnnotationTests {
    let layout = PageLayout(theme: Theme(), tooltips: .none, measurer: StandInMeasurer())

    private func thread(_ id: String, page: Int, x: Double, y: Double, number: Int) -> CommentThread {
        CommentThread(root: rootPin(id, x: x, y: y, page: page, text: "Hello", number: number), number: number, replies: [])
    }

    @Test func theCommentCoversTheMarkerWithItsPopupBesideAndItsDestinationAboveLeft() throws {
        // A 600 x 800 pt page, not rotated: content y down is page y up from 800.
        let threads = [thread("a", page: 2, x: 0.25, y: 0.5, number: 1), thread("b", page: 1, x: 0.5, y: 0.5, number: 2)]
        let scene = layout.scene(page: 2, threads: [threads[0]], outputSize: CGSize(width: 600, height: 800))
        let geometry = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 600, height: 800))
        let summary = SummaryLayout(layout: layout).pages(threads)
        // Only page 2 is exported: "b" (page 1) gets no comment.
        let plan = CommentAnnotation.plan(threads, scenes: [scene], pages: [2], geometries: [geometry], summary: summary)
        #expect(plan.count == 2 && plan[1] == nil)
        let a = try #require(plan[0])
        #expect(a.threadId == "a" && a.page == 1)
        // The marker at (150, 400), radius 13.
        #expect(a.rect == Rect(x: 137, y: 387, width: 26, height: 26))
        #expect(a.popup == Rect(x: 163, y: 293, width: 220, height: 120))
        #expect(a.destination == Point(x: 90, y: 460))
        // Its summary entry is on the first page after the exported one, its destination
        // just above it at the left edge.
        let entry = try #require(a.entry)
        let listed = try #require(summary[0].entries.first { $0.threadId == "a" }).rect
        #expect(entry.page == 2)
        let expected = [listed.minX, 842 - listed.maxY, listed.width, listed.height]
        #expect(zip([entry.rect.x, entry.rect.y, entry.rect.width, entry.rect.height], expected).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(entry.destination.x == 0 && abs(entry.destination.y - (842 - listed.minY + 6)) < 1e-9)
    }

    @Test func aClusteredPinsCommentCoversItsBubble() throws {
        let cluster = Cluster(id: "c1", x: 300, y: 200, radius: 20, count: 2, unresolved: 2, label: "2",
                              labelSize: 10, pinIds: ["a", "b"], unresolvedBadge: nil, fill: Theme().badgeFill)
        var scene = Scene(page: 1, width: 600, height: 800, uiScale: 1)
        scene.clusters = [cluster]
        let plan = CommentAnnotation.plan([thread("b", page: 1, x: 0.5, y: 0.25, number: 1)], scenes: [scene], pages: [1],
                                          geometries: [PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 600, height: 800))],
                                          summary: [])
        let b = try #require(plan[0])
        #expect(b.rect == Rect(x: 280, y: 580, width: 40, height: 40) && b.entry == nil)
    }
}
