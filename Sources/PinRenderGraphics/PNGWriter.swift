import Foundation
internal import CPangoCairo
internal import CCodecs

/// Writes Cairo RGB24 pixels as PNG: the Up filter and zlib level 6, which on the dense A1
/// plan of `make bench` writes a smaller file than Cairo's own writer (adaptive filters) in a
/// fraction of its time. Images of ``stripeRows`` rows or more are deflated in stripes of at
/// most that many rows on every core (libpng compresses on one), each stripe's first row
/// Sub-filtered so that it refers to nothing outside the stripe, with level 6's search tuned
/// for filtered rows (see png_stripes.c), and joined into one stream; the stripes depend on
/// the height only, so the bytes do not depend on the machine, or on whether the image was
/// drawn whole or a stripe at a time. No time stamp is written.
enum PNGWriter {
    static let compressionLevel: Int32 = 6
    static let filter: Int32 = 0x20 // PNG_FILTER_UP
    /// The most rows in a stripe.
    static let stripeRows = 600

    /// One deflated stripe, owning its bytes.
    final class Stripe: @unchecked Sendable {
        fileprivate var parts = pr_png_stripe()
        deinit { pr_png_stripe_free(&parts) }
    }

    /// How many stripes an image of `height` rows is written in: an even number when more
    /// than one, so that two cores get as many (each stripe drawn costs the same time to
    /// read the page, whatever its height).
    static func stripeCount(height: Int) -> Int {
        let count = (height + stripeRows - 1) / stripeRows
        return count <= 1 ? 1 : count + count % 2
    }

    /// The image rows of stripe `index` of `count`.
    static func stripe(_ index: Int, of count: Int, height: Int) -> Range<Int> {
        height * index / count..<height * (index + 1) / count
    }

    static func write(_ surface: OpaquePointer, to path: String, name: String) throws {
        cairo_surface_flush(surface)
        try write(pixels: cairo_image_surface_get_data(surface), width: cairo_image_surface_get_width(surface),
                  height: cairo_image_surface_get_height(surface), stride: cairo_image_surface_get_stride(surface),
                  to: path, name: name)
    }

    /// Writes B, G, R, unused pixels, `stride` bytes a row.
    static func write(pixels: UnsafePointer<UInt8>, width: Int32, height: Int32, stride: Int32,
                      to path: String, name: String) throws {
        var error = pr_error()
        guard height >= stripeRows else {
            guard pr_png_write_rgb24(path, pixels, width, height, stride, compressionLevel, filter, &error) == 0 else {
                throw GraphicsError.unwritable(file: name, reason: RasterImage.message(error))
            }
            return
        }
        let count = stripeCount(height: Int(height))
        var stripes = [Stripe?](repeating: nil, count: count)
        var failure: Error?
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let rows = stripe(index, of: count, height: Int(height))
            let start = pixels + rows.lowerBound * Int(stride)
            let result = Result {
                try deflate(rows: start, width: width, count: rows.count, stride: stride, last: index == count - 1, name: name)
            }
            lock.lock()
            switch result {
            case .success(let stripe): stripes[index] = stripe
            case .failure(let error): failure = failure ?? error
            }
            lock.unlock()
        }
        if let failure { throw failure }
        try write(stripes.map { $0! }, width: width, height: height, to: path, name: name)
    }

    /// Filters and deflates `count` rows as one stripe (its first row refers to nothing above it).
    static func deflate(rows: UnsafePointer<UInt8>, width: Int32, count: Int, stride: Int32, last: Bool,
                        name: String) throws -> Stripe {
        let stripe = Stripe()
        var error = pr_error()
        guard pr_png_deflate_stripe(rows, width, Int32(count), stride, compressionLevel, last ? 1 : 0,
                                    &stripe.parts, &error) == 0 else {
            throw GraphicsError.unwritable(file: name, reason: RasterImage.message(error))
        }
        return stripe
    }

    /// Writes the image from all its stripes, top to bottom.
    static func write(_ stripes: [Stripe], width: Int32, height: Int32, to path: String, name: String) throws {
        var error = pr_error()
        let parts = stripes.map(\.parts)
        let status = withExtendedLifetime(stripes) {
            pr_png_write_stripes(path, width, height, parts, Int32(parts.count), &error)
        }
        guard status == 0 else { throw GraphicsError.unwritable(file: name, reason: RasterImage.message(error)) }
    }
}
