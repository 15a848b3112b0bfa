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

    /// Whether a page uses a blend mode other than Normal (`/BM`) or a graphics state's soft
    /// mask (`/SMask`) anywhere it draws from: its resources, their forms, patterns, Type 3
    /// fonts and soft masks, and its annotations' appearances. Only such pages need drawing
    /// on a transparent group before white (see `Canvas.drawPage`); the others come out the
    /// same either way, and the group costs time and memory. A page that needs more than
    /// ``pageScanLimit`` containers looked at, or more than the document's scan has
    /// left, is taken to blend.
    func blends(_ qpdf: qpdf_data, _ page: qpdf_oh, scan: inout BlendingScan) -> Bool {
        var seen = Set<Int32>()
        let limit = min(Self.pageScanLimit, scan.budget)
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
        let (stopped, looked) = walk(qpdf, page, seen: &seen, skipping: clean, limit: limit) { dictionary, keys, _ in
            keys.contains { key in
                let value = qpdf_oh_get_key(qpdf, dictionary, key)
                // A graphics state's soft mask is a dictionary; an image's (its alpha) a stream.
                return (key == "/BM" && !isNormalBlend(qpdf, value))
                    || (key == "/SMask" && qpdf_oh_is_dictionary(qpdf, value) != 0)
            }
        }
        return (stopped, looked)
    }

    /// `/Normal` or `/Compatible`, or an array whose first entry is.
    private func isNormalBlend(_ qpdf: qpdf_data, _ value: qpdf_oh) -> Bool {
        let name = qpdf_oh_is_array(qpdf, value) != 0 ? qpdf_oh_get_array_item(qpdf, value, 0) : value
        return qpdf_oh_is_name_and_equals(qpdf, name, "/Normal") != 0 || qpdf_oh_is_name_and_equals(qpdf, name, "/Compatible") != 0
    }
}
