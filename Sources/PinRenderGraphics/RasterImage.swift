import Foundation
import PinRenderCore
internal import CPangoCairo
internal import CCodecs

/// A PNG or JPEG, in stored pixel order, with its EXIF orientation. Pins refer to the
/// displayed image: ``displayedSize`` and ``orientation``'s transform give it.
///
/// Opening reads the header only. The pixels are decoded when the image is first drawn,
/// at the size it is drawn: an image drawn smaller than it is shrinks while its rows are
/// decoded (see `ImageReduction`), so the memory held follows the output, not the file.
public final class RasterImage {
    /// Which decoder reads it.
    public enum Format: Sendable { case png, jpeg }

    public let path: String
    public let format: Format
    public let storedSize: CGSize
    public let orientation: ImageOrientation
    /// The file (a JPEG is embedded unchanged in PDFs).
    private let bytes: [UInt8]
    private let hasAlpha: Bool
    /// Decoded pixels by reduction, shared with the copies of this image on other threads.
    private let decoded: DecodedPixels
    /// This image's own Cairo surfaces over them (a surface is used on one thread only).
    private var surfaces: [ImageReduction: ImageSurface] = [:]

    /// Reads an image's header, refusing one of more than `pixelLimit` pixels before any
    /// pixel is decoded.
    public init(path: String, data: Data, pixelLimit: Int) throws {
        self.path = path
        bytes = [UInt8](data)
        decoded = DecodedPixels()
        var info = pr_image_info()
        var error = pr_error()
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        guard isPNG || bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
            throw GraphicsError.unreadable(file: path, reason: "not a PDF, PNG or JPEG file")
        }
        format = isPNG ? .png : .jpeg
        let status = isPNG ? pr_png_read_info(bytes, bytes.count, &info, &error)
                           : pr_jpeg_read_info(bytes, bytes.count, &info, &error)
        guard status == 0 else { throw GraphicsError.unreadable(file: path, reason: Self.message(error)) }
        let width = Int(info.width), height = Int(info.height)
        try Self.checkSize(file: path, width: width, height: height, pixelLimit: pixelLimit)
        storedSize = CGSize(width: width, height: height)
        orientation = ImageOrientation(exifValue: Int(info.orientation))
        hasAlpha = info.has_alpha != 0
    }

    /// What copies of an image on other threads share: its header, its file, its decoded
    /// pixels (read-only once decoded).
    public struct Shared: Sendable {
        fileprivate let path: String
        fileprivate let format: Format
        fileprivate let storedSize: CGSize
        fileprivate let orientation: ImageOrientation
        fileprivate let bytes: [UInt8]
        fileprivate let hasAlpha: Bool
        fileprivate let decoded: DecodedPixels
    }

    /// What a copy of this image on another thread shares with it.
    public var shared: Shared {
        Shared(path: path, format: format, storedSize: storedSize, orientation: orientation, bytes: bytes,
               hasAlpha: hasAlpha, decoded: decoded)
    }

    /// The same image for drawing on another thread: decoded pixels are shared read-only.
    public init(sharing shared: Shared) {
        path = shared.path
        format = shared.format
        storedSize = shared.storedSize
        orientation = shared.orientation
        bytes = shared.bytes
        hasAlpha = shared.hasAlpha
        decoded = shared.decoded
    }

    /// The size a viewer shows, after the EXIF orientation.
    public var displayedSize: CGSize { orientation.displayedSize(stored: storedSize) }

    /// The pixels to draw at `drawn` device pixels (as displayed), or at full size when nil
    /// (a PDF embeds the image as it is); decoded on first use.
    func surface(drawn: CGSize?) throws -> ImageSurface {
        let reduction = drawn.map { ImageReduction(stored: storedSize, orientation: orientation, format: format, drawn: $0) }
            ?? .none
        if let surface = surfaces[reduction] { return surface }
        let pixels = try decoded.pixels(reduction) { try decode(reduction) }
        let surface = try ImageSurface(sharingPixelsOf: pixels, context: path)
        if format == .jpeg && reduction == .none { surface.attachJPEG(bytes) }
        surfaces[reduction] = surface
        return surface
    }

    /// Decodes every row of the image, shrunk while decoding to at most `side` pixels a side,
    /// and keeps nothing: throws when the data is cut short or corrupt. The memory it takes
    /// is the shrunk pixels and a row (an interlaced PNG, whose rows come only at the end, is
    /// decoded whole first); the time, every row of the file.
    ///
    ///     try RasterImage(path: path, data: data, pixelLimit: limit).checkPixels()
    public func checkPixels(side: Int = 64) throws {
        let ratio = Double(side) / max(storedSize.width, storedSize.height)
        let drawn = orientation.displayedSize(stored: CGSize(width: storedSize.width * min(1, ratio),
                                                             height: storedSize.height * min(1, ratio)))
        _ = try decode(ImageReduction(stored: storedSize, orientation: orientation, format: format, drawn: drawn))
    }

    private func decode(_ reduction: ImageReduction) throws -> ImageSurface {
        let size = reduction.decodedSize(stored: storedSize)
        let surface = try ImageSurface(format: hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                                       width: Int(size.width), height: Int(size.height), context: path)
        var error = pr_error()
        let status = surface.write { pixels, stride in
            switch format {
            case .png:
                pr_png_decode(bytes, bytes.count, Int32(reduction.kx), Int32(reduction.ky), pixels, stride, &error)
            case .jpeg:
                pr_jpeg_decode(bytes, bytes.count, Int32(reduction.denominator), Int32(reduction.kx),
                               Int32(reduction.ky), pixels, stride, &error)
            }
        }
        guard status == 0 else { throw GraphicsError.unreadable(file: path, reason: Self.message(error)) }
        return surface
    }

    /// Refuses, from its header, an image that is empty, of more than `pixelLimit` pixels,
    /// or wider or taller than Cairo draws.
    static func checkSize(file: String, width: Int, height: Int, pixelLimit: Int) throws {
        guard width > 0, height > 0 else { throw GraphicsError.unreadable(file: file, reason: "the image is empty") }
        guard width <= SizeRequest.maximumSide, height <= SizeRequest.maximumSide else {
            throw InputError(source: file, location: "",
                             problem: "the image is \(width) x \(height) pixels; Cairo draws at most \(SizeRequest.maximumSide) pixels a side")
        }
        guard width * height <= pixelLimit else {
            throw InputError(source: file, location: "",
                             problem: "the image is \(width) x \(height) pixels, over the limit of \(pixelLimit) pixels",
                             remedy: .pixelLimit(maximum: SizeRequest.maximumPixels))
        }
    }

    static func message(_ error: pr_error) -> String {
        var copy = error
        return withUnsafeBytes(of: &copy.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}

/// An image's decoded pixels, one surface per reduction, decoded once whichever thread
/// asks first (the others wait for it); a failure is kept and thrown to every asker.
final class DecodedPixels: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [ImageReduction: Result<ImageSurface, Error>] = [:]

    func pixels(_ reduction: ImageReduction, decode: () throws -> ImageSurface) throws -> ImageSurface {
        lock.lock()
        defer { lock.unlock() }
        if let result = results[reduction] { return try result.get() }
        let result = Result { try decode() }
        results[reduction] = result
        return try result.get()
    }
}
