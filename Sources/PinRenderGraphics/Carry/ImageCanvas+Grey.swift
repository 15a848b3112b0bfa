import Foundation
import PinRenderCore
internal import CPangoCairo

extension ImageCanvas {
    /// The image's pixels as grey levels (Rec. 601 luma), for registration.
    public func greyImage() -> GreyImage {
        let width = surface.width, height = surface.height
        var grey = [UInt8](repeating: 255, count: width * height)
        surface.read { data, stride in
            for y in 0..<height {
                let row = data + y * Int(stride)
                for x in 0..<width {
                    let b = Int(row[4 * x]), g = Int(row[4 * x + 1]), r = Int(row[4 * x + 2])
                    grey[y * width + x] = UInt8((299 * r + 587 * g + 114 * b + 500) / 1000)
                }
            }
        }
        return GreyImage(width: width, height: height, pixels: grey)
    }

    /// Paints a carry's overlay over the whole image: each pixel coloured from `new` and from
    /// `old` read through `map` (this image's pixels to old raster pixels) as
    /// ``CarryOverlay/color(old:new:)`` says, then each pin's arrow, and a ring round those
    /// that need a look.
    public func paint(_ overlay: CarryOverlay, old: GreyImage, new: GreyImage, map: PageTransform) throws {
        let width = surface.width, height = surface.height
        surface.write { data, stride in
            for y in 0..<min(height, new.height) {
                let row = data + y * Int(stride)
                for x in 0..<min(width, new.width) {
                    let source = map.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    let (r, g, b) = CarryOverlay.color(old: old.sample(x: source.x, y: source.y),
                                                       new: Float(new.pixels[y * new.width + x]) / 255)
                    (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (b, g, r, 255)
                }
            }
        }
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for mark in overlay.marks {
            let look = mark.needsLook
            cairo_set_source_rgb(cr, look ? 0.85 : 0.1, look ? 0.1 : 0.55, look ? 0.6 : 0.1)
            cairo_set_line_width(cr, max(1.5, overlay.headLength / 3))
            let (dx, dy) = (mark.to.x - mark.from.x, mark.to.y - mark.from.y), length = hypot(dx, dy)
            cairo_arc(cr, mark.from.x, mark.from.y, overlay.headLength / 2.5, 0, 2 * .pi)
            cairo_fill(cr)
            if length > 1 {
                cairo_move_to(cr, mark.from.x, mark.from.y)
                cairo_line_to(cr, mark.to.x, mark.to.y)
                cairo_stroke(cr)
                let (ux, uy) = (dx / length, dy / length), head = min(overlay.headLength, length)
                cairo_move_to(cr, mark.to.x, mark.to.y)
                cairo_line_to(cr, mark.to.x - head * (ux + 0.5 * uy), mark.to.y - head * (uy - 0.5 * ux))
                cairo_line_to(cr, mark.to.x - head * (ux - 0.5 * uy), mark.to.y - head * (uy + 0.5 * ux))
                cairo_close_path(cr)
                cairo_fill(cr)
            }
            if look {
                cairo_arc(cr, mark.to.x, mark.to.y, overlay.ringRadius, 0, 2 * .pi)
                cairo_stroke(cr)
            }
        }
        cairo_restore(cr)
        try check("drawing the overlay")
    }
}
