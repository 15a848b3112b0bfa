import Foundation
import PinRenderCore

/// Draws a PNG image a stripe of rows at a time, on several workers, deflates each stripe as
/// soon as it is drawn and writes it as soon as the stripes above it are written: memory
/// holds one stripe per worker and at most as many compressed ones waiting for the file,
/// never the whole image, drawn or compressed. The drawing code sees a canvas of the whole image's size
/// and draws everything; Cairo drops what falls outside the rows held (and Poppler's output
/// is the same, byte for byte, as drawing the whole page at once). Each stripe is encoded
/// from its own pixels alone, so a stripe drawn a little differently could never spoil the
/// rows below it. The file is the same as drawing on one ``ImageCanvas`` and calling
/// ``ImageCanvas/writePNG(to:name:)``.
///
/// Every drawing reads the whole page again, so a page that is costly to read (``Plan``)
/// is drawn in two halves instead, one after the other by one worker, each half's stripes
/// deflated on every worker: two readings instead of one a stripe, with one document (one
/// Poppler text pass) instead of one a worker, holding half the image's rows. A small image
/// is drawn whole by one worker the same way.
///
///     try StripedPNG.write(width: 4967, height: 3509, workers: 2, to: "p.png", name: "p.png",
///                          worker: { _ in try PDFDocument(path: "plan.pdf") },
///                          paint: { canvas, document in try canvas.drawPage(...) })
public enum StripedPNG {
    /// How an image is drawn: a stripe at a time on every worker, in halves, or whole.
    public enum Plan: Sendable, Equatable {
        /// Each worker draws the stripes it deflates: right for pages that are cheap to read.
        case stripes
        /// One worker draws the image in two halves, one after the other; every worker
        /// deflates each half's stripes: for pages whose reading costs more than their pixels.
        case halves
        /// One worker draws the whole image at once; every worker deflates its stripes: for
        /// small images, where a second worker's document and fonts cost more than the
        /// drawing it would take on.
        case whole

        /// Images smaller than this are drawn whole (a letter page at 72 dpi has 484,704
        /// pixels; at 150 dpi, 2,103,750).
        public static let wholeBelow = 1_000_000

        /// The plan for a page whose file holds `bytesPerPage` bytes a page (its content
        /// streams, images and fonts: what each drawing reads again) drawn `pixels` big: whole
        /// below ``wholeBelow`` pixels; else halves from 1 byte per 20 pixels (a dense A1 plan
        /// of 6.6 MB at 150 dpi has 0.38; a light one, 0.008).
        public static func forPage(bytesPerPage: Int, pixels: Int) -> Plan {
            pixels < wholeBelow ? .whole : Double(bytesPerPage) * 20 >= Double(pixels) ? .halves : .stripes
        }
    }

    /// - Parameters:
    ///   - workers: how many stripes are drawn at once.
    ///   - plan: stripes, halves or whole (the bytes are the same).
    ///   - checkpoint: runs before each stripe; what it throws stops the image (a time
    ///     limit, say). The file is then removed.
    ///   - progress: hears (stripes written, stripes) after each stripe of an image of
    ///     several, one call at a time.
    ///   - worker: makes what a worker draws with (one document handle per thread, say), on
    ///     the worker's own thread, with the worker's index (0 is the first).
    ///   - paint: draws the whole image on the canvas it is given.
    public static func write<Worker>(width: Int, height: Int, workers: Int, plan: Plan = .stripes, to path: String, name: String,
                                     checkpoint: @Sendable () throws -> Void = {},
                                     progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                                     worker makeWorker: @Sendable (Int) throws -> Worker,
                                     paint: @Sendable (Canvas, Worker) throws -> Void) throws {
        let count = PNGWriter.stripeCount(height: height)
        guard count > 1 else {
            try checkpoint()
            let canvas = try ImageCanvas(width: width, height: height)
            try paint(canvas, makeWorker(0))
            try canvas.writePNG(to: path, name: name)
            return
        }
        if plan != .stripes {
            return try writeInPieces(plan, width: width, height: height, workers: workers, to: path,
                                     name: name, checkpoint: checkpoint, progress: progress, worker: makeWorker(0), paint: paint)
        }
        try PNGWriter.write(width: Int32(width), height: Int32(height), workers: workers, to: path, name: name,
                            checkpoint: checkpoint, progress: progress, context: { index in
            (worker: try makeWorker(index), canvas: try StripeCanvas(width: width, height: height, rows: PNGWriter.stripeRows))
        }) { context, rows, last in
            context.canvas.hold(rows: rows)
            try paint(context.canvas, context.worker)
            return try context.canvas.withHeldPixels { pixels, stride in
                try PNGWriter.deflate(rows: pixels, width: Int32(width), count: rows.count, stride: stride,
                                      last: last, name: name)
            }
        }
    }

    /// The rows of a drawn piece (a half, or the whole image), read by the workers deflating its stripes. `@unchecked
    /// Sendable`: nobody draws on them while they are deflated.
    private struct HeldRows: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
        let stride: Int32
        let first: Int
    }

    /// ``Plan/halves`` and ``Plan/whole``: the stripes split into two runs or kept as one,
    /// each drawn at once by `worker` and deflated on `workers` workers, a run's stripes
    /// written before the next is drawn.
    private static func writeInPieces<Worker>(_ plan: Plan, width: Int, height: Int, workers: Int, to path: String, name: String,
                                              checkpoint: @Sendable () throws -> Void,
                                              progress: @escaping @Sendable (Int, Int) -> Void,
                                              worker: Worker, paint: @Sendable (Canvas, Worker) throws -> Void) throws {
        let count = PNGWriter.stripeCount(height: height)
        let pieces = plan == .halves ? [0..<count / 2, count / 2..<count] : [0..<count]
        let rows = { (stripes: Range<Int>) in
            PNGWriter.stripe(stripes.lowerBound, of: count, height: height).lowerBound
                ..< PNGWriter.stripe(stripes.upperBound - 1, of: count, height: height).upperBound
        }
        let canvas = try StripeCanvas(width: width, height: height, rows: pieces.map { rows($0).count }.max() ?? height)
        let file = try PNGWriter.Stream(path: path, width: Int32(width), height: Int32(height), name: name)
        let pool = WorkerPool(workers: workers)
        for piece in pieces {
            try checkpoint()
            canvas.hold(rows: rows(piece))
            try paint(canvas, worker)
            let held = canvas.withHeldPixels { HeldRows(base: $0, stride: $1, first: canvas.heldRows.lowerBound) }
            try pool.stream(piece.count, window: pool.workers, context: { _ in }, checkpoint: checkpoint,
                            deliver: { index, stripe in
                                try file.append(stripe)
                                progress(piece.lowerBound + index + 1, count)
                            }) { _, index in
                let stripe = piece.lowerBound + index
                let stripeRows = PNGWriter.stripe(stripe, of: count, height: height)
                return try PNGWriter.deflate(rows: held.base + (stripeRows.lowerBound - held.first) * Int(held.stride),
                                             width: Int32(width), count: stripeRows.count, stride: held.stride,
                                             last: stripe == count - 1, name: name)
            }
        }
        try file.finish()
    }
}
