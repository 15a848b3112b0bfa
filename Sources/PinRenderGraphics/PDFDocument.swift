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
    /// Each page's boxes and rotation, read with qpdf; or, when qpdf cannot read the file
    /// (see ``damage``), the size Poppler draws each page at.
    public let geometries: [PageGeometry]
    /// Why qpdf could not read the file Poppler draws ("Loop detected in /Pages
    /// structure"), or nil. Then each page's geometry is Poppler's displayed size (its
    /// CropBox, or MediaBox, after /Rotate) at the origin, unrotated: a PNG is drawn the same,
    /// but where the boxes lie in page space and the rotation are lost, so the PDF export,
    /// which writes into page space with qpdf, is not possible.
    public let damage: String?
    /// Per page, whether it blends (see `PageBoxReader.blends`): all of them when qpdf
    /// cannot read the file.
    let blendingPages: [Bool]
    /// Per page, the decoded size in bytes of the images it draws (see
    /// `PageBoxReader.imageBytes`), or nil when it is taken to be heavy: all of them when
    /// qpdf cannot read the file.
    public let imageBytes: [Int?]
    private let handle: OpaquePointer

    /// The file as qpdf read it, kept for editing when asked (``init(path:password:keepingForEditing:)``),
    /// so an export parses the file once with each library; taken by ``takeForEditing()``.
    private var forEditing: QPDFDocument?

    /// Opens a PDF.
    /// - Parameters:
    ///   - path: the file.
    ///   - password: for encrypted documents.
    ///   - keepingForEditing: keep qpdf's reading of the file for ``takeForEditing()`` (a
    ///     PDF export edits it); otherwise it is freed once the pages' boxes are read.
    public init(path: String, password: String? = nil, keepingForEditing: Bool = false) throws {
        self.path = path
        handle = try Self.open(path, password: password)
        let count = Int(poppler_document_get_n_pages(handle))
        guard count > 0 else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw GraphicsError.unreadable(file: path, reason: "the PDF has no pages")
        }
        do {
            let qpdf = try QPDFDocument(path: path, password: password)
            let read = try PageBoxReader(document: qpdf).pages()
            guard read.count == count else {
                throw GraphicsError.unreadable(file: path, reason: "qpdf sees \(read.count) pages and Poppler \(count)")
            }
            (geometries, blendingPages, imageBytes, damage) = (read.map(\.geometry), read.map(\.blends), read.map(\.imageBytes), nil)
            forEditing = keepingForEditing ? qpdf : nil
        } catch GraphicsError.unreadable(_, let reason) {
            let geometries = Self.displayedGeometries(of: handle, count: count)
            (self.geometries, blendingPages, imageBytes, damage) = (geometries, geometries.map { _ in true }, geometries.map { _ in nil }, reason)
        }
    }

    /// qpdf's reading of the file, kept by ``init(path:password:keepingForEditing:)``, handed
    /// over once; nil when not kept, already taken, or when qpdf could not read the file.
    public func takeForEditing() -> QPDFDocument? {
        defer { forEditing = nil }
        return forEditing
    }

    /// What a document learned of its file when it was opened (the pages' geometry, which
    /// pages blend, their images' size, the damage), to open it again on another thread without reading it with
    /// qpdf again.
    public struct Facts: Sendable {
        let path: String
        let geometries: [PageGeometry]
        let blendingPages: [Bool]
        let imageBytes: [Int?]
        let damage: String?
    }

    /// This document's facts, for ``init(reopening:password:)`` on another thread.
    public var facts: Facts { Facts(path: path, geometries: geometries, blendingPages: blendingPages, imageBytes: imageBytes,
                                 damage: damage) }

    /// The same file opened again with Poppler, for another thread, with the geometry
    /// `other` read (qpdf does not parse the file again).
    /// - Parameters:
    ///   - other: the document opened first.
    ///   - password: the password `other` was opened with.
    public init(reopening other: Facts, password: String?) throws {
        path = other.path
        geometries = other.geometries
        blendingPages = other.blendingPages
        imageBytes = other.imageBytes
        damage = other.damage
        handle = try Self.open(path, password: password)
    }

    private static func open(_ path: String, password: String?) throws -> OpaquePointer {
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
        return document
    }

    /// Each page as Poppler draws it: its displayed size at the origin, unrotated.
    private static func displayedGeometries(of document: OpaquePointer, count: Int) -> [PageGeometry] {
        (0..<count).map { index in
            var width = 0.0, height = 0.0
            if let page = poppler_document_get_page(document, Int32(index)) {
                poppler_page_get_size(page, &width, &height)
                g_object_unref(UnsafeMutableRawPointer(page))
            }
            // Poppler falls back to US Letter for a page without a usable box.
            return PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: width > 0 ? width : 612, height: height > 0 ? height : 792))
        }
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
        return PDFPage(handle: page, number: number, geometry: geometries[number - 1], blends: blendingPages[number - 1],
                       document: self)
    }
}

/// One page of a ``PDFDocument``; keeps its document alive.
public final class PDFPage {
    /// 1-based page number.
    public let number: Int
    /// Boxes and rotation; `geometry.displayedSize` is the content size pins refer to.
    public let geometry: PageGeometry
    /// Whether the page uses blend modes or soft masks: then it is drawn on a transparent
    /// group before it is put on white.
    let blends: Bool
    let handle: OpaquePointer
    private let document: PDFDocument

    init(handle: OpaquePointer, number: Int, geometry: PageGeometry, blends: Bool, document: PDFDocument) {
        self.handle = handle
        self.number = number
        self.geometry = geometry
        self.blends = blends
        self.document = document
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The document's path, for messages.
    public var path: String { document.path }

    /// The displayed size as poppler computes it (CropBox after /Rotate), in points.
    public var popplerSize: CGSize {
        var width = 0.0, height = 0.0
        poppler_page_get_size(handle, &width, &height)
        return CGSize(width: width, height: height)
    }
}
