import PinRenderCore
internal import CPangoCairo

extension TextSetter {
    /// Sets `text` in `style` with its ink centered on (`x`, `y`) of `cr`, in the style's
    /// color. A number is set from its font's digit glyphs (``DigitGlyphs``) where they
    /// compose and the target keeps no text (an image): the pixels of its layout, without one.
    func showCentered(_ text: String, style: TextStyle, x: Double, y: Double, on cr: OpaquePointer) {
        guard let (digits, run) = digitRun(text, style: style, on: cr) else {
            return showCenteredWithPango(text, style: style, x: x, y: y, on: cr)
        }
        setColor(style.color, on: cr)
        // What pango_cairo_show_layout does with the layout's one run: from the current point
        // (as Cairo keeps it, in fixed point), at the line's baseline, with the run's font.
        let ink = Self.outputUnits(run.ink)
        cairo_move_to(cr, x - ink.x - ink.width / 2, y - ink.y - ink.height / 2)
        var (left, top) = (0.0, 0.0)
        cairo_get_current_point(cr, &left, &top)
        let baseline = top + Double(digits.baseline) / Double(PANGO_SCALE)
        var glyphs = run.glyphs.map { glyph, x in
            cairo_glyph_t(index: UInt(glyph.index), x: left + Double(x + glyph.xOffset) / Double(PANGO_SCALE),
                          y: glyph.yOffset == 0 ? baseline : baseline + Double(glyph.yOffset) / Double(PANGO_SCALE))
        }
        cairo_save(cr)
        cairo_set_scaled_font(cr, digits.scaledFont)
        cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
        cairo_restore(cr)
        cairo_move_to(cr, left, top)
    }

    /// A box holding the ink that ``showCentered(_:style:x:y:on:)`` puts down for `text` on
    /// `cr` from digit glyphs, in user units; nil where it would set a layout.
    func centeredInk(_ text: String, style: TextStyle, x: Double, y: Double, on cr: OpaquePointer) -> PixelBox? {
        guard let ink = digitRun(text, style: style, on: cr).map({ Self.outputUnits($0.run.ink) }) else { return nil }
        // The glyphs' outlines; antialiasing, hinting and the current point's rounding reach
        // less than a pixel past them, and a bold made by fontconfig (FreeType's emboldening)
        // widens them by up to a 24th of the size.
        let margin = 2 + (style.size / 24).rounded(.up)
        let (left, top) = ((x - ink.width / 2).rounded(.down) - margin, (y - ink.height / 2).rounded(.down) - margin)
        let (right, bottom) = ((x + ink.width / 2).rounded(.up) + margin, (y + ink.height / 2).rounded(.up) + margin)
        guard [left, top, right, bottom].allSatisfy({ abs($0) < 0x4000_0000 }) else { return nil }
        return PixelBox(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    /// ``showCentered(_:style:x:y:on:)`` with a layout of its own, whatever the text.
    func showCenteredWithPango(_ text: String, style: TextStyle, x: Double, y: Double, on cr: OpaquePointer) {
        let layout = self.layout(text, style: style, width: nil)
        let ink = layout.inkRect
        setColor(style.color, on: cr)
        cairo_move_to(cr, x - ink.x - ink.width / 2, y - ink.y - ink.height / 2)
        pango_cairo_show_layout(cr, layout.handle)
    }

    /// `text` as set from its font's digits on `cr`: nil unless it is a number whose digits
    /// compose and `cr`'s target keeps no text.
    private func digitRun(_ text: String, style: TextStyle, on cr: OpaquePointer) -> (digits: DigitGlyphs, run: DigitGlyphs.Run)? {
        guard cairo_surface_has_show_text_glyphs(cairo_get_target(cr)) == 0, let digits = digits(for: style),
              let run = digits.run(text) else { return nil }
        return (digits, run)
    }

    private func setColor(_ c: Color, on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }
}
