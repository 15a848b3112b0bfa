import Foundation
internal import CCodecs

/// A PNG file read a few rows at a time, top to bottom, as straight RGBA: memory holds the
/// file and the rows asked for, never the whole image (unless it is interlaced: its rows are
/// known only once all of it is read). The header is read when it is opened.
///
/// `@unchecked Sendable`: the C reader is used only in ``read(rows:appendingTo:)``, under a
/// lock; everything else is set once when it is opened.
///
///     let reader = try PNGRowReader(path: "a.png")
///     var rgba: [UInt8] = []
///     try reader.read(rows: 16, appendingTo: &rgba)   // rows 0..<16
public final class PNGRowReader: @unchecked Sendable {
    public let path: String
    public let width: Int
    public let height: Int
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// Opens a PNG file and reads its header, refusing an image of more than `pixelLimit`
    /// pixels or wider or taller than Cairo draws before any row is read.
    public init(path: String, pixelLimit: Int = .max) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GraphicsError.unreadable(file: path, reason: "no such file")
        }
        self.path = path
        // The C reader keeps pointing at the bytes: they get an address of their own.
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, data.count))
        _ = bytes.initialize(from: data)
        var info = pr_image_info()
        var error = pr_error()
        guard let handle = pr_png_rows_open(bytes.baseAddress, data.count, &info, &error) else {
            bytes.deallocate()
            throw GraphicsError.unreadable(file: path, reason: RasterImage.message(error))
        }
        self.bytes = bytes
        self.handle = handle
        width = Int(info.width)
        height = Int(info.height)
        try RasterImage.checkSize(file: path, width: width, height: height, pixelLimit: pixelLimit)
    }

    deinit {
        pr_png_rows_close(handle)
        bytes.deallocate()
    }

    /// Reads the next `count` rows and appends them to `rgba`, R, G, B, A.
    public func read(rows count: Int, appendingTo rgba: inout [UInt8]) throws {
        lock.lock()
        defer { lock.unlock() }
        let start = rgba.count, rowBytes = width * 4
        rgba += [UInt8](repeating: 0, count: count * rowBytes)
        var error = pr_error()
        let status = rgba.withUnsafeMutableBufferPointer { p in
            let rows = UnsafeMutableBufferPointer(rebasing: p[start...])
            let status = pr_png_rows_read(handle, rows.baseAddress, Int32(count), Int32(rowBytes), &error)
            if status == 0 { Self.swapRedAndBlue(rows) }
            return status
        }
        guard status == 0 else {
            rgba.removeSubrange(start...)
            throw GraphicsError.unreadable(file: path, reason: RasterImage.message(error))
        }
    }

    /// B, G, R, A to R, G, B, A, in place.
    private static func swapRedAndBlue(_ p: UnsafeMutableBufferPointer<UInt8>) {
        for i in stride(from: 0, to: p.count, by: 4) {
            (p[i], p[i + 2]) = (p[i + 2], p[i])
        }
    }
}
