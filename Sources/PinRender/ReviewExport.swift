import Foundation
import PinRenderCore
import PinRenderGraphics

/// The PDF review export: the document kept as it is with the pins drawn over its pages, as
/// an annotation above the page's own (a PDF input; see ``PDFAssembler/drawOver(page:overlayPage:of:matrix:rect:clip:buttons:)``), or the image drawn under them; every thread as real PDF comments
/// (replies with /IRT, resolved ones with a review state); a comment summary after the
/// pages; links from each pin to its summary entry and back; bookmarks. This type plans it
/// all (the scenes, ``ReviewPlan``, the bookmarks); ``ReviewDrawing`` follows the plan.
struct ReviewExport {
    var input: RenderInput
    var options: RenderOptions
    var layout: PageLayout
    /// Selected pages, in document order.
    var pages: [Int]
    /// The job's time limit, checked between pages, comments and files.
    var deadline: Deadline
    /// Hears of each page drawn, then each page the pins are laid over, then each thread
    /// added as comments.
    var progress: (@Sendable (RenderProgress) -> Void)?

    /// Writes the export to `path` and returns its plan and what qpdf warned about the input
    /// (damage it repaired or could not read).
    func write(to path: String, name: String, scratch: URL) throws -> (plan: ReviewDrawing.Plan, warnings: [String]) {
        let threads = input.threads.filter { options.include.includes($0) && pages.contains($0.root.page) }
        let byPage = Dictionary(grouping: threads, by: \.root.page)
        let geometries = try pages.map { page -> PageGeometry in
            if case .pdf(let document) = input.document { return document.geometries[page - 1] }
            let size = try input.document.contentSize(page: page)
            return PageGeometry(mediaBox: CGRect(origin: .zero, size: size))
        }
        var scenes = try pages.map { page in
            try deadline.step(.layingOutPage(page))
            return layout.scene(page: page, threads: byPage[page] ?? [], outputSize: try input.document.contentSize(page: page))
        }
        try deadline.step(.layingOutSummary)
        let summary = SummaryLayout(layout: layout).pages(threads)
        let annotations = CommentAnnotation.plan(threads, scenes: scenes, pages: pages, geometries: geometries,
                                                 summary: summary)
        for index in scenes.indices {
            scenes[index].annotations = annotations.compactMap { $0 }.filter { $0.page == index + 1 }
        }
        let drawing = ReviewDrawing(document: input.document, documentName: input.documentName, password: options.password,
                                    theme: options.theme, deadline: deadline, progress: progress)
        // The input's forms decide which marks get buttons.
        let pdf = try drawing.openInput(keeping: pages)
        let forms = pdf.map { pdf in pages.indices.map { pdf.form(onPage: $0 + 1) } }
        let review = ReviewPlan.plan(threads, annotations: annotations, scenes: scenes, geometries: geometries,
                                     forms: forms, summary: summary, theme: options.theme)
        let plan = ReviewDrawing.Plan(
            scenes: scenes, review: review,
            bookmarks: Bookmark.plan(threads, pages: pages, geometries: geometries, summaryPages: summary.count))
        return (plan, try drawing.write(plan, over: pdf, to: path, name: name, scratch: scratch))
    }
}
