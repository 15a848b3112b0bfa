import Foundation
import PinRenderCore
internal import CQPDF

extension PDFAssembler {
    /// Gives the text spans of page `page` (1-based), drawn by a canvas with `tagsText`,
    /// their text as written: `texts` in the order the scene's text blocks were drawn (see
    /// ``ActualTextSpans``). The page's contents become one stream. Its /StructParents goes:
    /// it pointed into Cairo's structure tree, which is not part of the export.
    public func setActualText(page: Int, texts: [String]) throws {
        let handle = document.handle, pageObject = document.page(page)
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_page_content_data(handle, pageObject, &buffer, &length) & QPDF_ERRORS == 0, let buffer else {
            throw document.readError()
        }
        let content = Array(UnsafeBufferPointer(start: buffer, count: length))
        free(buffer)
        let labelled = ActualTextSpans.label(content, texts: texts)
        document.set(pageObject, "/Contents", document.indirect(document.stream(labelled)))
        qpdf_oh_remove_key(handle, pageObject, "/StructParents")
    }
}
