import Foundation
import PinRenderCore
import PinRenderGraphics

/// The PDF review export: the document kept as it is with the pins drawn over its pages, as
/// an annotation above the page's own (a PDF input; see ``PDFAssembler/drawOver(page:overlayPage:of:matrix:rect:)``), or the image drawn under them; every thread as real PDF comments
/// (replies with /IRT, resolved ones with a review state); a comment summary after the
/// pages; links from each pin to its summary entry and back; bookmarks. Planned whole
/// (``plan(_:pages:layout:)``, a ``LayoutFile``), then written from the plan alone
/// (``write(_:to:name:scratch:)``), which is what `pinrender draw` does with a saved one.
struct ReviewExport {
    var document: SourceDocument
    /// How messages name the document.
    var documentName: String
    /// For an encrypted PDF.
    var password: String?
    /// The job's time limit, checked between pages, comments and files.
    var deadline: Deadline
    /// Hears of each page drawn, then each page the pins are laid over, then each thread
    /// added as comments.
    var progress: (@Sendable (RenderProgress) -> Void)?

    /// The plan of the export of `threads` (those exported) on `pages` (selected, in
    /// document order): the pages' scenes with their comments' places, the summary, the
    /// threads' comments in the theme's colors, the bookmarks.
    func plan(_ threads: [CommentThread], pages: [Int], layout: PageLayout) throws -> LayoutFile {
        let byPage = Dictionary(grouping: threads, by: \.root.page)
        let geometries = try self.geometries(of: pages)
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
        let bookmarks = Bookmark.plan(threads, pages: pages, geometries: geometries, summaryPages: summary.count)
        let theme = layout.theme
        var file = LayoutFile(kind: .review, source: LayoutFile.Source(document), pages: scenes, bookmarks: bookmarks)
        file.review = LayoutFile.Review(summary: summary.map(\.scene), threads: threads.map {
            LayoutFile.Thread($0, color: $0.root.resolved ? theme.resolvedFill : theme.markerFill)
        })
        return file
    }

    /// The geometry of each of `pages`: a PDF's own, an image's or canvas's displayed size.
    private func geometries(of pages: [Int]) throws -> [PageGeometry] {
        try pages.map { page -> PageGeometry in
            if case .pdf(let document) = document { return document.geometries[page - 1] }
            let size = try document.contentSize(page: page)
            return PageGeometry(mediaBox: CGRect(origin: .zero, size: size))
        }
    }

