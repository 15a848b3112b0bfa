import Foundation
import PinRenderCore
internal import CPangoCairo
internal import CCodecs

/// Writes Cairo RGB24 pixels as PNG: the Up filter and zlib level 6, which on the dense A1
/// plan of `make bench` writes a smaller file than Cairo's own writer (adaptive filters) in a
/// fraction of its time. Images of ``stripeRows`` rows or more are deflated in stripes of at
/// most that many rows on every core (libpng compresses on one), each stripe's first row
/// Sub-filtered so that it refers to nothing outside the stripe, with level 6's search tuned
/// for filtered rows, or unfiltered when a sample of a stripe's rows deflates smaller so (a dense
/// drawing; see png_stripes.c), and joined into one stream; the stripes depend on
/// the height only, so the bytes do not depend on the machine, or on whether the image was
/// drawn whole or a stripe at a time. No time stamp is written.
enum PNGWriter {
    static let compressionLevel: Int32 = 6
    static let filter: Int32 = 0x20 // PNG_FILTER_UP
    /// The most rows in a stripe.
    static let stripeRows = 600

    /// One deflated stripe, owning its bytes. `@unchecked Sendable`: filled by the worker
    /// that deflates it, then only read, by the worker that writes it to the file (the pool
    /// hands it over under its lock), and freed once.
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

    /// Writes B, G, R, unused pixels, `stride` bytes a row, deflated at zlib `level`.
    static func write(pixels: UnsafePointer<UInt8>, width: Int32, height: Int32, stride: Int32,
                      level: Int32 = compressionLevel, to path: String, name: String) throws {
        var error = pr_error()
        guard height >= stripeRows else {
            guard pr_png_write_rgb24(path, pixels, width, height, stride, level, filter, &error) == 0 else {
                throw OutputError(file: name, reason: RasterImage.message(error))
            }
            return
        }
        let rows = SharedRows(base: pixels, stride: stride)
        try write(width: width, height: height, workers: ProcessInfo.processInfo.activeProcessorCount,
                  to: path, name: name, context: { _ in }) { _, range, last in
            try deflate(rows: rows.base + range.lowerBound * Int(stride), width: width, count: range.count,
                        stride: stride, last: last, name: name)
        }
    }

    /// Pixels the workers read side by side. `@unchecked Sendable`: nobody writes them while
    /// ``write(pixels:width:height:stride:to:name:)`` runs, and its caller keeps them alive.
    private struct SharedRows: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
        let stride: Int32
    }

    /// Makes the stripes of an image on a ``WorkerPool`` of `workers` and writes the file as
    /// they come. `context` sets a worker up, on its own thread, with its index; `stripe` makes
    /// the stripe of the given rows (true: the image's last) with it. Whichever worker is free
    /// takes the next stripe: the stripes, not the workers, fix the bytes. Each stripe goes to
    /// the file as soon as it and all above it are done; no more than `workers` stripes are
    /// ever being made or waiting for the file. `checkpoint` runs before each stripe; the
    /// first failure, of a stripe, the file or `checkpoint`, stops the rest. `progress` hears
    /// (stripes written, stripes) after each stripe goes to the file, one call at a time.
    static func write<Context>(width: Int32, height: Int32, workers: Int, to path: String, name: String,
                               checkpoint: @Sendable () throws -> Void = {},
                               progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                               context: @Sendable (Int) throws -> Context,
                               stripe makeStripe: @Sendable (Context, Range<Int>, Bool) throws -> Stripe) throws {
        let count = stripeCount(height: Int(height))
        let file = try Stream(path: path, width: width, height: height, name: name)
        let pool = WorkerPool(workers: min(workers, count))
        try pool.stream(count, window: pool.workers, context: context, checkpoint: checkpoint,
                        deliver: { index, stripe in
                            try file.append(stripe)
                            progress(index + 1, count)
                        }) { context, index in
            try makeStripe(context, self.stripe(index, of: count, height: Int(height)), index == count - 1)
        }
        try file.finish()
    }

    /// Filters and deflates `count` rows as one stripe (its first row refers to nothing above it)
    /// at zlib `level`; with `alpha` the rows' fourth bytes are written as the alpha of an RGBA image;
    /// with `palette`, the pixels as its indexes (a pixel not in it is an error).
    static func deflate(rows: UnsafePointer<UInt8>, width: Int32, count: Int, stride: Int32, alpha: Bool = false,
                        palette: PNGPalette? = nil, level: Int32 = compressionLevel, last: Bool,
                        name: String) throws -> Stripe {
        let stripe = Stripe()
        var error = pr_error()
        guard PNGPalette.withParts(of: palette, {
            pr_png_deflate_stripe(rows, width, Int32(count), stride, alpha ? 1 : 0, $0, level, last ? 1 : 0,
                                  &stripe.parts, &error)
        }) == 0 else {
            throw OutputError(file: name, reason: RasterImage.message(error))
        }
        return stripe
    }

    /// A PNG file written a stripe at a time, top to bottom; removed when it is not finished
    /// (a failed image leaves no file). `@unchecked Sendable`: the workers append to it one at
    /// a time (a ``WorkerPool`` delivers one output at a time, under its lock's ordering), and
    /// it is finished after they are done.
    final class Stream: @unchecked Sendable {
        private let handle: OpaquePointer
        private let path: String
        private let name: String
        private var finished = false

        /// Creates the file and writes the header of a `width` x `height` RGB image (RGBA
        /// with `alpha`, indexed with `palette`).
        init(path: String, width: Int32, height: Int32, alpha: Bool = false, palette: PNGPalette? = nil, name: String) throws {
            var error = pr_error()
            guard let handle = PNGPalette.withParts(of: palette, {
                pr_png_stream_open(path, width, height, alpha ? 1 : 0, $0, &error)
            }) else {
                unlink(path)
                throw OutputError(file: name, reason: RasterImage.message(error))
            }
            self.handle = handle
            self.path = path
            self.name = name
        }

        /// Writes the next stripe down.
        func append(_ stripe: Stripe) throws {
            var error = pr_error()
            guard withUnsafePointer(to: stripe.parts, { pr_png_stream_append(handle, $0, &error) }) == 0 else {
                throw OutputError(file: name, reason: RasterImage.message(error))
            }
        }

        /// Writes the end of the image and closes the file.
        func finish() throws {
            var error = pr_error()
            guard pr_png_stream_finish(handle, &error) == 0 else {
                throw OutputError(file: name, reason: RasterImage.message(error))
            }
            finished = true
        }

        deinit {
            pr_png_stream_close(handle)
            if !finished { unlink(path) }
        }
    }
}
