import Foundation
internal import CPangoCairo

/// The one owner of a pixman image over the pixels of a Cairo image surface, which it keeps
/// alive: for laying images down box by box (``MarkLayer``), with the same pixman operation
/// Cairo uses to fill a pixel-aligned rectangle with an image at whole-pixel offsets.
final class PixmanImage {
    let handle: OpaquePointer
    private let surface: OpaquePointer

    /// Over the pixels of `surface` (a Cairo image surface of 32 bits a pixel, with or without
    /// alpha); nil for any other surface.
    init?(surface: OpaquePointer) {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        let format: pixman_format_code_t
        switch cairo_image_surface_get_format(surface) {
        case CAIRO_FORMAT_ARGB32: format = PIXMAN_a8r8g8b8
        case CAIRO_FORMAT_RGB24: format = PIXMAN_x8r8g8b8
        default: return nil
        }
        let bits = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        guard let image = pixman_image_create_bits(format, cairo_image_surface_get_width(surface),
                                                   cairo_image_surface_get_height(surface), bits,
                                                   cairo_image_surface_get_stride(surface)) else { return nil }
        handle = image
        self.surface = cairo_surface_reference(surface)
    }

    deinit {
        pixman_image_unref(handle)
        cairo_surface_destroy(surface)
    }

    var width: Int { Int(pixman_image_get_width(handle)) }
    var height: Int { Int(pixman_image_get_height(handle)) }

    /// Lays `box` of `image` (in its pixels) over this image with its top left pixel at (`x`, `y`).
    func over(_ image: PixmanImage, box: PixelBox, x: Int, y: Int) {
        pixman_image_composite32(PIXMAN_OP_OVER, image.handle, nil, handle, Int32(box.x), Int32(box.y), 0, 0,
                                 Int32(x), Int32(y), Int32(box.width), Int32(box.height))
    }
}
