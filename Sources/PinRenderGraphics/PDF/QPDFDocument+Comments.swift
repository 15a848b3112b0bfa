import Foundation
import PinRenderCore
internal import CQPDF

/// Reading a PDF's own comments (its markup annotations), its pages' geometry and its `/ID`,
/// for `pinrender import` and the XFDF export.
extension QPDFDocument {
    /// Each page's MediaBox, CropBox and `/Rotate`.
    public func pageGeometries() throws -> [PageGeometry] {
        try PageBoxReader(document: self).geometries()
    }

    /// The two halves of the file's `/ID` in upper-case hexadecimal, nil when it has none.
    public var fileIdentifier: (original: String, modified: String)? {
        let trailer = qpdf_get_trailer(handle)
        guard let ids = get(trailer, "/ID"), qpdf_oh_is_array(handle, ids) != 0, qpdf_oh_get_array_n_items(handle, ids) == 2 else {
            return nil
        }
        let halves = (0..<2).compactMap { index -> String? in
            let item = qpdf_oh_get_array_item(handle, ids, Int32(index))
            guard qpdf_oh_is_string(handle, item) != 0 else { return nil }
            var length = 0
            guard let bytes = qpdf_oh_get_binary_string_value(handle, item, &length) else { return nil }
            return UnsafeRawBufferPointer(start: bytes, count: length).map { String(format: "%02X", $0) }.joined()
        }
        return halves.count == 2 ? (halves[0], halves[1]) : nil
    }

    /// The markup annotations of every page, in page and `/Annots` order, as comments: `/NM`
    /// (or `pdf-pPAGE-OBJECT-GENERATION` when missing), `/T`, `/Contents` (or `/RC` without its
    /// markup), `/CreationDate`, `/M`, `/IRT` (named by the target's id) with `/RT`, `/State` and
    /// `/StateModel`, and `/Rect` in the page's user space (for a shape without an appearance
    /// stream, the bounds of the coordinates readers draw it from). Popups, links and widgets
    /// are not comments.
    /// - Throws: ``InputError`` naming the file, the annotation (`object 12 0`) and the field.
    public func comments() throws -> [ExchangedComment] {
        let markup = Set(XFDFDocument.subtypes.values)
        var comments: [ExchangedComment] = []
        var replyTargets: [String?] = []
        var positionOfObject: [String: Int] = [:]
        for pageNumber in 1..<(pageCount + 1) {
            // The handles of a page's objects are let go after it (each qpdf_oh is kept by
            // the qpdf_data until released): 10,000 comments left 11 MB of them behind.
            defer { qpdf_oh_release_all(handle) }
            let page = self.page(pageNumber)
            guard let annots = get(page, "/Annots"), qpdf_oh_is_array(handle, annots) != 0 else { continue }
            for index in 0..<qpdf_oh_get_array_n_items(handle, annots) {
                let annotation = qpdf_oh_get_array_item(handle, annots, index)
                defer { qpdf_oh_release(handle, annotation) }
                guard qpdf_oh_is_dictionary(handle, annotation) != 0, let subtype = name(annotation, "/Subtype"),
                      markup.contains(subtype) else { continue }
                let object = objectKey(annotation)
                let location = object.map { "object \($0) (page \(pageNumber))" } ?? "page \(pageNumber) /Annots[\(index)]"
                guard comments.count < InterchangeLimits.maximumComments else {
                    throw InputError(source: path, location: location, problem: "more than \(InterchangeLimits.maximumComments) annotations")
                }
                let fallbackId = "pdf-p\(pageNumber)-" + (object.map { $0.replacingOccurrences(of: " ", with: "-") } ?? "a\(index + 1)")
                var comment = try self.comment(annotation, subtype: subtype, page: pageNumber, location: location, fallbackId: fallbackId)
                if let object { positionOfObject[object] = comments.count }
                let target = get(annotation, "/IRT").flatMap(objectKey)
                if target != nil, name(annotation, "/RT") == "Group" { comment.link = .group }
                comments.append(comment)
                replyTargets.append(target)
            }
        }
        for (index, target) in replyTargets.enumerated() {
            guard let target else { continue }
            let position = positionOfObject[target]
            comments[index].inReplyTo = position.map { comments[$0].id } ?? "object \(target)"
            comments[index].inReplyToPosition = position
        }
        try check()
        return comments
    }

    private func comment(_ annotation: qpdf_oh, subtype: String, page: Int, location: String, fallbackId: String) throws -> ExchangedComment {
        func failure(_ key: String, _ problem: String) -> InputError {
            InputError(source: path, location: "\(location) \(key)", problem: problem)
        }
        func date(_ key: String) throws -> Date? {
            guard let text = text(annotation, key) else { return nil }
            guard let date = PDFDate.parse(text) else { throw failure(key, "\"\(text)\" is not a PDF date (D:YYYYMMDDHHmmSS+HH'mm')") }
            return date
        }
        var placement = ExchangedComment.Placement.none
        if let rect = get(annotation, "/Rect") {
            guard let box = rectangle(rect) else { throw failure("/Rect", "is not an array of four numbers") }
            placement = .pageRect(box)
        }
        if get(annotation, "/AP") == nil, let drawn = drawnBounds(annotation, subtype: subtype) {
            placement = .pageRect(drawn)
        }
        var contents = text(annotation, "/Contents") ?? ""
        if contents.isEmpty, let rich = try richText(annotation, failure: failure) {
            do {
                contents = try MarkupElement.read(Data(rich.utf8), source: path).plainText
            } catch {
                throw failure("/RC", "is not well-formed rich text (XHTML)")
            }
        }
        var state: ExchangedComment.State?
        if let value = text(annotation, "/State") ?? name(annotation, "/State") {
            let model = text(annotation, "/StateModel") ?? name(annotation, "/StateModel")
            state = .init(model: model ?? (["Marked", "Unmarked"].contains(value) ? "Marked" : "Review"), state: value)
        }
        return ExchangedComment(
            location: location, id: text(annotation, "/NM").flatMap { $0.isEmpty ? nil : $0 } ?? fallbackId, subtype: subtype,
            page: page, placement: placement, author: text(annotation, "/T") ?? "", text: contents,
            created: try date("/CreationDate"), modified: try date("/M"), state: state)
    }

