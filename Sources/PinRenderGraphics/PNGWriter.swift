internal import CPangoCairo
internal import CCodecs

/// Writes Cairo RGB24 surfaces as PNG: the Up filter and zlib level 6, which on the dense
/// A1 plan of `make bench` writes a smaller file than Cairo's own writer (adaptive filters)
/// in a fraction of its time. Images of 512 rows or more are deflated in horizontal stripes
/// on every core (libpng compresses on one), joined into one stream; the stripes depend on
/// the height only, so the bytes do not depend on the machine. No time stamp is written.
enum PNGWriter {
    static let compressionLevel: Int32 = 6
    static let filter: Int32 = 0x20 // PNG_FILTER_UP

    static func write(_ surface: OpaquePointer, to path: String, name: String) throws {
        cairo_surface_flush(surface)
        try write(pixels: cairo_image_surface_get_data(surface), width: cairo_image_surface_get_width(surface),
                  height: cairo_image_surface_get_height(surface), stride: cairo_image_surface_get_stride(surface),
                  to: path, name: name)
    }

    /// Writes B, G, R, unused pixels, `stride` bytes a row.
    static func write(pixels: UnsafePointer<UInt8>?, width: Int32, height: Int32, stride: Int32,
                      to path: String, name: String) throws {
        var error = pr_error()
        // libpng compresses on one core; tall images go in stripes on all of them.
        let status = height >= 512
            ? pr_png_write_rgb24_parallel(path, pixels, width, height, stride, compressionLevel, &error)
            : pr_png_write_rgb24(path, pixels, width, height, stride, compressionLevel, filter, &error)
        guard status == 0 else {
            throw GraphicsError.unwritable(file: name, reason: RasterImage.message(error))
        }
    }
}
