import Foundation
import PinRenderCore
internal import CQPDF

/// Reads every page's MediaBox, CropBox and /Rotate (inherited ones included) with qpdf;
/// poppler-glib does not expose the rotation. It also says which pages blend (see
/// ``blends(_:_:scan:)``) and how many bytes their images decode to (``imageBytes(_:_:budget:)``).
struct PageBoxReader {
    let document: QPDFDocument

    /// Reads the pages of a document qpdf has read.
    init(document: QPDFDocument) {
        self.document = document
    }

    /// A page as qpdf reads it.
    struct Page {
        var geometry: PageGeometry
        /// Whether anything the page draws uses a blend mode other than Normal or a soft mask.
        var blends: Bool
        /// The decoded size of the images the page draws, or nil when the page is taken to
        /// be heavy.
        var imageBytes: Int?
    }

    /// Every page's boxes and rotation, without looking at what the pages draw.
    func geometries() throws -> [PageGeometry] {
        let qpdf = document.handle
        try document.check()
        return try (0..<document.pageCount).map { index in
            let page = document.page(index + 1)
            guard let media = rect(qpdf, page, "/MediaBox") else {
                throw GraphicsError.unreadable(file: document.path, reason: "page \(index + 1) has no valid /MediaBox")
            }
            var rotation = Rotation.none
            if let value = document.get(page, "/Rotate"), qpdf_oh_is_number(qpdf, value) != 0 {
                rotation = Rotation(degrees: Int(qpdf_oh_get_numeric_value(qpdf, value))) ?? .none
            }
            return PageGeometry(mediaBox: media, cropBox: rect(qpdf, page, "/CropBox"), rotation: rotation)
        }
    }

    /// Every page's geometry, whether it blends and what its images weigh.
    func pages() throws -> [Page] {
        let qpdf = document.handle
        var scan = BlendingScan()
        var imageBudget = BlendingScan().budget
        return try geometries().enumerated().map { index, geometry in
            let page = document.page(index + 1)
            return Page(geometry: geometry, blends: blends(qpdf, page, scan: &scan), imageBytes: imageBytes(qpdf, page, budget: &imageBudget))
        }
    }

    private func rect(_ qpdf: qpdf_data, _ page: qpdf_oh, _ key: String) -> CGRect? {
        guard let array = document.get(page, key), qpdf_oh_is_array(qpdf, array) != 0,
              qpdf_oh_get_array_n_items(qpdf, array) == 4 else { return nil }
        var values: [Double] = []
        for i in 0..<4 {
            let item = qpdf_oh_get_array_item(qpdf, array, Int32(i))
            guard qpdf_oh_is_number(qpdf, item) != 0 else { return nil }
            values.append(qpdf_oh_get_numeric_value(qpdf, item))
        }
        let rect = CGRect(x: min(values[0], values[2]), y: min(values[1], values[3]),
                          width: abs(values[2] - values[0]), height: abs(values[3] - values[1]))
        return rect.width > 0 && rect.height > 0 ? rect : nil
    }
}
