import Foundation
import Testing
@testable import PinRenderCore

/// The rest of a PDF review export's plan: the buttons over marks on form fields and the
/// Watermark's clip, a widened page's boxes, each thread's comments, destinations and links.
@Suite struct ReviewPlanTests {
    let layout = PageLayout(theme: Theme(), tooltips: .none, measurer: StandInMeasurer())
    let geometry = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 600, height: 800))

    @Test func aMarkOnAFieldGetsAButtonOverItsBoundsRoundedOutToWholePoints() {
        let form = FieldButton.Form(widgets: [Rect(x: 100, y: 100, width: 50, height: 20)], fieldNames: ["name"])
        let marks = [Rect(x: 90.5, y: 95.25, width: 20, height: 10), Rect(x: 300, y: 300, width: 10, height: 10)]
        let (buttons, under) = FieldButton.plan(marks: marks, on: form, page: 2)
        #expect(under == 0)
        #expect(buttons == [FieldButton(name: "pinrender-pins-2-1", rect: Rect(x: 90, y: 95, width: 21, height: 11),
                                        pieces: [Rect(x: 90, y: 95, width: 21, height: 11)])])
    }

    @Test func aLaterButtonDrawsOnlyWhatEarlierOnesDoNotAndOneCoveredWholeIsLeftOut() {
        let form = FieldButton.Form(widgets: [Rect(x: 0, y: 0, width: 600, height: 800)], fieldNames: [])
        let marks = [Rect(x: 10, y: 10, width: 20, height: 20), Rect(x: 20, y: 20, width: 20, height: 20),
                     Rect(x: 12, y: 12, width: 5, height: 5)]
        let (buttons, _) = FieldButton.plan(marks: marks, on: form, page: 1)
        #expect(buttons.map(\.name) == ["pinrender-pins-1-1", "pinrender-pins-1-2"])
        // The second less the first: its part above the first, and its part right of it.
        #expect(buttons[1].pieces == [Rect(x: 20, y: 30, width: 20, height: 10), Rect(x: 30, y: 20, width: 10, height: 10)])
        // The Watermark leaves out every piece, inside its own rect grown to whole points.
        let clip = FieldButton.watermarkClip(Rect(x: 0.5, y: 0, width: 599, height: 800.2), buttons: buttons)
        #expect(clip == [Rect(x: 0, y: 0, width: 600, height: 801)] + buttons[0].pieces + buttons[1].pieces)
    }

    @Test func namesTheFormHasAreSkipped() {
        let form = FieldButton.Form(widgets: [Rect(x: 0, y: 0, width: 100, height: 100)],
                                    fieldNames: ["pinrender-pins-1-1", "pinrender-pins-1-3"])
        let marks = (0..<3).map { Rect(x: Double($0) * 30, y: 0, width: 20, height: 20) }
        #expect(FieldButton.plan(marks: marks, on: form, page: 1).buttons.map(\.name)
                == ["pinrender-pins-1-2", "pinrender-pins-1-4", "pinrender-pins-1-5"])
    }

    @Test func aFormThatTakesNoButtonsLeavesTheMarksUnderItsFieldsAndCountsThem() {
        let form = FieldButton.Form(widgets: [Rect(x: 0, y: 0, width: 100, height: 100)], fieldNames: nil)
        let marks = [Rect(x: 10, y: 10, width: 20, height: 20), Rect(x: 50, y: 50, width: 20, height: 20),
                     Rect(x: 200, y: 200, width: 20, height: 20)]
        let (buttons, under) = FieldButton.plan(marks: marks, on: form, page: 1)
        #expect(buttons.isEmpty && under == 2)
        #expect(FieldButton.watermarkClip(Rect(x: 0, y: 0, width: 600, height: 800), buttons: buttons).isEmpty)
        #expect(FieldButton.plan(marks: marks, on: .none, page: 1) == ([], 0))
    }

    @Test func aPageMarksAreItsMarkersBoundsInPageSpaceAndAColumnWidensItsBoxes() throws {
        let threads = [CommentThread(root: rootPin("a", x: 0.25, y: 0.5, text: "Hello", number: 1), number: 1, replies: [])]
        var scene = layout.scene(page: 1, threads: threads, outputSize: CGSize(width: 600, height: 800))
        let marks = ReviewPage.marks(of: scene, on: geometry)
        let bound = scene.markers[0].bounds(scene.strokes)
        // Content y down is page y up from 800.
        #expect(marks == [Rect(x: bound.x, y: 800 - bound.y - bound.height, width: bound.width, height: bound.height)])
        let widget = Rect(x: bound.x + 1, y: 800 - bound.y - 2, width: 30, height: 10)
        let page = ReviewPage.plan(page: 1, scene: scene, geometry: geometry,
                                   form: FieldButton.Form(widgets: [widget], fieldNames: []))
        #expect(page.rect == Rect(x: 0, y: 0, width: 600, height: 800) && page.boxes == nil)
        #expect(page.matrix == geometry.overlayMatrix && page.buttons.count == 1 && page.clip.count == 2)
        scene.margin = Fill(rect: Rect(x: 600, y: 0, width: 200, height: 800), color: Theme().panelFill)
        let widened = ReviewPage.plan(page: 1, scene: scene, geometry: geometry, form: .none)
        let boxes = try #require(widened.boxes)
        #expect(boxes.cropBox == Rect(x: 0, y: 0, width: 800, height: 800) && widened.rect == boxes.cropBox)
        #expect(widened.buttons.isEmpty && widened.clip.isEmpty)
    }

    @Test func aResolvedThreadIsColouredAsResolvedAndEndsWithAReviewStateAtItsLastDate() {
        let root = rootPin("a", at: 100, text: "Fix", resolved: true, number: 1, authorName: "Ana")
        let thread = CommentThread(root: root, number: 1,
                                   replies: [replyPin("r1", to: "a", at: 300, text: "Done"), replyPin("r2", to: "a", at: 200)])
        let annotation = CommentAnnotation(
            threadId: "a", page: 1, rect: Rect(x: 1, y: 2, width: 3, height: 4), marker: Rect(x: 0, y: 1, width: 6, height: 6),
            popup: Rect(x: 4, y: 5, width: 6, height: 7), destination: Point(x: 8, y: 9),
            entry: .init(page: 2, rect: Rect(x: 10, y: 11, width: 12, height: 13), destination: Point(x: 0, y: 30)))
        var theme = Theme()
        theme.resolvedFill = Color(hex: "#112233")!
        let planned = ReviewThread.plan(thread, number: 3, annotation: annotation, theme: theme)
        #expect(planned.comments.map(\.id) == ["a", "r1", "r2", "a-resolved"])
        #expect(planned.comments.map(\.isReply) == [false, true, true, true])
        #expect(planned.comments.allSatisfy { $0.color == theme.resolvedFill })
        let state = planned.comments[3]
        #expect(state.contents == "Resolved" && state.author == "Ana" && state.state == .init(state: "Completed", model: "Review"))
        #expect(state.created == PDFDate.string(Date(timeIntervalSince1970: 300)) && state.modified == state.created)
        #expect(planned.comments.dropLast().allSatisfy { $0.state == nil })
        #expect(planned.destinations == [.init(name: "pinrender-pin-3", page: 1, point: Point(x: 8, y: 9)),
                                         .init(name: "pinrender-summary-3", page: 2, point: Point(x: 0, y: 30))])
        // The pin's link covers its whole marker, not just the note.
        #expect(planned.links == [.init(page: 1, rect: Rect(x: 0, y: 1, width: 6, height: 6), to: "pinrender-summary-3"),
                                  .init(page: 2, rect: Rect(x: 10, y: 11, width: 12, height: 13), to: "pinrender-pin-3")])
    }

    @Test func anOpenThreadIsColouredAsItsMarkerAndOneNotInTheSummaryHasNoLinks() {
        let thread = CommentThread(root: rootPin("b", text: "Hi", number: 1), number: 1, replies: [])
        let annotation = CommentAnnotation(threadId: "b", page: 2, rect: Rect(x: 1, y: 2, width: 3, height: 4),
                                           marker: Rect(x: 0, y: 1, width: 6, height: 6), popup: Rect(x: 4, y: 5, width: 6, height: 7), destination: Point(x: 8, y: 9))
        let planned = ReviewThread.plan(thread, number: 1, annotation: annotation, theme: Theme())
        #expect(planned.comments.count == 1 && planned.comments[0].color == Theme().markerFill)
        #expect(planned.destinations.map(\.name) == ["pinrender-pin-1"] && planned.links.isEmpty)
    }

    @Test func threadsAreNumberedAmongAllOfTheExportsAndAnImageHasNoPagesToLayOver() throws {
        let threads = ["a", "b", "c"].enumerated().map { index, id in
            CommentThread(root: rootPin(id, page: index == 1 ? 2 : 1, text: id, number: index + 1), number: index + 1, replies: [])
        }
        let scene = layout.scene(page: 1, threads: [threads[0], threads[2]], outputSize: CGSize(width: 600, height: 800))
        let summary = SummaryLayout(layout: layout).pages(threads)
        let annotations = CommentAnnotation.plan(threads, scenes: [scene], pages: [1], geometries: [geometry], summary: summary)
        let plan = ReviewPlan.plan(threads, annotations: annotations, scenes: [scene], geometries: [geometry], forms: nil,
                                   summary: summary, theme: Theme())
        #expect(plan.pages.isEmpty && plan.summary == summary.map(\.scene))
        // "b" is on a page not exported: "c" is still the third.
        #expect(plan.threads.map(\.threadId) == ["a", "c"])
        #expect(plan.threads[1].destinations[0].name == "pinrender-pin-3")
        let pdf = ReviewPlan.plan(threads, annotations: annotations, scenes: [scene], geometries: [geometry], forms: [.none],
                                  summary: summary, theme: Theme())
        #expect(pdf.pages.map(\.page) == [1])
        // The plan survives JSON, as --layout-json writes it.
        let decoded = try JSONDecoder().decode(ReviewPlan.self, from: JSONEncoder().encode(pdf))
        #expect(decoded == pdf)
    }
}
