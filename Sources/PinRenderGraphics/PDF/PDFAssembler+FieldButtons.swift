import Foundation
import PinRenderCore
internal import CQPDF

/// The marks that lie on form fields, drawn by small read-only push buttons so that every
/// viewer draws them above the fields: the form read for the plan (``form(onPage:)``), the
/// planned buttons (``FieldButton`` in the core, which decides their geometry and names)
/// written (``raise(_:of:on:)``).
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
/// are none, the marks on fields stay under them in MuPDF, and the plan says how many marks
/// that leaves. qpdf can make the fields' appearances and clear the
/// flag (`QPDFAcroFormDocumentHelper::generateAppearancesIfNeeded`), but only through its
/// C++ API, and its text and choice fields would no longer look as the viewers drew them.
extension PDFAssembler {
    /// Field flags of a button: PushButton (65536), ReadOnly (1), NoExport (4).
    static let buttonFieldFlags = 65536 | 1 | 4

    /// What the form holds for page `page`: the page's visible widgets, and the form's
    /// field names when buttons may be added to it (it has a /Fields array and does not ask
    /// viewers to make its appearances).
    public func form(onPage page: Int) -> FieldButton.Form {
        FieldButton.Form(widgets: widgetRects(on: document.page(page)).map(Rect.init),
                         fieldNames: buttonFields().map(\.names))
    }

    /// The form's /Fields and the names in it, when buttons may be added to it.
    private func buttonFields() -> (fields: qpdf_oh, names: Set<String>)? {
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

    /// Adds each of `buttons`, drawing its pieces of `overlay`, to the export's page `page`
    /// and to the form's /Fields (left out of a form that has none: a plan made for another file).
    func raise(_ buttons: [FieldButton], of overlay: qpdf_oh, on page: Int) {
        guard !buttons.isEmpty else { return }
        let target = document.page(page)
        let fields = buttonFields()?.fields
        for button in buttons {
            let pieces = button.pieces.map(\.cgRect)
            let widget = document.indirect(document.dictionary([
                ("/Type", document.name("/Annot")),
                ("/Subtype", document.name("/Widget")),
                ("/FT", document.name("/Btn")),
                ("/Ff", document.integer(Self.buttonFieldFlags)),
                ("/T", document.text(button.name)),
                ("/Rect", document.rectangle(button.rect.cgRect)),
                ("/F", document.integer(Self.overlayFlags)),
                ("/P", target),
                ("/AP", document.dictionary([("/N", form(drawing: overlay, in: button.rect.cgRect, clip: path(pieces) + "W n\n"))])),
            ]))
            document.appendAnnotation(widget, to: target)
            if let fields { qpdf_oh_append_item(document.handle, fields, widget) }
        }
    }

    /// Rectangles with whole-number edges as a path.
    func path(_ rects: [CGRect]) -> String {
        rects.map { String(format: "%.0f %.0f %.0f %.0f re\n", $0.minX, $0.minY, $0.width, $0.height) }.joined()
    }

    /// A form XObject drawing `overlay` within `box` (its /BBox, the /Rect of its
    /// annotation, so page space maps onto itself) after the clipping path `clip`.
    func form(drawing overlay: qpdf_oh, in box: CGRect, clip: String) -> qpdf_oh {
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
}
