import Foundation
import PinRenderCore

/// What the pin service checks of an uploaded file before it keeps it: that it opens as a
/// render opens it (a PDF with Poppler and qpdf, an image's header within the pixel limit),
/// its pages and their sizes, and for an image that every row of its pixels decodes, shrunk
/// as it is decoded (``RasterImage/checkPixels(side:)``): a file cut short is refused now, not
/// at every render. Within the same limits as a ``RenderJob``: the time and the resident
/// memory of the process.
///
///     let report = try DocumentCheck(path: "upload.png", pixelLimit: 400_000_000, maxMemory: 1 << 30, seconds: 60).run()
public struct DocumentCheck: Sendable {
    public var path: String
    /// The most pixels the image may have.
    public var pixelLimit: Int
    /// The most resident memory the process may take, in bytes.
    public var maxMemory: Int
    /// The most the check may take, in seconds.
    public var seconds: Double
    /// Ends the process when a limit passes inside a call that cannot be interrupted (see
    /// ``RenderJob/overrun``); without it, the limits are checked between steps only.
    public var overrun: (@Sendable (LimitError) -> Never)?

    /// What the file holds.
    public struct Report: Sendable, Equatable {
        /// Each page's displayed size: points for a PDF, pixels for an image.
        public var pageSizes: [CGSize]
        /// 72 for a PDF (points), nil for an image (pixels).
        public var unitsPerInch: Double?
    }

    /// - Parameters:
    ///   - path: the file.
    ///   - pixelLimit: the most pixels an image may have.
    ///   - maxMemory: the most resident memory, in bytes.
    ///   - seconds: the most time.
    public init(path: String, pixelLimit: Int, maxMemory: Int, seconds: Double) {
        self.path = path
        self.pixelLimit = pixelLimit
        self.maxMemory = maxMemory
        self.seconds = seconds
    }

    /// Opens the file, reads its pages' sizes and decodes an image's rows; throws what a
    /// render of it would (``GraphicsError``, ``InputError``), or ``LimitError``.
    public func run() throws -> Report {
        let deadline = Deadline(seconds: seconds, maxMemory: maxMemory, subject: path, clock: .monotonic)
        return try deadline.guarding(OutputFiles(), overrun: overrun) {
            try deadline.step(.reading)
            let document = try SourceDocument.open(path: path, password: nil, pixelLimit: pixelLimit)
            let sizes = try (1...document.pageCount).map { try document.contentSize(page: $0) }
            if case .image(let image) = document {
                try deadline.step(.decodingImage)
                try image.checkPixels()
            }
            try deadline.check()
            return Report(pageSizes: sizes, unitsPerInch: document.unitsPerInch)
        }
    }
}
