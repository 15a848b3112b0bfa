import Foundation
internal import CPangoCairo

/// Adds a rounded rectangle (corner radius at most half a side) to the current path.
func addRoundedRect(_ cr: OpaquePointer, _ rect: CGRect, radius: Double) {
    let (x, y, w, h) = (rect.minX, rect.minY, rect.width, rect.height)
    let r = min(radius, w / 2, h / 2)
    cairo_new_sub_path(cr)
    cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
    cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
    cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
    cairo_arc(cr, x + r, y + r, r, Double.pi, 1.5 * Double.pi)
    cairo_close_path(cr)
}
