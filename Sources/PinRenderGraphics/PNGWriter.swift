internal import CPangoCairo
internal import CCodecs

/// Writes Cairo RGB24 surfaces as PNG with libpng: the Up filter and zlib level 6. On the
/// dense A1 plan of `make bench` this writes a smaller file than Cairo's own writer
/// (adaptive filters) at a fraction of its time; adaptive filtering here cost 60% more
/// time for a larger file. No time stamp is written, so the same pixels give the same bytes.
enum PNGWriter {
    static let compressionLevel: Int32 = 6
    static let filter: Int32 = 0x20 // PNG_FILTER_UP

    static func write(_ surface: OpaquePointer, to path: String, name: String) throws {
        cairo_surface_flush(surface)
        var error = pr_error()
        let status = pr_png_write_rgb24(path, cairo_image_surface_get_data(surface),
                                        cairo_image_surface_get_width(surface),
                                        cairo_image_surface_get_height(surface),
                                        cairo_image_surface_get_stride(surface),
                                        compressionLevel, filter, &error)
        guard status == 0 else {
            throw GraphicsError.unwritable(file: name, reason: RasterImage.message(error))
        }
    }
}
