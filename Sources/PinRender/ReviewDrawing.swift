import Foundation
import PinRenderCore
import PinRenderGraphics

/// Writes a PDF review export that is planned already, following its plan and deciding
/// nothing: Cairo draws the scenes (over a PDF's own pages, which stay as they are; under
/// them, an image) and the summary into a scratch PDF, and `PDFAssembler` lays that drawing
/// over the input's pages, adds the buttons, comments, destinations, links and bookmarks, and
/// writes the file. ``ReviewExport`` plans and hands its plan here; a layout file's plan
/// (`--layout-json` of a PDF export) can be handed here as it was read.
///
///     let drawing = ReviewDrawing(document: document, documentName: "plan.pdf", password: nil, deadline: deadline)
///     let warnings = try drawing.write(plan, over: drawing.openInput(keeping: plan.scenes.map(\.page)),
///                                      to: temporary, name: "review.pdf", overlay: outputs.intermediatePath("drawn.pdf"))
struct ReviewDrawing {
    /// What an export writes: the scenes of its pages (the input's pages, in order), the rest
    /// of its plan, and the outline it adds.
    struct Plan {
        var scenes: [Scene]
        var review: ReviewPlan
        var bookmarks: [Bookmark]
    }

    /// The input, opened for editing when it is a PDF (``SourceDocument/open(path:password:pixelLimit:forEditing:)``).
    var document: SourceDocument
    /// How messages name the input: its path.
    var documentName: String
    var password: String?
    /// The job's time limit, checked between pages, comments and files.
    var deadline: Deadline
    /// Hears of each page drawn, then each page the pins are laid over, then each thread
    /// added as comments.
    var progress: (@Sendable (RenderProgress) -> Void)?

    /// The input PDF to edit, with only `pages` (its page numbers, in order) left in it, as
    /// the export's pages; nil for an image, which the drawing embeds.
    func openInput(keeping pages: [Int]) throws -> PDFAssembler? {
        guard case .pdf(let pdf) = document else { return nil }
        let assembler = try pdf.takeForEditing().map(PDFAssembler.init(document:))
            ?? PDFAssembler(path: documentName, password: password)
        try assembler.removePages((1...assembler.pageCount).filter { !pages.contains($0) })
        return assembler
    }

    /// Writes `plan` to `path` (`name` in messages), over `input` (``openInput(keeping:)``),
    /// drawing into the file at `overlay` first (``OutputFiles/intermediatePath(_:)``);
    /// returns what qpdf warned about the input (damage it repaired or could not read) and
    /// the marks left under form fields.
    func write(_ plan: Plan, over input: PDFAssembler?, to path: String, name: String, overlay drawn: String) throws -> [String] {
        try draw(plan, to: drawn, over: input != nil)
        try deadline.step(.layingPins)
        // The drawing read back: a failure there is the intermediate file's, not the input's.
        func readBack<T>(_ open: () throws -> T) throws -> T {
            do { return try open() } catch {
                throw OutputError(file: name, reason: "the drawing of the pins could not be written to \(drawn) and read back (disk full?)")
            }
        }
        let assembler: PDFAssembler
        var notes: [String] = []
        if let input {
            assembler = input
            let overlay = try readBack { try QPDFDocument(path: drawn, password: nil) }
            for (index, page) in plan.review.pages.enumerated() {
                if let boxes = page.boxes {
                    try assembler.setBoxes(page: page.page, mediaBox: boxes.mediaBox.cgRect, cropBox: boxes.cropBox.cgRect)
                }
                try assembler.drawOver(page: page.page, overlayPage: page.page, of: overlay, matrix: page.matrix,
                                       rect: page.rect.cgRect, clip: page.clip.map(\.cgRect), buttons: page.buttons)
                if page.marksUnderFields > 0 {
                    notes.append("\(documentName): page \(plan.scenes[index].page): the pins on form fields stay under the fields in MuPDF (\(page.marksUnderFields) marks), as the form sets /NeedAppearances; run 'qpdf --generate-appearances' on the input first to draw them above")
                }
                progress?(RenderProgress(.pinnedPage, done: index + 1, total: plan.review.pages.count))
            }
            let first = plan.scenes.count + 1
            try assembler.appendPages(first...(first + plan.review.summary.count - 1), of: overlay)
        } else {
            assembler = try readBack { try PDFAssembler(path: drawn, password: nil) }
        }
        // Copying the summary's text gives it as written (emoji, right-to-left words).
        for (index, page) in plan.review.summary.enumerated() {
            try assembler.setActualText(page: plan.scenes.count + 1 + index, texts: page.texts.map(\.text))
        }
        try addComments(plan.review.threads, to: assembler)
        try assembler.addBookmarks(plan.bookmarks)
        try deadline.step(.writing(name))
        let damage = try assembler.write(to: path, name: name)
        return (input == nil ? [] : damage.map { "\(documentName): qpdf: \($0)" }) + notes
    }

    /// Cairo draws the pins (and, for an image, the image under them), then the summary, into
    /// the PDF at `path`; over a PDF's pages, the pins alone.
    private func draw(_ plan: Plan, to path: String, over pdf: Bool) throws {
        // A page with its comments in a column (--tooltips margin) is drawn wider, by the column.
        let canvas = try PDFCanvas(path: path, firstPageSize: plan.scenes[0].drawnSize)
        for (index, scene) in plan.scenes.enumerated() {
            try deadline.step(.drawingPage(scene.page))
            if index > 0 { canvas.beginPDFPage(size: scene.drawnSize) }
            // A PDF's own pages stay vectors: qpdf lays this drawing over them.
            if pdf {
                try canvas.draw(scene)
            } else {
                try document.draw(scene, on: canvas)
            }
            try canvas.finishPDFPage()
            progress?(RenderProgress(.page, done: index + 1, total: plan.scenes.count))
        }
        for scene in plan.review.summary {
            try deadline.step(.drawingSummary)
            canvas.beginPDFPage(size: scene.drawnSize)
            try canvas.draw(scene, tagsText: true)
            try canvas.finishPDFPage()
        }
        try canvas.finishDocument()
    }

    /// Each thread's comments, then its destinations and links.
    private func addComments(_ threads: [ReviewThread], to pdf: PDFAssembler) throws {
        for (index, thread) in threads.enumerated() {
            try deadline.step(.addingComments)
            var root: Int?
            for comment in thread.comments {
                let color = comment.color
                let added = try pdf.addComment(.init(
                    page: thread.page, rect: thread.rect.cgRect, popup: thread.popup.cgRect, id: comment.id,
                    author: comment.author, contents: comment.contents, created: comment.created,
                    modified: comment.modified, color: [color.red, color.green, color.blue],
                    inReplyTo: comment.isReply ? root : nil,
                    state: comment.state.map { ($0.state, $0.model) }))
                if root == nil { root = added }
            }
            for destination in thread.destinations {
                try pdf.addDestination(destination.name, page: destination.page,
                                       at: CGPoint(x: destination.point.x, y: destination.point.y))
            }
            for link in thread.links {
                try pdf.addLink(page: link.page, rect: link.rect.cgRect, to: link.to)
            }
            progress?(RenderProgress(.comment, done: index + 1, total: threads.count))
        }
    }
}
