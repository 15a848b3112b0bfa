import Foundation
internal import CPangoCairo

/// The one owner of a Cairo image surface: made in `init`, destroyed in `deinit`, and
/// nowhere else, so an error anywhere after it is made can never release it twice.
final class ImageSurface: @unchecked Sendable {
    let handle: OpaquePointer
    /// The surface whose pixels this one shows, kept alive as long as this one.
    private let pixelsOwner: ImageSurface?

    /// A new surface of `width` x `height` pixels (contents undefined until written).
    init(format: cairo_format_t, width: Int, height: Int, context: String) throws {
        handle = cairo_image_surface_create(format, Int32(width), Int32(height))
        pixelsOwner = nil
        try check(context)
    }

    /// Another surface over the same pixels, for use on another thread: Cairo may set
    /// drawing properties on a source surface while it draws it, never its pixels.
    init(sharingPixelsOf other: ImageSurface, context: String) throws {
        handle = cairo_image_surface_create_for_data(
            cairo_image_surface_get_data(other.handle), cairo_image_surface_get_format(other.handle),
            cairo_image_surface_get_width(other.handle), cairo_image_surface_get_height(other.handle),
            cairo_image_surface_get_stride(other.handle))
        pixelsOwner = other
        try check(context)
    }

    deinit {
        cairo_surface_destroy(handle)
    }

    var width: Int { Int(cairo_image_surface_get_width(handle)) }
    var height: Int { Int(cairo_image_surface_get_height(handle)) }

    /// Writes the pixels (B, G, R, A words, `stride` bytes a row), then tells Cairo.
    func write<T>(_ body: (UnsafeMutablePointer<UInt8>, Int32) throws -> T) rethrows -> T {
        cairo_surface_flush(handle)
        defer { cairo_surface_mark_dirty(handle) }
        return try body(cairo_image_surface_get_data(handle), cairo_image_surface_get_stride(handle))
    }

    /// Reads the pixels (B, G, R, A words, `stride` bytes a row) as Cairo has drawn them.
    func read<T>(_ body: (UnsafePointer<UInt8>, Int32) throws -> T) rethrows -> T {
        cairo_surface_flush(handle)
        return try body(cairo_image_surface_get_data(handle), cairo_image_surface_get_stride(handle))
    }

    /// Reads the pixels as Cairo has drawn them, a row at a time (its index, and its pixels
    /// as words: A, R, G, B from the high byte).
    func readRows(_ body: (Int, UnsafeBufferPointer<UInt32>) -> Void) {
        read { data, stride in
            for y in 0..<height {
                body(y, UnsafeBufferPointer(start: UnsafeRawPointer(data + y * Int(stride)).assumingMemoryBound(to: UInt32.self),
                                            count: width))
            }
        }
    }

    /// Lets Cairo's PDF writer embed `bytes` (an original JPEG) instead of these pixels.
    func attachJPEG(_ bytes: [UInt8]) {
        guard let copy = malloc(bytes.count) else { return }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let status = cairo_surface_set_mime_data(handle, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self),
                                                 UInt(bytes.count), { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
    }

    private func check(_ context: String) throws {
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError.cairo(context: context, status: String(cString: cairo_status_to_string(status)))
        }
    }
}
