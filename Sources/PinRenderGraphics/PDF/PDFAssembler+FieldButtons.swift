import Foundation
internal import CQPDF

/// The marks that lie on form fields, drawn by small read-only push buttons so that every
/// viewer draws them above the fields.
///
/// MuPDF draws a page's widgets (form fields) in a pass after every other annotation, so
/// the Watermark that carries the pins is under any field it crosses. A widget is drawn in
/// that pass too, in /Annots order, so a widget placed after the page's own is drawn above
/// them. A field covering the whole page would take the clicks meant for the fields below
/// it in interactive viewers (Okular and Acrobat make fields live widgets), so the buttons
/// cover only the marks: each mark (marker, cluster, tooltip) whose bounds overlap a
/// field's /Rect becomes a push button over those bounds (edges rounded out to whole
/// points), whose appearance is the overlay itself clipped to the part of it no earlier
/// button draws; the Watermark's appearance is the overlay with all of them cut out, so
/// every mark is drawn once, whole, in every viewer. A field under a pin loses its clicks
/// under the marks only, and every other field keeps working. Each button is a field with /T and /FT in the form's /Fields (MuPDF draws a
/// widget only then), named `pinrender-pins-P-N` (P: the page of the export, N from 1; a
/// name the form already has is skipped), with /Ff PushButton, ReadOnly and NoExport (it
/// takes no input and has no value for form-data exports), and the Watermark's flags. It
/// comes right after the Watermark in /Annots, before the comments and links on the pins,
/// so a click on a pin still opens its comment or follows its link.
///
/// When the form has /NeedAppearances true, Poppler and MuPDF draw every field from its
/// value, a push button as an empty one, so the buttons would hide the marks: then there
/// are none, the marks on fields stay under them in MuPDF, and ``drawOver(page:overlayPage:of:matrix:rect:marks:)``
/// says how many marks that leaves. qpdf can make the fields' appearances and clear the
/// flag (`QPDFAcroFormDocumentHelper::generateAppearancesIfNeeded`), but only through its
/// C++ API, and its text and choice fields would no longer look as the viewers drew them.
extension PDFAssembler {
    /// Field flags of a button: PushButton (65536), ReadOnly (1), NoExport (4).
    static let buttonFieldFlags = 65536 | 1 | 4

    /// A mark on a form field: its bounds grown to whole points (the button's /Rect), and
    /// the parts of them no earlier button draws (what this one draws: disjoint rectangles).
    struct RaisedMark {
        var rect: CGRect
        var pieces: [CGRect]
    }

    /// The `marks` (page space, in drawing order) that overlap a visible widget of `page`;
    /// a mark that earlier ones cover entirely gets no button.
    func marksOverFields(_ marks: [CGRect], on page: qpdf_oh) -> [RaisedMark] {
        let widgets = widgetRects(on: page)
        var raised: [RaisedMark] = []
        for mark in marks where widgets.contains(where: { overlap($0, mark) }) {
            let rect = roundedOut(mark)
            let pieces = raised.reduce([rect]) { pieces, earlier in pieces.flatMap { subtract(earlier.rect, from: $0) } }
            if !pieces.isEmpty { raised.append(RaisedMark(rect: rect, pieces: pieces)) }
        }
        return raised
    }

    /// The form's /Fields and the names in it, when buttons may be added to it: the form
    /// has a /Fields array and does not ask viewers to make its appearances.
    func buttonFields() -> (fields: qpdf_oh, names: Set<String>)? {
        let h = document.handle
        guard let form = document.get(qpdf_get_root(h), "/AcroForm"), qpdf_oh_is_dictionary(h, form) != 0,
              let fields = document.get(form, "/Fields"), qpdf_oh_is_array(h, fields) != 0 else { return nil }
        if let need = document.get(form, "/NeedAppearances"), qpdf_oh_is_bool(h, need) != 0,
           qpdf_oh_get_bool_value(h, need) != 0 { return nil }
        let names = (0..<qpdf_oh_get_array_n_items(h, fields)).compactMap { index -> String? in
            let field = qpdf_oh_get_array_item(h, fields, index)
            guard qpdf_oh_is_dictionary(h, field) != 0, let name = document.get(field, "/T"),
                  qpdf_oh_is_string(h, name) != 0 else { return nil }
            return String(cString: qpdf_oh_get_utf8_value(h, name))
        }
        return (fields, Set(names))
    }

    /// `overlay` (a form XObject in page space) within `rect`, less what the buttons draw:
    /// clipped, even-odd, to `rect` and the buttons' pieces (which do not overlap).
    func drawing(_ overlay: qpdf_oh, in rect: CGRect, except raised: [RaisedMark]) -> qpdf_oh {
        form(drawing: overlay, in: rect, clip: path([roundedOut(rect)] + raised.flatMap(\.pieces)) + "W* n\n")
    }

