import Foundation
import PinRenderCore
internal import CPangoCairo

/// Marks drawn once and then laid down as images: on an image, 10,000 markers are a few
/// dozen distinct drawings (a marker's disc in each state, the check and voice badges, a
/// few reply counts) at a few positions within a pixel, and filling their paths again for
/// each marker cost most of the run (antialiased coverage of three discs a marker).
///
/// A mark drawn from here stands on the quarter pixel nearest its point (``Scene/snapped(_:)``),
/// so its image is one of 16 drawings a style, one for each quarter-pixel phase. The image
/// holds the mark's layers (shadow, ring, fill; a badge's rim, disc and text) drawn on
/// transparent pixels exactly as they would be drawn straight on the output at that point:
/// Cairo's rasterizing and glyph placement do not change under a shift by whole pixels. It
/// is laid over the output with whole-pixel offsets, so the only difference from drawing the
/// layers one after the other on the output is the rounding of their colors, composed first
/// (at most one level in a channel, where a layer's edge lies over another's).
///
/// One per canvas (a canvas draws on one thread at a time), each with its own views of the
/// drawings, which are made once for the process (``MarkDrawings``).
final class MarkImages {
    /// Positions within a pixel, per axis.
    static let phases = Scene.markPhases

    /// What makes two drawings of a mark the same: what kind it is (with its font, if it has
    /// text), its text, its sizes and colors, and its phase in quarters of a pixel.
    struct Key: Hashable {
        var kind: String
        var text: String
        var values: [Double]
        var phase: Int
    }

    /// A mark's image and where its top left pixel goes, in user units.
    struct Placed {
        let image: MarkImage
        let left: Int
        let top: Int

        /// The pixels it covers, in user units.
        var box: PixelBox { PixelBox(x: left, y: top, width: image.width, height: image.height) }
    }

    /// This canvas's views of the drawings it has laid down (nil: the mark inks nothing).
    private var drawn: [Key: MarkImage?] = [:]
    /// The pixels of marks laid down so far (a measure of the work, for tests).
    var laidDown = 0
    /// Whether marks under others are left out (``MarkLayer``); if not, every mark is laid
    /// down whole with Cairo, which is what tests hold the pixels to.
    var leavesOutCovered = true
    /// How far from the origin, in pixels, a mark's point may be (a Cairo image is at most
    /// 32,767 pixels a side).
    static let farthest = Double(1 << 30)

    /// The image of the mark described by `key` (``Key/phase`` is filled in here) with its
    /// point at (`x`, `y`), both on the grid of ``Scene/snapped(_:)``, in a space whose user units
    /// are device pixels shifted by whole pixels, and where it goes; nil if it inks nothing.
    /// `reach` bounds how far from the point the mark puts ink; `draw` draws it with its point
    /// at the given coordinates, on the context given, the first time a key is seen.
    func placed(key: Key, x: Double, y: Double, reach: Double, draw: (OpaquePointer, Double, Double) -> Void) throws -> Placed? {
        let (column, row) = (x.rounded(.down), y.rounded(.down))
        // Out of every image's reach, and of whole-pixel offsets (a point 10^20 px off).
        guard abs(column) < Self.farthest, abs(row) < Self.farthest else { return nil }
        let (fx, fy) = (x - column, y - row)
        var key = key
        key.phase = Int(fx * Self.phases) * Int(Self.phases) + Int(fy * Self.phases)
        let image: MarkImage?
        if let known = drawn[key] {
            image = known
        } else {
            image = try MarkDrawings.shared.drawing(for: key) { try Self.make(reach: reach, fx: fx, fy: fy, draw: draw) }
                .map(MarkImage.init)
            drawn[key] = .some(image)
        }
        guard let image else { return nil }
        return Placed(image: image, left: Int(column) + image.drawing.left, top: Int(row) + image.drawing.top)
    }

    /// Lays `placed` over `cr` whole, with Cairo.
    static func paint(_ placed: Placed, on cr: OpaquePointer) {
        let (left, top) = (Double(placed.left), Double(placed.top))
        cairo_set_source_surface(cr, placed.image.surface.handle, left, top)
        cairo_rectangle(cr, left, top, Double(placed.image.width), Double(placed.image.height))
        cairo_fill(cr)
    }

    private static func make(reach: Double, fx: Double, fy: Double, draw: (OpaquePointer, Double, Double) -> Void) throws -> MarkDrawing? {
        let margin = Int(reach.rounded(.up)) + 2
        let side = 2 * margin + 1
        let surface = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: side, height: side,
                                       context: "creating a \(side) x \(side) mark")
        let cr = cairo_create(surface.handle)!
        defer { cairo_destroy(cr) }
        draw(cr, Double(margin) + fx, Double(margin) + fy)
        return try inked(surface, left: -margin, top: -margin)
    }

    /// The part of `surface` (its top left pixel at `left`, `top`) that is not transparent:
    /// laying down the transparent rest changed no pixel and cost a fifth of the time.
    private static func inked(_ surface: ImageSurface, left: Int, top: Int) throws -> MarkDrawing? {
        let (width, height) = (surface.width, surface.height)
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        surface.readRows { y, row in
            let columns = MarkDrawing.inkedColumns(row)
            guard !columns.isEmpty else { return }
            (minX, maxX, minY, maxY) = (min(minX, columns.lowerBound), max(maxX, columns.upperBound - 1), min(minY, y), y)
        }
        guard maxX >= 0 else { return nil }
        let inked = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: maxX - minX + 1, height: maxY - minY + 1,
                                     context: "creating a \(maxX - minX + 1) x \(maxY - minY + 1) mark")
        surface.read { from, fromStride in
            inked.write { to, toStride in
                for y in minY...maxY {
                    (to + (y - minY) * Int(toStride)).update(from: from + y * Int(fromStride) + minX * 4, count: (maxX - minX + 1) * 4)
                }
            }
        }
        return MarkDrawing(inked, left: left + minX, top: top + minY)
    }
}
