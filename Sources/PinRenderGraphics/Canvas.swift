import Foundation
import PinRenderCore
internal import CPangoCairo
internal import CPoppler

/// What every drawing target draws with: pages, images, text, fills and scenes, through one
/// Cairo context. Units are output pixels for images and points for PDF; the origin is
/// top-left. The targets are its subclasses, each the one owner of its surface and holding
/// only what its kind of output does: ``ImageCanvas`` (a whole image: pixels, PNG),
/// `StripeCanvas` (a stripe of a tall image's rows at a time) and ``PDFCanvas`` (a PDF file
/// of pages). A canvas sets text with fonts of its own: canvases draw side by side, one
/// thread at a time each.
///
///     let canvas = try ImageCanvas(width: 800, height: 600)
///     let whole = CGRect(origin: .zero, size: canvas.size)
///     try canvas.drawPage(page, at: whole, clip: whole)
///     try canvas.draw(scene)
///     try canvas.writePNG(to: "out.png", name: "out.png")
public class Canvas {
    let cr: OpaquePointer
    /// How errors name the target ("image", or the PDF's path).
    let name: String
    /// Whether images are decoded at the size they are drawn (raster targets) or whole (PDF).
    private let decodesAtDrawnSize: Bool
    private let text = TextSetter()
    /// Markers drawn once and laid down as images, on raster targets only.
    lazy var markImages: MarkImages? = decodesAtDrawnSize ? MarkImages() : nil
    /// The current page's size in output units.
    public internal(set) var size: CGSize

    /// A context drawing on `target`, a surface its subclass owns (the context keeps a
    /// reference of its own). Cairo never returns NULL: the subclass checks the context
    /// once it is made (``check(_:naming:)``).
    init(target: OpaquePointer, size: CGSize, name: String, decodesAtDrawnSize: Bool) {
        cr = cairo_create(target)
        self.size = size
        self.name = name
        self.decodesAtDrawnSize = decodesAtDrawnSize
    }

    deinit {
        cairo_destroy(cr)
    }

    /// Fills the rectangle from the origin to (`width`, `height`) white.
    private func fillWhite(width: Double, height: Double) {
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill(cr)
    }

    /// Paints the whole target white.
    func paintWhite() {
        cairo_save(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_restore(cr)
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
        // Poppler draws the displayed page at (0, 0) of its size, on white. A page that
        // blends is drawn on a transparent group (as large as the clip) that is then put on
        // white, as pdftocairo and MuPDF do: drawn straight over white, blend modes and soft
        // masks would mix with the white (white in Difference turns black, crimson teal).
        // Other pages come out the same either way, without the group's time and memory.
        // Poppler runs on a stack of its own: see LargeStack (a Type 3 glyph that shows itself).
        let context = cr
        if page.blends { cairo_push_group(cr) } else { fillWhite(width: size.width, height: size.height) }
        LargeStack.run { poppler_page_render(page.handle, context) }
        if page.blends {
            let drawn = cairo_pop_group(cr)
            fillWhite(width: size.width, height: size.height)
            cairo_set_source(cr, drawn)
            cairo_paint(cr)
            cairo_pattern_destroy(drawn)
        }
        cairo_restore(cr)
        try check("drawing page \(page.number)", naming: page.path)
    }

    /// Draws an image as displayed with its whole displayed area mapped onto `rect`, only
    /// inside `clip`. The image is decoded at the size it is drawn (in full for a PDF).
    public func drawImage(_ image: RasterImage, at rect: CGRect, clip: CGRect) throws {
        var drawn = (width: Double(rect.width), height: Double(rect.height))
        cairo_user_to_device_distance(cr, &drawn.width, &drawn.height)
        let source = try image.surface(drawn: decodesAtDrawnSize ? CGSize(width: abs(drawn.width), height: abs(drawn.height)) : nil)
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

    /// Draws an image canvas scaled into `rect`, smoothly.
    public func draw(_ other: ImageCanvas, in rect: CGRect) {
        cairo_surface_flush(other.surface.handle)
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / other.size.width, rect.height / other.size.height)
        cairo_set_source_surface(cr, other.surface.handle, 0, 0)
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

    /// Draws a scene in the colors it carries, its origin at `origin`: markers, then tooltips.
    public func draw(_ scene: Scene, origin: CGPoint = .zero, tagsText: Bool = false) throws {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        try SceneDrawer(cr: cr, text: text, tagsText: tagsText, markImages: markImages).draw(scene)
        cairo_restore(cr)
        try check("drawing the pins of page \(scene.page)")
    }

    /// Throws Cairo's error, if the context is in one, saying what `context` was doing.
    func check(_ context: String, naming subject: String? = nil) throws {
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError.cairo(context: "\(subject ?? name): \(context)", status: String(cString: cairo_status_to_string(status)))
        }
    }
}
