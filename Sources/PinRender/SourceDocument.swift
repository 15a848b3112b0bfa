import Foundation
import PinRenderCore
import PinRenderGraphics


/// What pins are drawn on: a PDF, an image, or a blank canvas (`--canvas WxH`).
public enum SourceDocument {
    case pdf(PDFDocument)
    case image(RasterImage)
    case canvas(CGSize)

    /// Opens a file by its content (not its name): PDF, PNG or JPEG. An image's header is
    /// read now, its pixels when it is drawn, at the size drawn.
    /// - Parameters:
    ///   - path: the file.
    ///   - password: for an encrypted PDF.
    ///   - pixelLimit: images larger than this are refused before decoding.
    ///   - forEditing: a PDF keeps qpdf's reading of it for the export to edit.
    public static func open(path: String, password: String?, pixelLimit: Int, forEditing: Bool = false) throws -> SourceDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw GraphicsError.unreadable(file: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw GraphicsError.unreadable(file: path, reason: "is a directory, not a document")
        }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw GraphicsError.unreadable(file: path, reason: "cannot be read (permissions?)")
        }
        defer { try? file.close() }
        // Sniff the content, not the name: an image by its signature; a PDF by "%PDF-" in
        // its first 1024 bytes (junk may come before it), or else by Poppler opening it, as
        // Poppler does ("May not be a PDF file (continuing anyway)").
        let head = (try? file.read(upToCount: 1024)) ?? Data()
        guard !head.isEmpty else { throw GraphicsError.unreadable(file: path, reason: "the file is empty") }
        let isImage = head.starts(with: [0x89, 0x50, 0x4E, 0x47]) || head.starts(with: [0xFF, 0xD8, 0xFF])
        if !isImage, head.range(of: Data("%PDF-".utf8)) != nil {
            return .pdf(try PDFDocument(path: path, password: password, keepingForEditing: forEditing))
        }
        if !isImage, let document = try? PDFDocument(path: path, password: password, keepingForEditing: forEditing) {
            return .pdf(document)
        }
        let data = head + ((try? file.readToEnd()) ?? Data())
        return .image(try RasterImage(path: path, data: data, pixelLimit: pixelLimit))
    }

    /// What is wrong with the document though it can be drawn, one line each, naming it.
    public var warnings: [String] {
        guard case .pdf(let document) = self, let damage = document.damage else { return [] }
        return ["\(document.path): damaged (qpdf: \(damage)); drawn as Poppler reads it"]
    }

    /// How many pages it has (1 for images and canvases).
    public var pageCount: Int {
        if case .pdf(let document) = self { return document.pageCount }
        return 1
    }

    /// The displayed size of a page, in its units: points for PDF, pixels otherwise.
    public func contentSize(page: Int) throws -> CGSize {
        switch self {
        case .pdf(let document): return document.geometries[page - 1].displayedSize
        case .image(let image): return image.displayedSize
        case .canvas(let size): return size
        }
    }

    /// What drawing `page` decodes besides the output, in bytes: its images' decoded size
    /// for a PDF page (nil when it is taken to be heavy: see `PDFDocument.imageBytes`), 0
    /// for an image or a blank canvas, decoded when opened.
    public func imageBytes(page: Int) -> Int? {
        if case .pdf(let document) = self { return document.imageBytes[page - 1] }
        return 0
    }

    /// How a PNG of `pixels` pixels of one of its pages is drawn: in halves when the PDF's
    /// bytes a page (what every drawing of a page reads again) are many for the pixels
    /// (``StripedPNG/Plan/forPage(bytesPerPage:pixels:)``), else in stripes.
    public func stripePlan(pixels: Int) -> StripedPNG.Plan {
        guard case .pdf(let document) = self,
              let size = (try? FileManager.default.attributesOfItem(atPath: document.path))?[.size] as? Int else { return .stripes }
        return .forPage(bytesPerPage: size / max(1, document.pageCount), pixels: pixels)
    }

    /// Units per inch where `--dpi` means something (72 for PDF points).
    public var unitsPerInch: Double? {
        if case .pdf = self { return 72 }
        return nil
    }

    /// Draws a page with its content mapped onto `rect` (output units), only inside `clip`.
    public func draw(page: Int, on canvas: Canvas, at rect: CGRect, clip: CGRect) throws {
        switch self {
        case .pdf(let document):
            try canvas.drawPage(document.page(at: page), at: rect, clip: clip)
        case .image(let image):
            try canvas.drawImage(image, at: rect, clip: clip)
        case .canvas:
            canvas.fill(rect.intersection(clip), color: Color(red: 1, green: 1, blue: 1))
        }
    }

    /// Draws a page to fill the canvas's current page.
    public func draw(page: Int, on canvas: Canvas) throws {
        let whole = CGRect(origin: .zero, size: canvas.size)
        try draw(page: page, on: canvas, at: whole, clip: whole)
    }
}
