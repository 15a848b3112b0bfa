import Foundation
import Testing
@testable import PinRenderCore

/// Where a review export's PDF comments, popups and destinations go, in PDF page space.
@Suite struct CommentAnnotationTests {
    let layout = PageLayout(theme: Theme(), tooltips: .none, measurer: StandInMeasurer())

    private func thread(_ id: String, page: Int, x: Double, y: Double, number: Int) -> CommentThread {
        CommentThread(root: rootPin(id, x: x, y: y, page: page, text: "Hello", number: number), number: number, replies: [])
    }

    @Test func theNotePointsAtThePinWithItsPopupBesideTheMarkerAndItsDestinationAboveLeft() throws {
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
        // The marker at (150, 400), radius 13: the note's upper-left corner is its centre,
        // the link covers all of it.
        #expect(a.rect == Rect(x: 150, y: 387, width: 13, height: 13))
        #expect(a.marker == Rect(x: 137, y: 387, width: 26, height: 26))
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

    @Test func aClusteredPinsNotePointsAtThePinAndItsLinkCoversTheBubble() throws {
        let cluster = Cluster(id: "c1", x: 300, y: 200, radius: 20, count: 2, unresolved: 2, label: "2",
                              labelSize: 10, pinIds: ["a", "b"], unresolvedBadge: nil, fill: Theme().badgeFill)
        var scene = Scene(page: 1, width: 600, height: 800, uiScale: 1)
        scene.clusters = [cluster]
        // The pin, at (312, 200), is in the bubble at (300, 200): its note points at the pin.
        let plan = CommentAnnotation.plan([thread("b", page: 1, x: 0.52, y: 0.25, number: 1)], scenes: [scene], pages: [1],
                                          geometries: [PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 600, height: 800))],
                                          summary: [])
        let b = try #require(plan[0])
        #expect(b.rect == Rect(x: 312, y: 580, width: 20, height: 20) && b.entry == nil)
        #expect(b.marker == Rect(x: 280, y: 580, width: 40, height: 40))
    }

    @Test(arguments: Rotation.allCases)
    func onARotatedCroppedPageTheNotesUpperLeftCornerIsThePinsPoint(rotation: Rotation) throws {
        let geometry = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 600, height: 800),
                                    cropBox: CGRect(x: 40, y: 60, width: 500, height: 640), rotation: rotation)
        let size = geometry.displayedSize
        let threads = [thread("a", page: 1, x: 0.3, y: 0.6, number: 1)]
        let scene = layout.scene(page: 1, threads: threads, outputSize: size)
        let plan = CommentAnnotation.plan(threads, scenes: [scene], pages: [1], geometries: [geometry], summary: [])
        let a = try #require(plan[0])
        // Where `pinrender import` (and every reader of sticky notes) takes the note's point.
        let point = geometry.contentPoint(fromPageSpace: CGPoint(x: a.rect.x, y: a.rect.y + a.rect.height))
        #expect(abs(point.x - 0.3 * size.width) < 1e-9 && abs(point.y - 0.6 * size.height) < 1e-9)
        // The note lies on the marker, which the link covers.
        #expect(a.marker.cgRect.contains(a.rect.cgRect) && a.marker.width == 2 * a.rect.width)
        // The popup is 220 x 120 as the page is shown, its top-left corner at the marker's
        // top-right one.
        let corners = [CGPoint(x: a.popup.x, y: a.popup.y), CGPoint(x: a.popup.x + a.popup.width, y: a.popup.y + a.popup.height)]
            .map { geometry.contentPoint(fromPageSpace: $0) }
        let shown = CGRect(x: min(corners[0].x, corners[1].x), y: min(corners[0].y, corners[1].y),
                           width: abs(corners[0].x - corners[1].x), height: abs(corners[0].y - corners[1].y))
        let disc = [CGPoint(x: a.marker.x, y: a.marker.y), CGPoint(x: a.marker.x + a.marker.width, y: a.marker.y + a.marker.height)]
            .map { geometry.contentPoint(fromPageSpace: $0) }
        #expect(abs(shown.width - 220) < 1e-9 && abs(shown.height - 120) < 1e-9)
        #expect(abs(shown.minX - max(disc[0].x, disc[1].x)) < 1e-9 && abs(shown.minY - min(disc[0].y, disc[1].y)) < 1e-9)
    }
}