    /// Adds a read-only push button over each raised mark, drawing its pieces of `overlay`,
    /// to the export's page `page` and to the form's `fields`.
    func raiseOverFields(_ raised: [RaisedMark], of overlay: qpdf_oh, on page: Int,
                         fields: (fields: qpdf_oh, names: Set<String>)) {
        let target = document.page(page)
        let names = (1...).lazy.map { "pinrender-pins-\(page)-\($0)" }.filter { !fields.names.contains($0) }
        for (mark, name) in zip(raised, names) {
            let button = document.indirect(document.dictionary([
                ("/Type", document.name("/Annot")),
                ("/Subtype", document.name("/Widget")),
                ("/FT", document.name("/Btn")),
                ("/Ff", document.integer(Self.buttonFieldFlags)),
                ("/T", document.text(name)),
                ("/Rect", document.rectangle(mark.rect)),
                ("/F", document.integer(Self.overlayFlags)),
                ("/P", target),
                ("/AP", document.dictionary([("/N", form(drawing: overlay, in: mark.rect, clip: path(mark.pieces) + "W n\n"))])),
            ]))
            document.appendAnnotation(button, to: target)
            qpdf_oh_append_item(document.handle, fields.fields, button)
        }
    }

    /// The smallest rectangle with whole-number edges that holds `rect`.
    private func roundedOut(_ rect: CGRect) -> CGRect {
        let (minX, minY) = (rect.minX.rounded(.down), rect.minY.rounded(.down))
        return CGRect(x: minX, y: minY, width: rect.maxX.rounded(.up) - minX, height: rect.maxY.rounded(.up) - minY)
    }

    /// Rectangles with whole-number edges as a path.
    private func path(_ rects: [CGRect]) -> String {
        rects.map { String(format: "%.0f %.0f %.0f %.0f re\n", $0.minX, $0.minY, $0.width, $0.height) }.joined()
    }

    /// `rect` less `hole`: up to four rectangles, none overlapping.
    private func subtract(_ hole: CGRect, from rect: CGRect) -> [CGRect] {
        guard overlap(hole, rect) else { return [rect] }
        let (bottom, top) = (max(rect.minY, hole.minY), min(rect.maxY, hole.maxY))
        // [minX, minY, maxX, maxY] first: a CGRect of negative size reads as its positive twin.
        let parts = [
            [rect.minX, rect.minY, rect.maxX, hole.minY], [rect.minX, hole.maxY, rect.maxX, rect.maxY],
            [rect.minX, bottom, hole.minX, top], [hole.maxX, bottom, rect.maxX, top],
        ]
        return parts.filter { $0[2] > $0[0] && $0[3] > $0[1] }
            .map { CGRect(x: $0[0], y: $0[1], width: $0[2] - $0[0], height: $0[3] - $0[1]) }
    }

    /// A form XObject drawing `overlay` within `box` (its /BBox, the /Rect of its
    /// annotation, so page space maps onto itself) after the clipping path `clip`.
    private func form(drawing overlay: qpdf_oh, in box: CGRect, clip: String) -> qpdf_oh {
        document.stream(Array((clip + "/Pins Do\n").utf8), [
            ("/Type", document.name("/XObject")),
            ("/Subtype", document.name("/Form")),
            ("/BBox", document.rectangle(box)),
            ("/Resources", document.dictionary([("/XObject", document.dictionary([("/Pins", overlay)]))])),
        ])
    }

    /// The /Rect of each widget of `page` that viewers show (not Hidden, not NoView).
    private func widgetRects(on page: qpdf_oh) -> [CGRect] {
        let h = document.handle
        guard let annots = document.get(page, "/Annots"), qpdf_oh_is_array(h, annots) != 0 else { return [] }
        return (0..<qpdf_oh_get_array_n_items(h, annots)).compactMap { index in
            let annotation = qpdf_oh_get_array_item(h, annots, index)
            guard qpdf_oh_is_dictionary(h, annotation) != 0,
                  qpdf_oh_is_name_and_equals(h, qpdf_oh_get_key(h, annotation, "/Subtype"), "/Widget") != 0,
                  let rect = document.get(annotation, "/Rect"), qpdf_oh_is_array(h, rect) != 0,
                  qpdf_oh_get_array_n_items(h, rect) == 4,
                  (0..<4).allSatisfy({ qpdf_oh_is_number(h, qpdf_oh_get_array_item(h, rect, $0)) != 0 }) else { return nil }
            if let flags = document.get(annotation, "/F"), qpdf_oh_is_integer(h, flags) != 0,
               qpdf_oh_get_int_value_as_int(h, flags) & (2 | 32) != 0 { return nil }
            let v = (0..<4).map { qpdf_oh_get_numeric_value(h, qpdf_oh_get_array_item(h, rect, $0)) }
            return CGRect(x: v[0], y: v[1], width: v[2] - v[0], height: v[3] - v[1]).standardized
        }
    }

    /// Whether two rectangles share some area (not only an edge).
    private func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
