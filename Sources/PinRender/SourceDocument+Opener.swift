import Foundation
import PinRenderGraphics

extension SourceDocument {
    /// Opens the same document again, on any thread, for a worker to draw with a handle of its
    /// own: Poppler's documents are not thread-safe, so a PDF is opened again (with Poppler
    /// only: what qpdf read the first time is reused); an image's decoded pixels are shared
    /// read-only.
    ///
    ///     let opener = document.opener(password: nil)
    ///     try WorkerPool(workers: 2).map(pages, context: { _ in try opener.open() }) { ... }
    public struct Opener: Sendable {
        fileprivate enum Source: Sendable {
            case pdf(PDFDocument.Facts, password: String?)
            case image(RasterImage.Shared)
            case canvas(CGSize)
        }

        fileprivate let source: Source

        /// A document of its own.
        public func open() throws -> SourceDocument {
            switch source {
            case .pdf(let facts, let password): return .pdf(try PDFDocument(reopening: facts, password: password))
            case .image(let shared): return .image(RasterImage(sharing: shared))
            case .canvas(let size): return .canvas(size)
            }
        }
    }

    /// What opens this document again on another thread (`password` for an encrypted PDF).
    public func opener(password: String?) -> Opener {
        switch self {
        case .pdf(let document): return Opener(source: .pdf(document.facts, password: password))
        case .image(let image): return Opener(source: .image(image.shared))
        case .canvas(let size): return Opener(source: .canvas(size))
        }
    }
}
