import Foundation
internal import CPangoCairo

/// A tall image drawn a stripe of rows at a time: it holds `rows` of the image's rows (see
/// ``hold(rows:)``), drawing is in whole-image coordinates, and what falls outside the rows
/// held is dropped. ``StripedPNG`` draws with one per worker.
final class StripeCanvas: Canvas {
    private let surface: ImageSurface
    /// The image rows held now.
    private(set) var heldRows: Range<Int>

    /// A white image of `width` x `height` pixels holding `rows` rows at a time, the first
    /// ones to begin with.
    init(width: Int, height: Int, rows: Int) throws {
        let held = min(rows, height)
        surface = try ImageSurface(format: CAIRO_FORMAT_RGB24, width: width, height: held,
                                   context: "creating a \(width) x \(held) image")
        heldRows = 0..<held
        super.init(target: surface.handle, size: CGSize(width: width, height: height), name: "image",
                   decodesAtDrawnSize: true)
        try check("creating the image")
        paintWhite()
    }

    /// Makes the canvas hold the image rows `rows` (at most as many as it was made for), white.
    func hold(rows: Range<Int>) {
        precondition(rows.count <= surface.height, "\(rows.count) rows in a stripe of \(surface.height)")
        heldRows = rows
        // The context follows the surface's device offset: image row `rows.lowerBound` is the
        // surface's first.
        cairo_surface_set_device_offset(surface.handle, 0, -Double(rows.lowerBound))
        paintWhite()
    }

    /// The pixels of the rows held, B, G, R, unused, and the bytes per row.
    func withHeldPixels<T>(_ body: (UnsafePointer<UInt8>, Int32) throws -> T) rethrows -> T {
        cairo_surface_flush(surface.handle)
        return try body(cairo_image_surface_get_data(surface.handle), cairo_image_surface_get_stride(surface.handle))
    }
}
