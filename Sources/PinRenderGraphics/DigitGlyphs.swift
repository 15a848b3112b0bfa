import PinRenderCore
internal import CPangoCairo

/// The ten digits of one font, size and weight as Pango shapes them, for setting numbers
/// (a marker's label) without a layout each: 10,000 markers made 10,000 layouts, itemized,
/// shaped and measured, a third of drawing them.
///
/// HarfBuzz shapes a string of digits in common fonts into the digits' glyphs one after the
/// other, each advanced by its width: no kerning or ligature between digits. That is checked
/// here, not assumed: every digit alone and every pair of digits is laid out by Pango, and
/// its glyphs, their positions, its baseline and its ink rectangle must be the ones composed
/// from the digits alone (``init(setter:style:)`` fails otherwise, and the font's numbers
/// keep their layouts). A number is then set with the glyphs, positions and ink rectangle
/// its own layout would have (``run(_:)``), and drawn as Pango draws a layout's run
/// (``TextSetter/showCentered(_:style:x:y:on:)``).
///
/// Belongs to the setter that made it (its font map), used on that setter's thread.
final class DigitGlyphs {
    /// What sets a font's digits apart: its family, size and weight.
    struct Face: Hashable {
        var family: String
        var size: Double
        var bold: Bool
    }

    /// One glyph as shaped: its index, advance and offsets, in Pango units.
    struct Glyph: Equatable {
        var index: PangoGlyph
        var width: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    /// A number as its layout would set it: its glyphs at their x (Pango units, from the
    /// line's start) and its ink rectangle from the layout's top left corner.
    struct Run {
        var glyphs: [(glyph: Glyph, x: Int32)]
        var ink: PangoRectangle
    }

    /// Numbers longer than this are set by their layouts (and so is everything that is not
    /// a string of ASCII digits).
    static let longest = 12

    private let font: UnsafeMutablePointer<PangoFont>
    /// The Cairo font Pango installs for `font`; the font owns it.
    let scaledFont: OpaquePointer
    /// From the layout's top to the line's baseline, Pango units.
    let baseline: Int32
    private let digits: [Glyph]
    /// Each digit's ink, from its origin on the baseline.
    private let inks: [PangoRectangle]

    /// The digits of `style`'s font as `setter` sets them, or nil where a number's layout is
    /// not the digits' glyphs one after the other.
    init?(setter: TextSetter, style: TextStyle) {
        var shaped: [(font: UnsafeMutablePointer<PangoFont>, glyph: Glyph, baseline: Int32)] = []
        for digit in 0...9 {
            guard let run = Self.shaped(setter.layout(String(digit), style: style, width: nil)), run.glyphs.count == 1,
                  run.font == shaped.first?.font ?? run.font, run.baseline == shaped.first?.baseline ?? run.baseline else { return nil }
            shaped.append((run.font, run.glyphs[0], run.baseline))
        }
        font = shaped[0].font
        g_object_ref(UnsafeMutableRawPointer(font))
        digits = shaped.map(\.glyph)
        baseline = shaped[0].baseline
        inks = digits.map { glyph in
            var ink = PangoRectangle()
            pango_font_get_glyph_extents(shaped[0].font, glyph.index, &ink, nil)
            return ink
        }
        guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)), cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS
        else { return nil }
        scaledFont = scaled
        // Every digit and every pair: what a longer number's shaping could depend on.
        for text in (0...9).map(String.init) + (0...99).map({ String(format: "%02d", $0) }) {
            let layout = setter.layout(text, style: style, width: nil)
            guard let shaped = Self.shaped(layout), shaped.font == font, shaped.baseline == baseline, let run = run(text),
                  shaped.glyphs == run.glyphs.map(\.glyph), Self.same(layout.inkExtents, run.ink) else { return nil }
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(font))
    }

    /// `text`'s glyphs and ink as its layout would set them; nil unless it is 1 to ``longest``
    /// ASCII digits.
    func run(_ text: String) -> Run? {
        let utf8 = text.utf8
        guard (1...Self.longest).contains(utf8.count), utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var x: Int32 = 0
        var run = Run(glyphs: [], ink: PangoRectangle())
        run.glyphs.reserveCapacity(utf8.count)
        for byte in utf8 {
            let digit = Int(byte - 0x30), glyph = digits[digit], ink = inks[digit]
            run.glyphs.append((glyph, x))
            // As pango_glyph_string_extents_range unites its glyphs' inks, skipping empty ones.
            if ink.width != 0 && ink.height != 0 {
                let placed = PangoRectangle(x: x + ink.x + glyph.xOffset, y: ink.y + glyph.yOffset, width: ink.width, height: ink.height)
                if run.ink.width == 0 || run.ink.height == 0 {
                    run.ink = placed
                } else {
                    let left = min(run.ink.x, placed.x), top = min(run.ink.y, placed.y)
                    run.ink.width = max(run.ink.x + run.ink.width, placed.x + placed.width) - left
                    run.ink.height = max(run.ink.y + run.ink.height, placed.y + placed.height) - top
                    (run.ink.x, run.ink.y) = (left, top)
                }
            }
            x += glyph.width
        }
        run.ink.y += baseline
        return run
    }

    /// The glyphs of a layout that is one left-to-right line of one run, its font and
    /// baseline; nil for any other layout.
    private static func shaped(_ layout: TextSetter.Layout) -> (font: UnsafeMutablePointer<PangoFont>, glyphs: [Glyph], baseline: Int32)? {
        guard pango_layout_get_line_count(layout.handle) == 1, layout.logicalX == 0,
              let line = pango_layout_get_line_readonly(layout.handle, 0), let runs = line.pointee.runs, runs.pointee.next == nil,
              let item = runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
              let analysis = item.item?.pointee.analysis, analysis.level == 0, let font = analysis.font,
              let string = item.glyphs?.pointee, let infos = string.glyphs else { return nil }
        let glyphs = (0..<Int(string.num_glyphs)).map {
            Glyph(index: infos[$0].glyph, width: infos[$0].geometry.width, xOffset: infos[$0].geometry.x_offset,
                  yOffset: infos[$0].geometry.y_offset)
        }
        // Empty and unknown glyphs are drawn otherwise (or not at all).
        guard glyphs.allSatisfy({ $0.index != PANGO_GLYPH_EMPTY && $0.index & PANGO_GLYPH_UNKNOWN_FLAG == 0 }) else { return nil }
        return (font, glyphs, pango_layout_get_baseline(layout.handle))
    }

    private static func same(_ a: PangoRectangle, _ b: PangoRectangle) -> Bool {
        (a.x, a.y, a.width, a.height) == (b.x, b.y, b.width, b.height)
    }
}
