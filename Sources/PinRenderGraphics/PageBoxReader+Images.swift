import Foundation
internal import CQPDF

extension PageBoxReader {
    /// The decoded size in bytes of the images a page draws (`/Width` x `/Height` x
    /// components x bits per component / 8, each image once; images in forms, patterns,
    /// Type 3 fonts, soft masks and annotations' appearances included): what Poppler holds
    /// to draw it. Nil when the page needs more than ``pageScanLimit`` containers looked at,
    /// or more than `budget` has left: then the page is taken to be heavy.
    func imageBytes(_ qpdf: qpdf_data, _ page: qpdf_oh, budget: inout Int) -> Int? {
        var seen = Set<Int32>()
        var total = 0
        let (stopped, looked) = walk(qpdf, page, seen: &seen, limit: min(Self.pageScanLimit, budget)) { dictionary, _, isStream in
            if isStream, qpdf_oh_is_name_and_equals(qpdf, qpdf_oh_get_key(qpdf, dictionary, "/Subtype"), "/Image") != 0 {
                total = total.addingSaturating(decodedSize(qpdf, image: dictionary))
            }
            return false
        }
        budget -= looked
        return stopped ? nil : total
    }

    /// One image's decoded size in bytes, from its dictionary.
    private func decodedSize(_ qpdf: qpdf_data, image: qpdf_oh) -> Int {
        let mask = qpdf_oh_get_key(qpdf, image, "/ImageMask")
        let isMask = qpdf_oh_is_bool(qpdf, mask) != 0 && qpdf_oh_get_bool_value(qpdf, mask) != 0
        let width = number(qpdf, image, "/Width") ?? 0, height = number(qpdf, image, "/Height") ?? 0
        let bits = isMask ? 1 : number(qpdf, image, "/BitsPerComponent") ?? 8
        let components = isMask ? 1 : self.components(qpdf, qpdf_oh_get_key(qpdf, image, "/ColorSpace"))
        let rowBits = width.multipliedSaturating(by: components).multipliedSaturating(by: bits)
        return (rowBits / 8 + 1).multipliedSaturating(by: height)
    }

    /// A non-negative integer in `dictionary` under `key`, or nil.
    private func number(_ qpdf: qpdf_data, _ dictionary: qpdf_oh, _ key: String) -> Int? {
        let value = qpdf_oh_get_key(qpdf, dictionary, key)
        guard qpdf_oh_is_integer(qpdf, value) != 0 else { return nil }
        return max(0, Int(qpdf_oh_get_int_value(qpdf, value)))
    }

    /// The components of a colour space: 1, 3 or 4 for the device and CIE spaces, `/N` of an
    /// ICC profile, 1 for indexed and separation spaces, the names of a DeviceN space; 4 for
    /// the rest (a name looked up in the resources, none for a JPEG 2000 image).
    private func components(_ qpdf: qpdf_data, _ space: qpdf_oh) -> Int {
        let isArray = qpdf_oh_is_array(qpdf, space) != 0
        let family = isArray ? qpdf_oh_get_array_item(qpdf, space, 0) : space
        guard qpdf_oh_is_name(qpdf, family) != 0 else { return 4 }
        switch String(cString: qpdf_oh_get_name(qpdf, family)) {
        case "/DeviceGray", "/G", "/CalGray", "/Indexed", "/I", "/Separation": return 1
        case "/DeviceRGB", "/RGB", "/CalRGB", "/Lab": return 3
        case "/ICCBased" where isArray:
            let profile = qpdf_oh_get_array_item(qpdf, space, 1)
            return qpdf_oh_is_stream(qpdf, profile) != 0 ? number(qpdf, qpdf_oh_get_dict(qpdf, profile), "/N") ?? 4 : 4
        case "/DeviceN" where isArray:
            let names = qpdf_oh_get_array_item(qpdf, space, 1)
            return qpdf_oh_is_array(qpdf, names) != 0 ? Int(qpdf_oh_get_array_n_items(qpdf, names)) : 4
        default: return 4
        }
    }
}

private extension Int {
    /// The sum, or `.max` past it: a file's sizes can be any number.
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// The product, or `.max` past it (both are non-negative).
    func multipliedSaturating(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
