import Foundation
import PinRenderCore
internal import CQPDF

/// Edits a PDF with qpdf, keeping everything it has (vectors, text, fonts, links, bookmarks,
/// forms): lays pages drawn by Cairo over its pages, adds real comments (Text annotations,
/// replies, review states), links and named destinations, appends pages, adds bookmarks,
/// and writes the file with the same bytes for the same input. Pages are 1-based;
/// rectangles and points are in PDF page space.
///
///     let pdf = try PDFAssembler(path: "plan.pdf", password: nil)
///     let pins = try QPDFDocument(path: "pins.pdf", password: nil)
///     try pdf.drawOver(page: 1, overlayPage: 1, of: pins, matrix: [1, 0, 0, 1, 0, 0], rect: box)
///     try pdf.write(to: "review.pdf", name: "review.pdf")
public final class PDFAssembler {
    let document: QPDFDocument
    /// The documents pages were copied from: qpdf reads their streams again when writing.
    private var sources: [QPDFDocument] = []
    /// The comments added, for replies.
    var comments: [qpdf_oh] = []
    /// One shared empty form XObject, the appearance of every comment.
    var emptyForm: qpdf_oh?

    /// Opens the document to edit.
    /// - Parameters:
    ///   - path: the file.
    ///   - password: for an encrypted file (the user or the owner password).
    public init(path: String, password: String?) throws {
        document = try QPDFDocument(path: path, password: password)
    }

    /// Edits a document qpdf has read already (``PDFDocument/takeForEditing()``).
    public init(document: QPDFDocument) {
        self.document = document
    }

    /// The number of pages now.
    public var pageCount: Int { document.pageCount }

    /// Draws a page of `overlay` over a page, above everything the page shows, its own
    /// annotations (form fields, links, stamps) included, and apart from all of it.
    ///
    /// The overlay becomes the appearance of a Watermark annotation appended to the page's
    /// /Annots, so it is drawn after the page's content and after every annotation the page
    /// had. Viewers draw annotations each on its own, in a fresh graphics state from the
    /// page's default coordinates: nothing the content does or breaks (more Q than q, a
    /// scale left in force, an operator short of operands, an unknown one) reaches it, and
    /// its resources are its own, not the page's. The page's /Contents and /Resources are
    /// not touched, so the page is the same, byte for byte, under the annotations.
    ///
    /// Why a Watermark: it is not a markup annotation, so Acrobat, Preview and Okular do not
    /// list it as a comment (a Stamp would be listed). Poppler and MuPDF draw the appearance
    /// of any annotation subtype, pdf.js draws it through its base annotation class. Flags:
    /// Print (so it prints), ReadOnly (it takes no clicks: the page's links and fields below
    /// it keep working), Locked and LockedContents (it cannot be moved, deleted or edited).
    ///
    /// Form fields are the exception: MuPDF draws widgets in a pass after every other
    /// annotation, so a field would cover the marks on it. A mark that overlaps a field is
    /// drawn by a small read-only push button over it instead (the plan's `buttons`, one of
    /// the form's last fields, see ``raise(_:of:on:)``), and the Watermark leaves it out (its
    /// `clip`).
    /// - Parameters:
    ///   - page: the page to draw on.
    ///   - overlayPage: the page of `overlay` drawn.
    ///   - overlay: the document drawn by Cairo; kept until the file is written.
    ///   - matrix: PDF's `[a b c d e f]` from the overlay page's space to the page's.
    ///   - rect: where the overlay lands in page space (the page's CropBox), the annotation's /Rect.
    ///   - clip: rectangles with whole-point edges the Watermark's drawing is clipped to,
    ///     even-odd (``FieldButton/watermarkClip(_:buttons:)``); empty: not clipped.
    ///   - buttons: the buttons over the marks on form fields, added after the Watermark.
    public func drawOver(page: Int, overlayPage: Int, of overlay: QPDFDocument, matrix: [Double], rect: CGRect,
                         clip: [CGRect] = [], buttons: [FieldButton] = []) throws {
        if !sources.contains(where: { $0 === overlay }) { sources.append(overlay) }
        let overlayForm = try formXObject(overlayPage: overlayPage, of: overlay, matrix: matrix)
        let target = document.page(page)
        let form = clip.isEmpty ? overlayForm : self.form(drawing: overlayForm, in: rect, clip: path(clip) + "W* n\n")
        let annotation = document.indirect(document.dictionary([
            ("/Type", document.name("/Annot")),
            ("/Subtype", document.name("/Watermark")),
            ("/Rect", document.rectangle(rect)),
            ("/F", document.integer(Self.overlayFlags)),
            ("/P", target),
            ("/AP", document.dictionary([("/N", form)])),
        ]))
        document.appendAnnotation(annotation, to: target)
        raise(buttons, of: overlayForm, on: page)
        try document.check()
    }

