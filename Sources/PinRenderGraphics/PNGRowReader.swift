import Foundation
internal import CCodecs

/// A PNG file read a few rows at a time, top to bottom, as straight RGBA: memory holds a
/// buffer of the file and the rows asked for, never the whole image (unless it is
/// interlaced: its rows are known only once all of it is read). The header is read when it
/// is opened.
///
/// `@unchecked Sendable`: the C reader is used only in ``read(rows:into:)``, under a lock;
/// everything else is set once when it is opened.
///
///     let reader = try PNGRowReader(path: "a.png")
///     var rgba: [UInt8] = []
///     try reader.read(rows: 16, appendingTo: &rgba)   // rows 0..<16
public final class PNGRowReader: @unchecked Sendable {
    public let path: String
    public let width: Int
    public let height: Int
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// Opens a PNG file and reads its header, refusing an image of more than `pixelLimit`
    /// pixels or wider or taller than Cairo draws before any row is read.
    public init(path: String, pixelLimit: Int = .max) throws {
        var directory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &directory), !directory.boolValue else {
            throw GraphicsError.unreadable(file: path, reason: "no such file")
        }
        self.path = path
        var info = pr_image_info()
        var error = pr_error()
        guard let handle = pr_png_rows_open_file(path, &info, &error) else {
            throw GraphicsError.unreadable(file: path, reason: RasterImage.message(error))
        }
        self.handle = handle
        width = Int(info.width)
        height = Int(info.height)
        try RasterImage.checkSize(file: path, width: width, height: height, pixelLimit: pixelLimit)
    }

    deinit {
        pr_png_rows_close(handle)
    }

    /// Reads the next `count` rows and appends them to `rgba`, R, G, B, A.
    public func read(rows count: Int, appendingTo rgba: inout [UInt8]) throws {
        let start = rgba.count
        rgba += repeatElement(0, count: count * width * 4)
        do {
            try rgba.withUnsafeMutableBufferPointer { try read(rows: count, into: $0.baseAddress! + start) }
        } catch {
            rgba.removeSubrange(start...)
            throw error
        }
    }

    /// Reads the next `count` rows into `pixels` (room for them, `width * 4` bytes a row),
    /// R, G, B, A.
    public func read(rows count: Int, into pixels: UnsafeMutablePointer<UInt8>) throws {
        lock.lock()
        defer { lock.unlock() }
        var error = pr_error()
        guard pr_png_rows_read(handle, pixels, Int32(count), Int32(width * 4), &error) == 0 else {
            throw GraphicsError.unreadable(file: path, reason: RasterImage.message(error))
        }
    }
}
