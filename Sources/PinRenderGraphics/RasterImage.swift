import Foundation
import PinRenderCore
internal import CPangoCairo
internal import CCodecs

/// A decoded PNG or JPEG in stored pixel order, with its EXIF orientation. Pins refer to
/// the displayed image: ``displayedSize`` and ``orientation``'s transform give it.
public final class RasterImage {
    /// Which decoder read it.
    public enum Format: Sendable { case png, jpeg }

    public let path: String
    public let format: Format
    public let storedSize: CGSize
    public let orientation: ImageOrientation
    let surface: OpaquePointer
    /// The image whose pixels this one shares, if any.
    private let owner: RasterImage?

    /// Decodes an image, refusing before any pixel is allocated one of more than
    /// `pixelLimit` pixels. A JPEG keeps its bytes so a PDF can embed it unchanged.
    public init(path: String, data: Data, pixelLimit: Int) throws {
        self.path = path
        owner = nil
        let bytes = [UInt8](data)
        var info = pr_image_info()
        var error = pr_error()
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        guard isPNG || isJPEG else {
            throw GraphicsError.unreadable(file: path, reason: "not a PDF, PNG or JPEG file")
        }
        format = isPNG ? .png : .jpeg
        let status = isPNG ? pr_png_read_info(bytes, bytes.count, &info, &error)
                           : pr_jpeg_read_info(bytes, bytes.count, &info, &error)
        guard status == 0 else { throw GraphicsError.unreadable(file: path, reason: Self.message(error)) }
        let width = Int(info.width), height = Int(info.height)
        guard width > 0, height > 0 else { throw GraphicsError.unreadable(file: path, reason: "the image is empty") }
        guard width <= SizeRequest.maximumSide, height <= SizeRequest.maximumSide else {
            throw GraphicsError.tooWide(file: path, width: width, height: height)
        }
        guard width * height <= pixelLimit else {
            throw GraphicsError.tooLarge(file: path, width: width, height: height, limit: pixelLimit)
        }
        storedSize = CGSize(width: width, height: height)
        orientation = ImageOrientation(exifValue: Int(info.orientation))
        let format = info.has_alpha != 0 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        surface = cairo_image_surface_create(format, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let status = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw GraphicsError.cairo(context: path, status: status)
        }
        cairo_surface_flush(surface)
        let pixels = cairo_image_surface_get_data(surface)
        let stride = cairo_image_surface_get_stride(surface)
        let decoded = isPNG ? pr_png_decode(bytes, bytes.count, pixels, stride, &error)
                            : pr_jpeg_decode(bytes, bytes.count, pixels, stride, &error)
        guard decoded == 0 else {
            cairo_surface_destroy(surface)
            throw GraphicsError.unreadable(file: path, reason: Self.message(error))
        }
        cairo_surface_mark_dirty(surface)
        if isJPEG { Self.attachJPEG(bytes, to: surface) }
    }

    /// The same pixels through a Cairo surface of its own, for drawing on another thread:
    /// Cairo may set drawing properties on a source surface while it draws it, but nothing
    /// writes the pixels once decoded. Keeps `other` (which owns them) alive.
    public init(sharingPixelsOf other: RasterImage) throws {
        path = other.path
        format = other.format
        storedSize = other.storedSize
        orientation = other.orientation
        owner = other
        surface = cairo_image_surface_create_for_data(
            cairo_image_surface_get_data(other.surface), cairo_image_surface_get_format(other.surface),
            cairo_image_surface_get_width(other.surface), cairo_image_surface_get_height(other.surface),
            cairo_image_surface_get_stride(other.surface))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let status = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw GraphicsError.cairo(context: path, status: status)
        }
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The size a viewer shows, after the EXIF orientation.
    public var displayedSize: CGSize { orientation.displayedSize(stored: storedSize) }

    /// Lets Cairo's PDF writer embed the original JPEG instead of re-compressing pixels.
    private static func attachJPEG(_ bytes: [UInt8], to surface: OpaquePointer) {
        guard let copy = malloc(bytes.count) else { return }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let status = cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_JPEG,
                                                 copy.assumingMemoryBound(to: UInt8.self),
                                                 UInt(bytes.count), { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
    }

    static func message(_ error: pr_error) -> String {
        var copy = error
        return withUnsafeBytes(of: &copy.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
