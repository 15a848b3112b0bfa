import Foundation
internal import CCodecs

/// Decoded pixels as straight RGBA bytes, row by row: what tests and image comparison read.
///
///     let image = try PixelBuffer(pngAt: "out.png")
///     image.pixel(x: 10, y: 20) // (r, g, b, a)
public struct PixelBuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A.
    public let rgba: [UInt8]

    /// Wraps RGBA bytes, `width * height * 4` of them.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4)
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Writes the image as an opaque RGB PNG (alpha is dropped), like every pinrender PNG.
    public func writePNG(to path: String, name: String) throws {
        var rows = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            (rows[i], rows[i + 1], rows[i + 2]) = (rgba[i + 2], rgba[i + 1], rgba[i])
        }
        try rows.withUnsafeBufferPointer {
            try PNGWriter.write(pixels: $0.baseAddress!, width: Int32(width), height: Int32(height),
                                stride: Int32(width * 4), to: path, name: name)
        }
    }

    /// Decodes a PNG file.
    public init(pngAt path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GraphicsError.unreadable(file: path, reason: "no such file")
        }
        let bytes = [UInt8](data)
        var info = pr_image_info()
        var error = pr_error()
        guard pr_png_read_info(bytes, bytes.count, &info, &error) == 0 else {
            throw GraphicsError.unreadable(file: path, reason: RasterImage.message(error))
        }
        let w = Int(info.width), h = Int(info.height)
        var bgra = [UInt8](repeating: 0, count: w * h * 4)
        let status = bgra.withUnsafeMutableBufferPointer {
            pr_png_decode(bytes, bytes.count, $0.baseAddress, Int32(w * 4), &error)
        }
        guard status == 0 else { throw GraphicsError.unreadable(file: path, reason: RasterImage.message(error)) }
        // Premultiplied BGRA to straight RGBA (opaque images only swap red and blue).
        let opaque = info.has_alpha == 0
        bgra.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = Int(p[i + 3])
                if opaque || a == 255 {
                    (p[i], p[i + 2]) = (p[i + 2], p[i])
                } else if a == 0 {
                    (p[i], p[i + 2]) = (p[i + 2], p[i])
                } else {
                    let b = p[i], g = p[i + 1], r = p[i + 2]
                    p[i] = UInt8(min(255, (Int(r) * 255 + a / 2) / a))
                    p[i + 1] = UInt8(min(255, (Int(g) * 255 + a / 2) / a))
                    p[i + 2] = UInt8(min(255, (Int(b) * 255 + a / 2) / a))
                }
            }
        }
        width = w
        height = h
        rgba = bgra
    }

    /// The pixel at (x, y), top-left origin.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}

extension PixelBuffer: CustomStringConvertible {
    /// Size only: the bytes would swamp any message.
    public var description: String { "PixelBuffer(\(width) x \(height))" }
}
