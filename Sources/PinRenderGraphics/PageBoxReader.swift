import Foundation
import PinRenderCore
internal import CQPDF

/// Reads every page's MediaBox, CropBox and /Rotate (inherited ones included) with qpdf;
/// poppler-glib does not expose the rotation.
struct PageBoxReader {
    let path: String
    let password: String?

    func geometries() throws -> [PageGeometry] {
        guard let qpdf = qpdf_init() else { throw GraphicsError.unreadable(file: path, reason: "out of memory") }
        var data: qpdf_data? = qpdf
        defer { qpdf_cleanup(&data) }
        qpdf_silence_errors(qpdf)
        qpdf_set_suppress_warnings(qpdf, QPDF_TRUE)
        if qpdf_read(qpdf, path, password) & QPDF_ERRORS != 0 || qpdf_has_error(qpdf) != 0 {
            throw GraphicsError.unreadable(file: path, reason: lastError(qpdf))
        }
        _ = qpdf_push_inherited_attributes_to_page(qpdf)
        let count = qpdf_get_num_pages(qpdf)
        guard count >= 0, qpdf_has_error(qpdf) == 0 else {
            throw GraphicsError.unreadable(file: path, reason: lastError(qpdf))
        }
        return try (0..<count).map { index in
            let page = qpdf_get_page_n(qpdf, Int(index))
            guard let media = rect(qpdf, page, "/MediaBox") else {
                throw GraphicsError.unreadable(file: path, reason: "page \(index + 1) has no valid /MediaBox")
            }
            var rotation = Rotation.none
            if qpdf_oh_has_key(qpdf, page, "/Rotate") != 0 {
                let value = qpdf_oh_get_key(qpdf, page, "/Rotate")
                if qpdf_oh_is_number(qpdf, value) != 0 {
                    rotation = Rotation(degrees: Int(qpdf_oh_get_numeric_value(qpdf, value))) ?? .none
                }
            }
            return PageGeometry(mediaBox: media, cropBox: rect(qpdf, page, "/CropBox"), rotation: rotation)
        }
    }

    private func rect(_ qpdf: qpdf_data, _ page: qpdf_oh, _ key: String) -> CGRect? {
        guard qpdf_oh_has_key(qpdf, page, key) != 0 else { return nil }
        let array = qpdf_oh_get_key(qpdf, page, key)
        guard qpdf_oh_is_array(qpdf, array) != 0, qpdf_oh_get_array_n_items(qpdf, array) == 4 else { return nil }
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

    private func lastError(_ qpdf: qpdf_data) -> String {
        qpdfError(qpdf) ?? "not a readable PDF"
    }
}