    /// Writes the export of `plan` to `path` and returns what qpdf warned about the input
    /// (damage it repaired or could not read).
    func write(_ plan: LayoutFile, to path: String, name: String, scratch: URL) throws -> [String] {
        let scenes = plan.pages, pages = plan.pages.map(\.page)
        let summary = plan.review?.summary ?? []
        let geometries = try self.geometries(of: pages)

        // Cairo draws the pins (and, for images, the image under them), then the summary.
        let drawn = scratch.appendingPathComponent("drawn.pdf").path
        let isPDF: Bool
        if case .pdf = document { isPDF = true } else { isPDF = false }
        // A page with its comments in a column (--tooltips margin) is drawn wider, by the column.
        let canvas = try PDFCanvas(path: drawn, firstPageSize: scenes[0].drawnSize)
        for (index, scene) in scenes.enumerated() {
            try deadline.step(.drawingPage(pages[index]))
            if index > 0 { canvas.beginPDFPage(size: scene.drawnSize) }
            // A PDF's own pages stay vectors: qpdf lays this drawing over them.
            if isPDF {
                try canvas.draw(scene)
            } else {
                try document.draw(scene, on: canvas)
            }
            try canvas.finishPDFPage()
            progress?(RenderProgress(.page, done: index + 1, total: scenes.count))
        }
        for page in summary {
            try deadline.step(.drawingSummary)
            canvas.beginPDFPage(size: SummaryLayout.pageSize)
            try canvas.draw(page, tagsText: true)
            try canvas.finishPDFPage()
        }
        try canvas.finishDocument()

        try deadline.step(.layingPins)
        // The drawing read back: a failure there is the scratch directory's, not the input's.
        func readBack<T>(_ open: () throws -> T) throws -> T {
            do { return try open() } catch {
                throw OutputError(file: name, reason: "the drawing of the pins could not be written and read back in \(scratch.path) (disk full?)")
            }
        }
        let assembler: PDFAssembler
        var notes: [String] = []
        if isPDF {
            let overlay = try readBack { try QPDFDocument(path: drawn, password: nil) }
            if case .pdf(let document) = document, let read = document.takeForEditing() {
                assembler = PDFAssembler(document: read)
            } else {
                assembler = try PDFAssembler(path: documentName, password: password)
            }
            let unselected = (1...assembler.pageCount).filter { !pages.contains($0) }
            try assembler.removePages(unselected)
            for index in pages.indices {
                let geometry = geometries[index]
                var shown = geometry.cropBox
                if let column = scenes[index].margin?.rect {
                    let widened = geometry.widened(by: column.width)
                    try assembler.setBoxes(page: index + 1, mediaBox: widened.mediaBox, cropBox: widened.cropBox)
                    shown = widened.cropBox
                }
                let covered = try assembler.drawOver(page: index + 1, overlayPage: index + 1, of: overlay,
                                                     matrix: geometry.overlayMatrix, rect: shown,
                                                     marks: Self.marks(of: scenes[index], on: geometry))
                if covered > 0 {
                    notes.append("\(documentName): page \(pages[index]): the pins on form fields stay under the fields in MuPDF (\(covered) marks), as the form sets /NeedAppearances; run 'qpdf --generate-appearances' on the input first to draw them above")
                }
                progress?(RenderProgress(.pinnedPage, done: index + 1, total: pages.count))
            }
            try assembler.appendPages((pages.count + 1)...(pages.count + summary.count), of: overlay)
        } else {
            assembler = try readBack { try PDFAssembler(path: drawn, password: nil) }
        }
        // Copying the summary's text gives it as written (emoji, right-to-left words).
        for (index, page) in summary.enumerated() {
            try assembler.setActualText(page: pages.count + 1 + index, texts: page.texts.map(\.text))
        }
        let annotations = Dictionary(scenes.flatMap { $0.annotations ?? [] }.map { ($0.threadId, $0) }, uniquingKeysWith: { a, _ in a })
        let threads = plan.review?.threads ?? []
        try addComments(threads, annotations: threads.map { annotations[$0.id] }, bookmarks: plan.bookmarks ?? [], to: assembler)
        try deadline.step(.writing(name))
        let damage = try assembler.write(to: path, name: name)
        let warnings = isPDF ? damage.map { "\(documentName): qpdf: \($0)" } : []
        return warnings + notes
    }
    /// Where the marks of `scene` (markers, clusters, edge indicators, tooltips) may put ink,
    /// in PDF page space.
    private static func marks(of scene: Scene, on geometry: PageGeometry) -> [CGRect] {
        let strokes = scene.strokes
        let bounds = scene.markers.map { $0.bounds(strokes) } + scene.clusters.map { $0.bounds(strokes) }
            + scene.indicators.map { $0.bounds(strokes) } + scene.tooltips.map { $0.bounds(strokes) }
        return bounds.map { bound in
            let a = geometry.pageSpacePoint(fromContent: CGPoint(x: bound.x, y: bound.y))
            let b = geometry.pageSpacePoint(fromContent: CGPoint(x: bound.x + bound.width, y: bound.y + bound.height))
            return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        }
    }

    private func addComments(_ threads: [LayoutFile.Thread], annotations: [CommentAnnotation?], bookmarks: [Bookmark],
                             to pdf: PDFAssembler) throws {
        for (number, (thread, annotation)) in zip(threads, annotations).enumerated() {
            try deadline.step(.addingComments)
            guard let annotation else { continue }
            let (page, box, popup) = (annotation.page, annotation.rect.cgRect, annotation.popup.cgRect)
            let rgb = [thread.color.red, thread.color.green, thread.color.blue]
            let root = try pdf.addComment(.init(
                page: page, rect: box, popup: popup, id: thread.id, author: thread.root.author,
                contents: thread.root.text, created: PDFDate.string(thread.root.createdAt),
                modified: PDFDate.string(thread.root.createdAt), color: rgb))
            for reply in thread.replies {
                try pdf.addComment(.init(page: page, rect: box, popup: popup, id: reply.id, author: reply.author,
                                         contents: reply.text, created: PDFDate.string(reply.createdAt),
                                         modified: PDFDate.string(reply.createdAt), color: rgb, inReplyTo: root))
            }
            if thread.resolved {
                let last = ([thread.root] + thread.replies).map(\.createdAt).max()!
                try pdf.addComment(.init(page: page, rect: box, popup: popup, id: thread.id + "-resolved",
                                         author: thread.root.author, contents: "Resolved",
                                         created: PDFDate.string(last), modified: PDFDate.string(last), color: rgb,
                                         inReplyTo: root, state: ("Completed", "Review")))
            }
            // Pin and summary entry link to each other.
            let pinName = "pinrender-pin-\(number + 1)", entryName = "pinrender-summary-\(number + 1)"
            try pdf.addDestination(pinName, page: page,
                                   at: CGPoint(x: annotation.destination.x, y: annotation.destination.y))
            if let entry = annotation.entry {
                try pdf.addDestination(entryName, page: entry.page,
                                       at: CGPoint(x: entry.destination.x, y: entry.destination.y))
                try pdf.addLink(page: page, rect: box, to: entryName)
                try pdf.addLink(page: entry.page, rect: entry.rect.cgRect, to: pinName)
            }
            progress?(RenderProgress(.comment, done: number + 1, total: threads.count))
        }
        try pdf.addBookmarks(bookmarks)
    }
}
