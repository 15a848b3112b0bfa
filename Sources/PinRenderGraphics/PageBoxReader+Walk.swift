import Foundation
internal import CQPDF

extension PageBoxReader {
    /// The most containers looked at for one page; past it, a scan takes the worst (the page
    /// blends, its images are heavy).
    static let pageScanLimit = 20_000

    /// Walks every dictionary, stream and array a page draws from (its resources, their
    /// forms, images, patterns, Type 3 fonts and soft masks, its annotations' appearances),
    /// each indirect object once, skipping those in `skipping`, and calls `visit` with each
    /// dictionary (a stream's own), its keys, and whether it is a stream's; `visit` returns
    /// true to stop. Returns whether the walk stopped (by `visit`, or past `limit` containers)
    /// and how many containers it looked at; adds the objects it looks at to `seen`.
    func walk(_ qpdf: qpdf_data, _ page: qpdf_oh, seen: inout Set<Int32>, skipping: Set<Int32> = [], limit: Int,
              visit: (_ dictionary: qpdf_oh, _ keys: [String], _ isStream: Bool) -> Bool) -> (stopped: Bool, looked: Int) {
        var pending = [page]
        var looked = 0
        while let object = pending.popLast() {
            looked += 1
            if looked > limit { return (true, looked) }
            if qpdf_oh_is_indirect(qpdf, object) != 0 {
                let id = qpdf_oh_get_object_id(qpdf, object)
                guard !skipping.contains(id), seen.insert(id).inserted else { continue }
            }
            if qpdf_oh_is_array(qpdf, object) != 0 {
                let count = qpdf_oh_get_array_n_items(qpdf, object)
                pending += (0..<count).map { qpdf_oh_get_array_item(qpdf, object, $0) }.filter { isContainer(qpdf, $0) }
                continue
            }
            let isStream = qpdf_oh_is_stream(qpdf, object) != 0
            let dictionary = isStream ? qpdf_oh_get_dict(qpdf, object) : object
            guard qpdf_oh_is_dictionary(qpdf, dictionary) != 0 else { continue }
            // One key iterator per qpdf handle: the keys first, then what they hold.
            var keys: [String] = []
            qpdf_oh_begin_dict_key_iter(qpdf, dictionary)
            while qpdf_oh_dict_more_keys(qpdf) != 0 { keys.append(String(cString: qpdf_oh_dict_next_key(qpdf))) }
            if visit(dictionary, keys, isStream) { return (true, looked) }
            for key in keys where !["/Parent", "/P", "/Dest", "/A", "/Contents", "/Popup", "/IRT"].contains(key) {
                let value = qpdf_oh_get_key(qpdf, dictionary, key)
                if isContainer(qpdf, value) { pending.append(value) }
            }
        }
        return (false, looked)
    }

    /// A dictionary, stream or array: what can lead further (numbers, names and strings cannot).
    private func isContainer(_ qpdf: qpdf_data, _ value: qpdf_oh) -> Bool {
        qpdf_oh_is_dictionary(qpdf, value) != 0 || qpdf_oh_is_stream(qpdf, value) != 0 || qpdf_oh_is_array(qpdf, value) != 0
    }
}
