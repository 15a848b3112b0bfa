import Foundation
import PinRenderCore
internal import CPoppler

/// An open PDF (poppler): its pages, their geometry, and drawing them. Not thread-safe:
/// open one per thread.
///
///     let document = try PDFDocument(path: "plan.pdf")
///     let page = try document.page(at: 1)
public final class PDFDocument {
    /// The path it was opened from, for messages.
    public let path: String
    /// Each page's boxes and rotation, read with qpdf.
    public let geometries: [PageGeometry]
    private let handle: OpaquePointer

    /// Opens a PDF.
    /// - Parameters:
    ///   - path: the file.
    ///   - password: for encrypted documents.
    public init(path: String, password: String? = nil) throws {
        self.path = path
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_file(try fileURI(for: path), password, &error) else {
            let encrypted = error.map { $0.pointee.domain == poppler_error_quark()
                && $0.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) } ?? false
            let message = consumeGError(error, fallback: "not a readable PDF")
            if encrypted {
                throw InputError(source: path, location: "", problem: password == nil ? "the PDF is encrypted"
                                     : "the PDF is encrypted and the password does not open it", remedy: password == nil ? .password : nil)
            }
            throw GraphicsError.unreadable(file: path, reason: "not a readable PDF (\(message))")
        }
        handle = document
        geometries = try PageBoxReader(path: path, password: password).geometries()
        let count = Int(poppler_document_get_n_pages(document))
        guard count == geometries.count else {
            throw GraphicsError.unreadable(file: path,
                reason: "poppler sees \(count) pages and qpdf \(geometries.count); the file is damaged")
        }
        guard count > 0 else { throw GraphicsError.unreadable(file: path, reason: "the PDF has no pages") }
    }

    /// The last page asked for, kept: the first time Poppler draws a page object it also
    /// collects the page's text (for selection), which a page drawn in stripes would redo for
    /// each stripe. One page only, so that memory does not grow with the pages drawn.
    private var lastPage: (number: Int, handle: OpaquePointer)?

    deinit {
        if let lastPage { g_object_unref(UnsafeMutableRawPointer(lastPage.handle)) }
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The number of pages.
    public var pageCount: Int { geometries.count }

    /// The page with a 1-based number.
    public func page(at number: Int) throws -> PDFPage {
        guard (1...pageCount).contains(number),
              let page = lastPage?.number == number ? lastPage?.handle : poppler_document_get_page(handle, Int32(number - 1)) else {
            throw GraphicsError.noSuchPage(file: path, page: number, pageCount: pageCount)
        }
        if lastPage?.number != number {
            if let lastPage { g_object_unref(UnsafeMutableRawPointer(lastPage.handle)) }
            lastPage = (number, page)
        }
        g_object_ref(UnsafeMutableRawPointer(page))
        return PDFPage(handle: page, number: number, geometry: geometries[number - 1], document: self)
    }
}

/// One page of a ``PDFDocument``; keeps its document alive.
public final class PDFPage {
    /// 1-based page number.
    public let number: Int
    /// Boxes and rotation; `geometry.displayedSize` is the content size pins refer to.
    public let geometry: PageGeometry
    let handle: OpaquePointer
    private let document: PDFDocument

    init(handle: OpaquePointer, number: Int, geometry: PageGeometry, document: PDFDocument) {
        self.handle = handle
        self.number = number
        self.geometry = geometry
        self.document = document
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The displayed size as poppler computes it (CropBox after /Rotate), in points.
    public var popplerSize: CGSize {
        var width = 0.0, height = 0.0
        poppler_page_get_size(handle, &width, &height)
        return CGSize(width: width, height: height)
    }
}
