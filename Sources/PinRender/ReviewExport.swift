import Foundation
import PinRenderCore
import PinRenderGraphics

/// The plan of a PDF review export: the document kept as it is with the pins drawn over its
/// pages, as an annotation above the page's own (a PDF input; see ``PDFAssembler/drawOver(page:overlayPage:of:matrix:rect:clip:buttons:)``), or the image drawn under them; every thread as real PDF comments
/// (replies with /IRT, resolved ones with a review state); a comment summary after the
/// pages; links from each pin to its summary entry and back; bookmarks. This type plans it
/// all (the scenes, ``ReviewPlan``, the bookmarks); ``ReviewDrawing`` follows the plan, as
/// it follows a saved one for `pinrender draw`.
///
///     let drawing = ReviewDrawing(document: document, documentName: "plan.pdf", password: nil, deadline: deadline)
///     let input = try drawing.openInput(keeping: pages)
///     let plan = try ReviewExport(document: document, deadline: deadline).plan(threads, pages: pages, layout: layout, over: input)
///     let warnings = try drawing.write(plan, over: input, to: temporary, name: "review.pdf", overlay: outputs.intermediatePath("drawn.pdf"))
struct ReviewExport {
    var document: SourceDocument
    /// The job's time limit, checked between pages.
    var deadline: Deadline

    /// The plan of the export of `threads` (those exported) on `pages` (selected, in
    /// document order): the pages' scenes with their comments' places, how the drawing is
    /// laid over `input` (``ReviewDrawing/openInput(keeping:)``, whose forms decide which
    /// marks get buttons; nil for an image), the threads' comments in the theme's colours, the
    /// summary, the bookmarks.
    func plan(_ threads: [CommentThread], pages: [Int], layout: PageLayout, over input: PDFAssembler?) throws -> ReviewDrawing.Plan {
        let byPage = Dictionary(grouping: threads, by: \.root.page)
        let geometries = try pages.map { page -> PageGeometry in
            if case .pdf(let document) = document { return document.geometries[page - 1] }
            let size = try document.contentSize(page: page)
            return PageGeometry(mediaBox: CGRect(origin: .zero, size: size))
        }
        var scenes = try pages.map { page in
            try deadline.step(.layingOutPage(page))
            return layout.scene(page: page, threads: byPage[page] ?? [], outputSize: try document.contentSize(page: page))
        }
        try deadline.step(.layingOutSummary)
        let summary = SummaryLayout(layout: layout).pages(threads)
        let annotations = CommentAnnotation.plan(threads, scenes: scenes, pages: pages, geometries: geometries,
                                                 summary: summary)
        for index in scenes.indices {
            scenes[index].annotations = annotations.compactMap { $0 }.filter { $0.page == index + 1 }
        }
        let forms = input.map { pdf in pages.indices.map { pdf.form(onPage: $0 + 1) } }
        let review = ReviewPlan.plan(threads, annotations: annotations, scenes: scenes, geometries: geometries,
                                     forms: forms, summary: summary, theme: layout.theme)
        return ReviewDrawing.Plan(
            scenes: scenes, review: review,
            bookmarks: Bookmark.plan(threads, pages: pages, geometries: geometries, summaryPages: summary.count))
    }
}
