import Foundation
internal import CQPDF

extension PageBoxReader {
    /// The most objects looked at for one page; past it, the page is taken to blend.
    static let blendingScanLimit = 20_000

    /// Whether a page uses a blend mode other than Normal (`/BM`) or a graphics state's soft
    /// mask (`/SMask`) anywhere it draws from: its resources, their forms, patterns, Type 3 fonts and soft
    /// masks, and its annotations' appearances. Only such pages need drawing on a transparent
    /// group before white (see `Canvas.drawPage`); the others come out the same either way,
    /// and the group costs time and memory. A page with more objects than
    /// ``blendingScanLimit`` is taken to blend.
    func blends(_ qpdf: qpdf_data, _ page: qpdf_oh) -> Bool {
        var pending = [page]
        var seen = Set<Int32>()
        var looked = 0
        while let object = pending.popLast() {
            looked += 1
            if looked > Self.blendingScanLimit { return true }
            if qpdf_oh_is_indirect(qpdf, object) != 0 {
                guard seen.insert(qpdf_oh_get_object_id(qpdf, object)).inserted else { continue }
            }
            if qpdf_oh_is_array(qpdf, object) != 0 {
                let count = qpdf_oh_get_array_n_items(qpdf, object)
                pending += (0..<count).map { qpdf_oh_get_array_item(qpdf, object, $0) }
                continue
            }
            let dictionary = qpdf_oh_is_stream(qpdf, object) != 0 ? qpdf_oh_get_dict(qpdf, object) : object
            guard qpdf_oh_is_dictionary(qpdf, dictionary) != 0 else { continue }
            // One key iterator per qpdf handle: the keys first, then what they hold.
            var keys: [String] = []
            qpdf_oh_begin_dict_key_iter(qpdf, dictionary)
            while qpdf_oh_dict_more_keys(qpdf) != 0 { keys.append(String(cString: qpdf_oh_dict_next_key(qpdf))) }
            for key in keys where !["/Parent", "/P", "/Dest", "/A", "/Contents", "/Popup", "/IRT"].contains(key) {
                let value = qpdf_oh_get_key(qpdf, dictionary, key)
                if key == "/BM", !isNormalBlend(qpdf, value) { return true }
                // A graphics state's soft mask is a dictionary; an image's (its alpha) a stream.
                if key == "/SMask", qpdf_oh_is_dictionary(qpdf, value) != 0 { return true }
                pending.append(value)
            }
        }
        return false
    }

    /// `/Normal` or `/Compatible`, or an array whose first entry is.
    private func isNormalBlend(_ qpdf: qpdf_data, _ value: qpdf_oh) -> Bool {
        let name = qpdf_oh_is_array(qpdf, value) != 0 ? qpdf_oh_get_array_item(qpdf, value, 0) : value
        return qpdf_oh_is_name_and_equals(qpdf, name, "/Normal") != 0 || qpdf_oh_is_name_and_equals(qpdf, name, "/Compatible") != 0
    }
}
