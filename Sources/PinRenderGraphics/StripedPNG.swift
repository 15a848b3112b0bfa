import Foundation

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
///     try StripedPNG.write(width: 4967, height: 3508, workers: 2, to: "p.png", name: "p.png",
///                          worker: { _ in try PDFDocument(path: "plan.pdf") },
///                          paint: { canvas, document in try canvas.drawPage(...) })
public enum StripedPNG {
    /// - Parameters:
    ///   - workers: how many stripes are drawn at once.
    ///   - checkpoint: runs before each stripe; what it throws stops the image (a time
    ///     limit, say). The file is then removed.
    ///   - progress: hears (stripes written, stripes) after each stripe of an image of
    ///     several, one call at a time.
    ///   - worker: makes what a worker draws with (one document handle per thread, say), on
    ///     the worker's own thread, with the worker's index (0 is the first).
    ///   - paint: draws the whole image on the canvas it is given.
    public static func write<Worker>(width: Int, height: Int, workers: Int, to path: String, name: String,
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
}
