import Foundation
import PinRenderCore
import PinRenderGraphics

/// The pages of the document comments are on (`--document`, or the PDF an XFDF names): each
/// page's boxes and rotation for a PDF, the image's size as one page; a PDF's `/ID` too.
struct DocumentPages {
    var path: String
    var geometries: [PageGeometry]
    var identifier: (original: String, modified: String)?
    var isPDF: Bool

    /// Reads the pages of `path`, a PDF (with qpdf) or an image.
    init(path: String, password: String?) throws {
        self.path = path
        let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 1024) } ?? Data()
        if head.range(of: Data("%PDF-".utf8)) != nil {
            let pdf = try QPDFDocument(path: path, password: password)
            geometries = try pdf.pageGeometries()
            identifier = pdf.fileIdentifier
            isPDF = true
        } else {
            let size = try SourceDocument.open(path: path, password: password, pixelLimit: Int.max).contentSize(page: 1)
            geometries = [PageGeometry(mediaBox: CGRect(origin: .zero, size: size))]
            isPDF = false
        }
    }
}