    /// `12 0` for an indirect object, nil for a direct one.
    private func objectKey(_ object: qpdf_oh) -> String? {
        guard qpdf_oh_is_indirect(handle, object) != 0 else { return nil }
        return "\(qpdf_oh_get_object_id(handle, object)) \(qpdf_oh_get_generation(handle, object))"
    }

    /// A name's value without its slash.
    private func name(_ dictionary: qpdf_oh, _ key: String) -> String? {
        guard let value = get(dictionary, key), qpdf_oh_is_name(handle, value) != 0,
              let name = qpdf_oh_get_name(handle, value) else { return nil }
        return String(String(cString: name).dropFirst())
    }

    /// A text string's value (PDFDocEncoding or UTF-16), as UTF-8.
    private func text(_ dictionary: qpdf_oh, _ key: String) -> String? {
        guard let value = get(dictionary, key), qpdf_oh_is_string(handle, value) != 0,
              let text = qpdf_oh_get_utf8_value(handle, value) else { return nil }
        return String(cString: text)
    }

    /// `/RC`: a text string or a stream of rich text. A stream is read only when it holds at
    /// most 64 KiB before decoding (a flate bomb decodes to a thousand times its size).
    private func richText(_ annotation: qpdf_oh, failure: (String, String) -> InputError) throws -> String? {
        if let text = text(annotation, "/RC") { return text }
        guard let stream = get(annotation, "/RC"), qpdf_oh_is_stream(handle, stream) != 0 else { return nil }
        let length = get(qpdf_oh_get_dict(handle, stream), "/Length").map { qpdf_oh_get_numeric_value(handle, $0) } ?? .infinity
        guard length <= 65536 else { throw failure("/RC", "is a stream of more than 64 KiB (rich text is a few lines)") }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard qpdf_oh_get_stream_data(handle, stream, qpdf_dl_generalized, nil, &bytes, &size) & QPDF_ERRORS == 0,
              let bytes else { throw failure("/RC", "is a stream that cannot be decoded") }
        defer { free(bytes) }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: size), as: UTF8.self)
    }

    /// The coordinates each shape is drawn from when it has no appearance stream.
    private static let drawingKeys = ["Line": "/L", "PolyLine": "/Vertices", "Polygon": "/Vertices", "Ink": "/InkList",
                                      "Highlight": "/QuadPoints", "Underline": "/QuadPoints", "Squiggly": "/QuadPoints",
                                      "StrikeOut": "/QuadPoints"]

    /// The bounds of a shape's own coordinates (`/L`, `/Vertices`, `/InkList`, `/QuadPoints`):
    /// where a reader draws a shape that has no appearance stream, whatever its `/Rect` says
    /// (pdf.js puts the annotation there too); nil when it has none or they are not pairs of
    /// numbers.
    private func drawnBounds(_ annotation: qpdf_oh, subtype: String) -> CGRect? {
        guard let key = Self.drawingKeys[subtype], let array = get(annotation, key) else { return nil }
        var numbers: [Double] = []
        func collect(_ object: qpdf_oh, depth: Int) -> Bool {
            if qpdf_oh_is_number(handle, object) != 0 {
                numbers.append(qpdf_oh_get_numeric_value(handle, object))
                return numbers.last!.isFinite
            }
            guard depth < 2, qpdf_oh_is_array(handle, object) != 0 else { return false }
            for index in 0..<qpdf_oh_get_array_n_items(handle, object) {
                guard collect(qpdf_oh_get_array_item(handle, object, index), depth: depth + 1) else { return false }
            }
            return true
        }
        guard collect(array, depth: 0), !numbers.isEmpty, numbers.count.isMultiple(of: 2) else { return nil }
        let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// `[x1 y1 x2 y2]` as a rectangle.
    private func rectangle(_ array: qpdf_oh) -> CGRect? {
        guard qpdf_oh_is_array(handle, array) != 0, qpdf_oh_get_array_n_items(handle, array) == 4 else { return nil }
        let values = (0..<4).map { qpdf_oh_get_array_item(handle, array, Int32($0)) }
            .filter { qpdf_oh_is_number(handle, $0) != 0 }.map { qpdf_oh_get_numeric_value(handle, $0) }
        guard values.count == 4, values.allSatisfy(\.isFinite) else { return nil }
        return CGRect(x: min(values[0], values[2]), y: min(values[1], values[3]),
                      width: abs(values[2] - values[0]), height: abs(values[3] - values[1]))
    }
}