    /// Sets a page's MediaBox and CropBox (a page grown for a column of comments); its
    /// other boxes stay as they are.
    public func setBoxes(page: Int, mediaBox: CGRect, cropBox: CGRect) throws {
        let target = document.page(page)
        document.set(target, "/MediaBox", document.rectangle(mediaBox))
        document.set(target, "/CropBox", document.rectangle(cropBox))
        try document.check()
    }

    /// Print (4), ReadOnly (64), Locked (128), LockedContents (512).
    static let overlayFlags = 4 | 64 | 128 | 512

    /// An overlay page as a form XObject of this document, with its own copy of the overlay
    /// page's resources.
    private func formXObject(overlayPage: Int, of overlay: QPDFDocument, matrix: [Double]) throws -> qpdf_oh {
        let source = overlay.page(overlayPage)
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_page_content_data(overlay.handle, source, &buffer, &length) & QPDF_ERRORS == 0 else {
            throw overlay.readError()
        }
        defer { free(buffer) }
        // Only indirect objects cross documents: the overlay's direct ones are made indirect there first.
        let box = overlay.indirect(qpdf_oh_get_key(overlay.handle, source, "/MediaBox"))
        let resources = overlay.indirect(qpdf_oh_get_key(overlay.handle, source, "/Resources"))
        let form = document.stream(Array(UnsafeBufferPointer(start: buffer, count: length)), [
            ("/Type", document.name("/XObject")),
            ("/Subtype", document.name("/Form")),
            ("/BBox", qpdf_oh_copy_foreign_object(document.handle, overlay.handle, box)),
            ("/Resources", qpdf_oh_copy_foreign_object(document.handle, overlay.handle, resources)),
            ("/Matrix", document.numbers(matrix)),
        ])
        try overlay.check()
        return form
    }

    /// Adds pages of `overlay` (1-based range) after the last page.
    public func appendPages(_ pages: ClosedRange<Int>, of overlay: QPDFDocument) throws {
        if !sources.contains(where: { $0 === overlay }) { sources.append(overlay) }
        for page in pages {
            guard qpdf_add_page(document.handle, overlay.handle, overlay.page(page), QPDF_FALSE) & QPDF_ERRORS == 0 else {
                throw document.readError()
            }
        }
    }

    /// Removes pages (1-based, numbers of the document as opened), keeping the others in order.
    public func removePages(_ pages: [Int]) throws {
        let handles = pages.map { document.page($0) }
        for handle in handles {
            guard qpdf_remove_page(document.handle, handle) & QPDF_ERRORS == 0 else { throw document.readError() }
        }
    }

    /// Writes the document (see ``QPDFDocument/write(to:name:)`` for how an encrypted one is
    /// written): same input, same bytes. Returns what qpdf warned about while reading and
    /// writing it: a damaged file it repaired, an object it could not read and wrote as null
    /// (so the export differs from the input there).
    public func write(to path: String, name: String) throws -> [String] {
        try document.write(to: path, name: name)
        return document.takeWarnings()
    }
}
