import Foundation

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
        let rows = Self.bgrx(rgba[...])
        try rows.withUnsafeBufferPointer {
            try PNGWriter.write(pixels: $0.baseAddress!, width: Int32(width), height: Int32(height),
                                stride: Int32(width * 4), to: path, name: name)
        }
    }

    /// R, G, B, A to Cairo's B, G, R, unused.
    private static func bgrx(_ rgba: ArraySlice<UInt8>) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: rgba.count)
        var i = 0
        for j in stride(from: rgba.startIndex, to: rgba.endIndex, by: 4) {
            (pixels[i], pixels[i + 1], pixels[i + 2]) = (rgba[j + 2], rgba[j + 1], rgba[j])
            i += 4
        }
        return pixels
    }

    /// Decodes a PNG file.
    public init(pngAt path: String) throws {
        let reader = try PNGRowReader(path: path)
        var rgba: [UInt8] = []
        rgba.reserveCapacity(reader.width * reader.height * 4)
        try reader.read(rows: reader.height, appendingTo: &rgba)
        self.init(width: reader.width, height: reader.height, rgba: rgba)
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
