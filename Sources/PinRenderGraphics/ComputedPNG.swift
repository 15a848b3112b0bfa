import Foundation
import PinRenderCore

/// Writes a PNG whose pixels are computed a stripe of rows at a time (a diff image), on
/// several workers: each stripe is computed into its worker's buffer, deflated there, and
/// written as soon as the stripes above it are; memory holds a stripe per worker and at most
/// as many compressed ones waiting for the file. The stripes are the PNG writer's, fixed by
/// the height alone, so the file is the same bytes on one core or many (an RGB image: the
/// same as ``PixelBuffer/writePNG(to:name:)`` of the whole image would write).
///
///     try ComputedPNG.write(width: w, height: h, level: 1, workers: 2, to: "d.png", name: "d.png",
///                           context: { _ in }, deliver: { index, count in ... }) { _, index, rows, pixels in
///         fill(rows, pixels)   // B, G, R, A bytes, w * 4 a row
///         return count
///     }
public enum ComputedPNG {
    /// The image rows of each stripe an image of `height` rows is written in, top to bottom.
    public static func stripes(height: Int) -> [Range<Int>] {
        let count = PNGWriter.stripeCount(height: height)
        return (0..<count).map { PNGWriter.stripe($0, of: count, height: height) }
    }

    /// How the pixels are stored.
    public enum Format: Sendable, Equatable {
        /// Opaque RGB (the fourth bytes unused).
        case rgb
        /// RGBA: the fourth bytes are the alpha.
        case rgba
        /// Indexes into the palette, a byte a pixel.
        case indexed(PNGPalette)

        /// The bytes of a pixel as computed.
        var bytesPerPixel: Int {
            if case .indexed = self { return 1 }
            return 4
        }
    }

    /// - Parameters:
    ///   - format: RGB, RGBA or indexed.
    ///   - level: zlib's level (libdeflate's for an indexed image): 1, the fastest, for an
    ///     image looked at once (a diff image of 17 megapixels deflates in a third of level
    ///     6's time, to a file half as large again); 6, pinrender's pages', for one that is kept.
    ///   - workers: how many stripes are computed at once.
    ///   - context: makes what a worker computes with, on its own thread, with its index.
    ///   - deliver: hears each stripe's output, in order, once it is in the file, one call
    ///     at a time.
    ///   - fill: writes the pixels of stripe `index`, image rows `rows`, where it is given:
    ///     B, G, R, A (`width * 4` bytes a row), or for an indexed image the palette's
    ///     indexes (`width` bytes a row); what it returns goes to `deliver`.
    public static func write<Context, Output: Sendable>(width: Int, height: Int, format: Format = .rgb, level: Int32,
                                                        workers: Int,
                                                        to path: String, name: String,
                                                        context: @Sendable (Int) throws -> Context,
                                                        deliver: @escaping @Sendable (Int, Output) throws -> Void,
                                                        fill: @Sendable (Context, Int, Range<Int>, UnsafeMutablePointer<UInt8>) throws -> Output) throws {
        let stripes = stripes(height: height)
        guard format != .rgb || stripes.count > 1 else {
            // One stripe: written by libpng, as every PNG of so few rows is.
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let output = try pixels.withUnsafeMutableBufferPointer { try fill(context(0), 0, 0..<height, $0.baseAddress!) }
            try pixels.withUnsafeBufferPointer {
                try PNGWriter.write(pixels: $0.baseAddress!, width: Int32(width), height: Int32(height),
                                    stride: Int32(width * 4), level: level, to: path, name: name)
            }
            return try deliver(0, output)
        }
        let (alpha, palette): (Bool, PNGPalette?) = switch format {
        case .rgb: (false, nil)
        case .rgba: (true, nil)
        case .indexed(let palette): (false, palette)
        }
        let file = try PNGWriter.Stream(path: path, width: Int32(width), height: Int32(height), alpha: alpha, palette: palette,
                                        name: name)
        let pool = WorkerPool(workers: min(workers, stripes.count))
        let tallest = stripes.map(\.count).max()!, rowBytes = width * format.bytesPerPixel
        try pool.stream(stripes.count, window: pool.workers, context: { worker in
            (made: try context(worker), pixels: RowBuffer(bytes: tallest * rowBytes))
        }, deliver: { (index: Int, stripe: (deflated: PNGWriter.Stripe, output: Output)) in
            try file.append(stripe.deflated)
            try deliver(index, stripe.output)
        }) { context, index in
            let rows = stripes[index]
            let output = try fill(context.made, index, rows, context.pixels.base)
            let deflated = try PNGWriter.deflate(rows: context.pixels.base, width: Int32(width), count: rows.count,
                                                 stride: Int32(rowBytes), alpha: alpha, palette: palette, level: level,
                                                 last: index == stripes.count - 1, name: name)
            return (deflated: deflated, output: output)
        }
        try file.finish()
    }
}

/// Bytes a worker reuses for each of its stripes, owned and freed here.
public final class RowBuffer {
    public let base: UnsafeMutablePointer<UInt8>
    public let bytes: Int

    public init(bytes: Int) {
        self.bytes = bytes
        base = .allocate(capacity: max(1, bytes))
    }

    deinit { base.deallocate() }
}
