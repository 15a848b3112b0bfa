import Foundation
internal import CQPDF

/// Making and editing objects of a ``QPDFDocument``.
extension QPDFDocument {
    func name(_ name: String) -> qpdf_oh { qpdf_oh_new_name(handle, name) }

    func integer(_ value: Int) -> qpdf_oh { qpdf_oh_new_integer(handle, Int64(value)) }

    func bool(_ value: Bool) -> qpdf_oh { qpdf_oh_new_bool(handle, value ? QPDF_TRUE : QPDF_FALSE) }

    /// A text string (PDFDocEncoding or UTF-16, as qpdf chooses).
    func text(_ value: String) -> qpdf_oh { qpdf_oh_new_unicode_string(handle, value) }

    /// A byte string, written as it is.
    func bytes(_ value: String) -> qpdf_oh { qpdf_oh_new_string(handle, value) }

    /// An array of reals with `decimals` places.
    func numbers(_ values: [Double], decimals: Int32 = 4) -> qpdf_oh {
        let array = qpdf_oh_new_array(handle)
        for value in values { qpdf_oh_append_item(handle, array, qpdf_oh_new_real_from_double(handle, value, decimals)) }
        return array
    }

    /// `[minX minY maxX maxY]`.
    func rectangle(_ rect: CGRect) -> qpdf_oh { numbers([rect.minX, rect.minY, rect.maxX, rect.maxY]) }

    /// A new dictionary holding `entries`.
    func dictionary(_ entries: [(String, qpdf_oh)]) -> qpdf_oh {
        let dictionary = qpdf_oh_new_dictionary(handle)
        for (key, value) in entries { qpdf_oh_replace_key(handle, dictionary, key, value) }
        return dictionary
    }

    /// A new stream holding `bytes`, its dictionary holding `entries`.
    func stream(_ bytes: [UInt8], _ entries: [(String, qpdf_oh)] = []) -> qpdf_oh {
        let stream = qpdf_oh_new_stream(handle)
        qpdf_oh_replace_stream_data(handle, stream, bytes, bytes.count, qpdf_oh_new_null(handle), qpdf_oh_new_null(handle))
        let dictionary = qpdf_oh_get_dict(handle, stream)
        for (key, value) in entries { qpdf_oh_replace_key(handle, dictionary, key, value) }
        return stream
    }

    func indirect(_ object: qpdf_oh) -> qpdf_oh { qpdf_make_indirect_object(handle, object) }

    func set(_ dictionary: qpdf_oh, _ key: String, _ value: qpdf_oh) {
        qpdf_oh_replace_key(handle, dictionary, key, value)
    }

    func get(_ dictionary: qpdf_oh, _ key: String) -> qpdf_oh? {
        qpdf_oh_has_key(handle, dictionary, key) != 0 ? qpdf_oh_get_key(handle, dictionary, key) : nil
    }

    /// The dictionary under `key`, made when missing.
    func dictionary(at key: String, in parent: qpdf_oh) -> qpdf_oh {
        if let existing = get(parent, key), qpdf_oh_is_dictionary(handle, existing) != 0 { return existing }
        set(parent, key, qpdf_oh_new_dictionary(handle))
        return qpdf_oh_get_key(handle, parent, key)
    }

    /// Appends an annotation to a page's /Annots, made when missing. An indirect /Annots may
    /// be shared with other pages, which must not get the annotation: the page is given its
    /// own copy first.
    func appendAnnotation(_ annotation: qpdf_oh, to page: qpdf_oh) {
        var annots = qpdf_oh_get_key(handle, page, "/Annots")
        if qpdf_oh_is_array(handle, annots) == 0 || qpdf_oh_is_indirect(handle, annots) != 0 {
            let own = qpdf_oh_new_array(handle)
            if qpdf_oh_is_array(handle, annots) != 0 {
                for index in 0..<qpdf_oh_get_array_n_items(handle, annots) {
                    qpdf_oh_append_item(handle, own, qpdf_oh_get_array_item(handle, annots, index))
                }
            }
            set(page, "/Annots", own)
            annots = qpdf_oh_get_key(handle, page, "/Annots")
        }
        qpdf_oh_append_item(handle, annots, annotation)
    }
}
