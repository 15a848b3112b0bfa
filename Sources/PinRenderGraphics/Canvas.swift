import Foundation
import PinRenderCore
internal import CPangoCairo
internal import CPoppler

/// A Cairo drawing target: one image (for PNG) or a PDF file of any number of pages.
/// Units are output pixels for images and points for PDF; the origin is top-left. A canvas
/// sets text with fonts of its own: canvases draw side by side, one thread at a time each.
///
///     let canvas = try Canvas(imageWidth: 800, height: 600)
///     let whole = CGRect(origin: .zero, size: canvas.size)
///     try canvas.drawPage(page, at: whole, clip: whole)
///     try canvas.draw(scene, theme: theme)
///     try canvas.writePNG(to: "out.png", name: "out.png")
public final class Canvas {
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let name: String
    private let isPDF: Bool
    /// For a stripe canvas, the image rows it holds now; nil when it holds the whole image.
    private(set) var heldRows: Range<Int>?
    private let text = TextSetter()
    /// The current page's size in output units.
    public private(set) var size: CGSize

    /// An opaque white image of whole pixels.
    public convenience init(imageWidth width: Int, height: Int) throws {
        try self.init(width: width, height: height, heldRows: nil)
    }

    /// A white image of `width` x `height` pixels that holds `rows` of its rows at a time
    /// (see ``hold(rows:)``): drawing is in whole-image coordinates, and what falls outside
    /// the rows held is dropped. Tall images are drawn a stripe at a time this way.
    convenience init(stripeOf width: Int, height: Int, rows: Int) throws {
        try self.init(width: width, height: height, heldRows: 0..<min(rows, height))
    }

    /// A white image of `width` x `height` whose surface holds `heldRows` (all when nil).
    private init(width: Int, height: Int, heldRows: Range<Int>?) throws {
        name = "image"
        isPDF = false
        size = CGSize(width: width, height: height)
        self.heldRows = heldRows
        let rows = heldRows?.count ?? height
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(rows))
        cr = cairo_create(surface)
        try check("creating a \(width) x \(rows) image")
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
    }

    /// Makes the canvas hold the image rows `rows` (at most as many as it was made for), white.
    func hold(rows: Range<Int>) {
        precondition(heldRows != nil && rows.count <= Int(cairo_image_surface_get_height(surface)))
        heldRows = rows
        // The context follows the surface's device offset: image row `rows.lowerBound` is the
        // surface's first.
        cairo_surface_set_device_offset(surface, 0, -Double(rows.lowerBound))
        cairo_save(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The pixels of the rows held, B, G, R, unused, and the bytes per row.
    func withHeldPixels<T>(_ body: (UnsafePointer<UInt8>, Int32) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        return try body(cairo_image_surface_get_data(surface), cairo_image_surface_get_stride(surface))
    }

    /// A PDF written to `path` as pages are finished; call ``finishDocument()`` at the end.
    public init(pdfPath path: String, firstPageSize: CGSize) throws {
        name = path
        isPDF = true
        size = firstPageSize
        surface = cairo_pdf_surface_create(path, firstPageSize.width, firstPageSize.height)
        cr = cairo_create(surface)
        try check("creating the PDF")
        // Cairo stamps "now" unless told; the output must not change from run to run.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "pinrender")
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Starts the next PDF page at a size of its own (the first page needs no call).
    public func beginPDFPage(size: CGSize) {
        self.size = size
        cairo_pdf_surface_set_size(surface, size.width, size.height)
    }

    /// Ends the current PDF page.
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

    /// Draws a PDF page (vectors and text stay vectors in a PDF) with its displayed area
    /// mapped onto `rect` (output units), only inside `clip`: Cairo rasterizes no more than
    /// the clip.
    public func drawPage(_ page: PDFPage, at rect: CGRect, clip: CGRect) throws {
        let size = page.popplerSize
        cairo_save(cr)
        cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / size.width, rect.height / size.height)
        // Poppler draws the displayed page at (0, 0) of its size; white under it, as viewers do.
        cairo_rectangle(cr, 0, 0, size.width, size.height)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill(cr)
        poppler_page_render(page.handle, cr)
        cairo_restore(cr)
        try check("drawing page \(page.number)")
    }

    /// Draws an image as displayed with its whole displayed area mapped onto `rect`, only
    /// inside `clip`. The image is decoded at the size it is drawn (in full for a PDF).
    public func drawImage(_ image: RasterImage, at rect: CGRect, clip: CGRect) throws {
        var drawn = (width: Double(rect.width), height: Double(rect.height))
        cairo_user_to_device_distance(cr, &drawn.width, &drawn.height)
        let source = try image.surface(drawn: isPDF ? nil : CGSize(width: abs(drawn.width), height: abs(drawn.height)))
        let stored = CGSize(width: source.width, height: source.height)
        let displayed = image.orientation.displayedSize(stored: stored)
        let m = image.orientation.transform(stored: stored)
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, m.m11, m.m12, m.m21, m.m22, m.tX, m.tY)
        cairo_save(cr)
        cairo_rectangle(cr, clip.minX, clip.minY, clip.width, clip.height)
        cairo_clip(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / displayed.width, rect.height / displayed.height)
        cairo_transform(cr, &matrix)
        cairo_set_source_surface(cr, source.handle, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
        try check("drawing \(image.path)")
    }

    /// Draws another image canvas scaled into `rect`, smoothly.
    public func draw(_ other: Canvas, in rect: CGRect) {
        cairo_surface_flush(other.surface)
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / other.size.width, rect.height / other.size.height)
        cairo_set_source_surface(cr, other.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Sets text at a top-left corner, wrapping at `width`, as Pango lays it out.
    public func drawText(_ text: String, at origin: CGPoint, width: Double, style: TextStyle) {
        let layout = self.text.layout(text, style: style, width: width)
        cairo_save(cr)
        cairo_set_source_rgba(cr, style.color.red, style.color.green, style.color.blue, style.color.alpha)
        cairo_move_to(cr, origin.x, origin.y)
        pango_cairo_show_layout(cr, layout.handle)
        cairo_restore(cr)
    }

    /// Fills a rounded rectangle.
    public func fillRoundedRect(_ rect: CGRect, radius: Double, color: Color) {
        cairo_save(cr)
        addRoundedRect(cr, rect, radius: radius)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Fills a rectangle with a color (letterboxing, blank containers).
    public func fill(_ rect: CGRect, color: Color) {
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Draws a scene in a theme's colors, its origin at `origin`: markers, then tooltips.
    public func draw(_ scene: Scene, theme: Theme, origin: CGPoint = .zero) throws {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        SceneDrawer(cr: cr, text: text, theme: theme).draw(scene)
        cairo_restore(cr)
        try check("drawing the pins of page \(scene.page)")
    }

    /// The image's pixels (image canvases), opaque RGBA.
    public func pixels() -> PixelBuffer {
        precondition(!isPDF && heldRows == nil, "pixels() is for whole image canvases")
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let s = y * stride + x * 4, d = (y * width + x) * 4
                (rgba[d], rgba[d + 1], rgba[d + 2]) = (data[s + 2], data[s + 1], data[s])
            }
        }
        return PixelBuffer(width: width, height: height, rgba: rgba)
    }

    /// Writes the image as PNG to `path`; `name` is how errors call it.
    public func writePNG(to path: String, name: String) throws {
        precondition(!isPDF && heldRows == nil, "writePNG is for whole image canvases")
        try PNGWriter.write(surface, to: path, name: name)
    }

    private func check(_ context: String) throws {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError.cairo(context: "\(name): \(context)", status: String(cString: cairo_status_to_string(status)))
        }
    }
}
