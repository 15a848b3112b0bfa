import PinRenderCore
internal import CPangoCairo

/// Sets text with Pango the same way for measuring and for drawing: one PangoContext with
/// metric hinting off, so that a size measured before drawing is the size drawn.
///
/// Each setter has a font map to itself while it lives (from ``FontMapPool``). Pango's font
/// maps, and the contexts, fonts and layouts made from them, may be used by one thread at a
/// time, and the default font map (`pango_cairo_font_map_get_default`) belongs to the thread
/// that asked for it: a setter made on one thread and used on another would share it with
/// whatever else that first thread sets meanwhile (wrong sizes, crashes). A setter is used by
/// one thread at a time; it can move to another between uses.
final class TextSetter {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    /// The digits of each font, size and weight numbers were set in; nil where they do not
    /// compose (``DigitGlyphs``).
    private var digitGlyphs: [DigitGlyphs.Face: DigitGlyphs?] = [:]
    /// The style digits were last asked for, and its answer: a page's markers ask for one or two, thousands of times.
    private var lastDigits: (face: DigitGlyphs.Face, digits: DigitGlyphs?)?

    init() {
        fontMap = FontMapPool.take()
        context = pango_font_map_create_context(fontMap)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        // The digits hold a font of the font map: let it go before the map goes to another setter (and thread).
        digitGlyphs = [:]
        lastDigits = nil
        g_object_unref(UnsafeMutableRawPointer(context))
        FontMapPool.giveBack(fontMap)
    }

    /// A layout of `text` in `style`, wrapping at `width` (nil: no wrapping) and ellipsized
    /// after `style.maxLines` lines. The caller owns it (``Layout`` frees it).
    func layout(_ text: String, style: TextStyle, width: Double?) -> Layout {
        let layout = pango_layout_new(context)!
        let font = pango_font_description_new()
        pango_font_description_set_family(font, style.fontFamily)
        pango_font_description_set_absolute_size(font, style.size * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        // A width Pango cannot hold (infinity, NaN, over 2^31 Pango units) sets no bound.
        if let width, let units = Int32(exactly: (width * Double(PANGO_SCALE)).rounded(.up)), units >= 0 {
            pango_layout_set_width(layout, units)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            pango_layout_set_height(layout, -Int32(max(1, style.maxLines)))
        }
        pango_layout_set_text(layout, text, -1)
        return Layout(handle: layout, setter: self)
    }

    /// The digits of `style`'s font, made the first time it is asked for; nil where its
    /// numbers must be set by their layouts.
    func digits(for style: TextStyle) -> DigitGlyphs? {
        let face = DigitGlyphs.Face(family: style.fontFamily, size: style.size, bold: style.bold)
        if let last = lastDigits, last.face == face { return last.digits }
        let digits = digitGlyphs[face] ?? DigitGlyphs(setter: self, style: style)
        digitGlyphs[face] = .some(digits)
        lastDigits = (face, digits)
        return digits
    }

    /// Owns one PangoLayout, and keeps its setter (whose font map it uses) alive.
    final class Layout {
        let handle: OpaquePointer
        private let setter: TextSetter

        init(handle: OpaquePointer, setter: TextSetter) {
            self.handle = handle
            self.setter = setter
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(handle))
        }

        /// Logical size in output units.
        var size: (width: Double, height: Double) {
            let logical = TextSetter.outputUnits(extents.logical)
            return (logical.width, logical.height)
        }

        /// The inked rectangle (x, y, width, height) relative to the layout's origin.
        var inkRect: (x: Double, y: Double, width: Double, height: Double) {
            TextSetter.outputUnits(inkExtents)
        }

        /// The inked rectangle relative to the layout's origin, in Pango units.
        var inkExtents: PangoRectangle { extents.ink }

        /// Where the logical rectangle starts, in Pango units.
        var logicalX: Int32 { extents.logical.x }

        private var extents: (ink: PangoRectangle, logical: PangoRectangle) {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(handle, &ink, &logical)
            return (ink, logical)
        }
    }
}

extension TextSetter {
    /// A rectangle in Pango units as (x, y, width, height) in output units.
    static func outputUnits(_ rect: PangoRectangle) -> (x: Double, y: Double, width: Double, height: Double) {
        let scale = Double(PANGO_SCALE)
        return (Double(rect.x) / scale, Double(rect.y) / scale, Double(rect.width) / scale, Double(rect.height) / scale)
    }
}

/// Measures text with Pango for the layout step. Each measurer has fonts of its own: any
/// number of them can measure side by side, one thread at a time each (a page layout made on
/// one thread can be handed to a worker).
public final class PangoTextMeasurer: TextMeasuring {
    private let setter = TextSetter()

    public init() {}

    public func measure(_ text: String, style: TextStyle, maxWidth: Double) -> (width: Double, height: Double) {
        setter.layout(text, style: style, width: maxWidth).size
    }
}
