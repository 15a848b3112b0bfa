import Foundation
import PinRenderCore
internal import CPoppler

extension PDFPage {
    /// The page's label and its words with their boxes, in points of the page as displayed
    /// (Poppler's text and its layout, a box per character, joined between white space). A
    /// label that is only the page's number says nothing and is nil.
    public func text() -> PageText {
        var label: String?
        if let raw = poppler_page_get_label(handle) {
            let text = String(cString: raw)
            g_free(raw)
            if !text.isEmpty && text != String(number) { label = text }
        }
        guard let raw = poppler_page_get_text(handle) else { return PageText(label: label, words: []) }
        let text = String(cString: raw)
        g_free(raw)
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: UInt32 = 0
        guard poppler_page_get_text_layout(handle, &rectangles, &count) != 0, let rectangles else {
            return PageText(label: label, words: [])
        }
        defer { g_free(rectangles) }
        let poppler = popplerSize, shown = geometry.displayedSize
        let sx = poppler.width > 0 ? shown.width / poppler.width : 1, sy = poppler.height > 0 ? shown.height / poppler.height : 1
        var words: [PageText.Word] = []
        var current = "", box: (x1: Double, y1: Double, x2: Double, y2: Double)?
        func finish() {
            if let b = box, !current.isEmpty, words.count < PageText.wordLimit {
                words.append(PageText.Word(text: current, box: Rect(x: b.x1 * sx, y: b.y1 * sy, width: (b.x2 - b.x1) * sx,
                                                                    height: (b.y2 - b.y1) * sy)))
            }
            (current, box) = ("", nil)
        }
        for (index, scalar) in text.unicodeScalars.enumerated() {
            guard index < Int(count) else { break }
            if scalar.properties.isWhitespace {
                finish()
                continue
            }
            let r = rectangles[index]
            current.unicodeScalars.append(scalar)
            box = box.map { (min($0.x1, r.x1), min($0.y1, r.y1), max($0.x2, r.x2), max($0.y2, r.y2)) } ?? (r.x1, r.y1, r.x2, r.y2)
        }
        finish()
        return PageText(label: label, words: words)
    }
}
