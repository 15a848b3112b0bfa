import Foundation
internal import CQPDF

extension PageBoxReader {
    /// What the blending scan of a document's pages carries from page to page.
    struct BlendingScan {
        /// Objects found clean with all they lead to: resources shared by every page are
        /// looked at once.
        var clean = Set<Int32>()
        /// How many more containers (dictionaries, streams, arrays) the document's scan may
        /// look at; past it, the remaining pages are taken to blend.
        var budget = 100_000
    }

    /// The most containers looked at for one page; past it, the page is taken to blend.
    static let blendingScanLimit = 20_000

    /// Whether a page uses a blend mode other than Normal (`/BM`) or a graphics state's soft
    /// mask (`/SMask`) anywhere it draws from: its resources, their forms, patterns, Type 3
    /// fonts and soft masks, and its annotations' appearances. Only such pages need drawing
    /// on a transparent group before white (see `Canvas.drawPage`); the others come out the
    /// same either way, and the group costs time and memory. A page that needs more than
    /// ``blendingScanLimit`` containers looked at, or more than the document's scan has
    /// left, is taken to blend.
    func blends(_ qpdf: qpdf_data, _ page: qpdf_oh, scan: inout BlendingScan) -> Bool {
        var seen = Set<Int32>()
        let limit = min(Self.blendingScanLimit, scan.budget)
        let (found, looked) = blends(qpdf, page, seen: &seen, clean: scan.clean, limit: limit)
        scan.budget -= looked
        guard !found else { return true }
        // Every object seen was looked through: none leads to blending.
        scan.clean.formUnion(seen)
        return false
    }

    /// The scan of ``blends(_:_:scan:)``: whether the page blends (or needs more than `limit`
    /// containers looked at), and how many it looked at; adds the objects it looks at to
    /// `seen`.
    private func blends(_ qpdf: qpdf_data, _ page: qpdf_oh, seen: inout Set<Int32>, clean: Set<Int32>,
                        limit: Int) -> (found: Bool, looked: Int) {
        var pending = [page]
        var looked = 0
        while let object = pending.popLast() {
            looked += 1
            if looked > limit { return (true, looked) }
            if qpdf_oh_is_indirect(qpdf, object) != 0 {
                let id = qpdf_oh_get_object_id(qpdf, object)
                guard !clean.contains(id), seen.insert(id).inserted else { continue }
            }
            if qpdf_oh_is_array(qpdf, object) != 0 {
                let count = qpdf_oh_get_array_n_items(qpdf, object)
                pending += (0..<count).map { qpdf_oh_get_array_item(qpdf, object, $0) }.filter { isContainer(qpdf, $0) }
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
                if key == "/BM", !isNormalBlend(qpdf, value) { return (true, looked) }
                // A graphics state's soft mask is a dictionary; an image's (its alpha) a stream.
                if key == "/SMask", qpdf_oh_is_dictionary(qpdf, value) != 0 { return (true, looked) }
                if isContainer(qpdf, value) { pending.append(value) }
            }
        }
        return (false, looked)
    }

    /// A dictionary, stream or array: what can lead further (numbers, names and strings cannot).
    private func isContainer(_ qpdf: qpdf_data, _ value: qpdf_oh) -> Bool {
        qpdf_oh_is_dictionary(qpdf, value) != 0 || qpdf_oh_is_stream(qpdf, value) != 0 || qpdf_oh_is_array(qpdf, value) != 0
    }

    /// `/Normal` or `/Compatible`, or an array whose first entry is.
    private func isNormalBlend(_ qpdf: qpdf_data, _ value: qpdf_oh) -> Bool {
        let name = qpdf_oh_is_array(qpdf, value) != 0 ? qpdf_oh_get_array_item(qpdf, value, 0) : value
        return qpdf_oh_is_name_and_equals(qpdf, name, "/Normal") != 0 || qpdf_oh_is_name_and_equals(qpdf, name, "/Compatible") != 0
    }
}
