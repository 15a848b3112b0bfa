import Foundation
import PinRenderCore
internal import CPangoCairo

/// A PDF written to a file as its pages are finished: vectors and text stay vectors. The
/// first page needs no ``beginPDFPage(size:)``; call ``finishDocument()`` at the end.
///
///     let canvas = try PDFCanvas(path: "drawn.pdf", firstPageSize: CGSize(width: 595, height: 842))
///     try canvas.draw(scene)
///     try canvas.finishPDFPage()
///     try canvas.finishDocument()
public final class PDFCanvas: Canvas {
    /// The one owner of the PDF surface.
    private let surface: OpaquePointer

    /// A PDF written to `path`, its first page `firstPageSize` points.
    public init(path: String, firstPageSize: CGSize) throws {
        surface = cairo_pdf_surface_create(path, firstPageSize.width, firstPageSize.height)
        // Cairo stamps "now" unless told; the output must not change from run to run.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "pinrender")
        super.init(target: surface, size: firstPageSize, name: path, decodesAtDrawnSize: false)
        try check("creating the PDF")
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Starts the next page at a size of its own.
    public func beginPDFPage(size: CGSize) {
        self.size = size
        cairo_pdf_surface_set_size(surface, size.width, size.height)
    }

    /// Ends the current page.
    public func finishPDFPage() throws {
        cairo_show_page(cr)
        try check("finishing a PDF page")
    }

    /// Completes the PDF file.
    public func finishDocument() throws {
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw OutputError(file: name, reason: String(cString: cairo_status_to_string(status)))
        }
    }
}
