import Foundation

/// The comments of an XFDF file (Adobe's XML Forms Data Format, ISO 19444-1), as Acrobat,
/// Apryse, iText, Bluebeam and pdf.js-based tools exchange them: the PDF it names
/// (`<f href>`), that PDF's `/ID` (`<ids>`), and each markup element of `<annots>`.
///
///     let xfdf = try XFDFDocument(data, source: "review.xfdf")
///     xfdf.comments.first?.page // 1: XFDF's page="0" is the first page
public struct XFDFDocument: Sendable {
    /// The file the XFDF is about, as `<f href>` names it (relative to the XFDF's folder).
    public var href: String?
    /// The PDF's `/ID`: `<ids original modified>`, in hexadecimal.
    public var ids: (original: String, modified: String)?
    /// The markup annotations in document order; rectangles in the page's PDF user space.
    public var comments: [ExchangedComment]

    /// XFDF's element names of the markup annotations and their PDF subtypes. (`popup` is
    /// not a comment; links and widgets are not markup.)
    public static let subtypes: [String: String] = [
        "text": "Text", "freetext": "FreeText", "line": "Line", "square": "Square", "circle": "Circle",
        "polygon": "Polygon", "polyline": "PolyLine", "highlight": "Highlight", "underline": "Underline",
        "squiggly": "Squiggly", "strikeout": "StrikeOut", "stamp": "Stamp", "caret": "Caret", "ink": "Ink",
        "fileattachment": "FileAttachment", "sound": "Sound", "redact": "Redact",
    ]

    /// Reads an XFDF file.
    /// - Parameters:
    ///   - data: its bytes.
    ///   - source: how messages name it.
    /// - Throws: ``InputError`` naming the file, the element (`/xfdf/annots/text[2]`) and the attribute.
    public init(_ data: Data, source: String) throws {
        let root = try MarkupElement.read(data, source: source)
        guard root.name == "xfdf" else {
            throw InputError(source: source, location: root.path, problem: "not XFDF (the root element is <\(root.name)>, expected <xfdf>)")
        }
        href = root.elements("f").first?.attributes["href"]
        if let ids = root.elements("ids").first, let original = ids.attributes["original"] {
            self.ids = (original, ids.attributes["modified"] ?? original)
        }
        var comments: [ExchangedComment] = []
        for annots in root.elements("annots") {
            for element in annots.elements() {
                guard let subtype = Self.subtypes[element.name] else { continue }
                guard comments.count < InterchangeLimits.maximumComments else {
                    throw InputError(source: source, location: element.path,
                                     problem: "more than \(InterchangeLimits.maximumComments) annotations")
                }
                comments.append(try Self.comment(element, subtype: subtype, index: comments.count, source: source))
            }
        }
        self.comments = comments
    }

    private static func comment(_ element: MarkupElement, subtype: String, index: Int, source: String) throws -> ExchangedComment {
        func failure(_ attribute: String, _ problem: String) -> InputError {
            InputError(source: source, location: "\(element.path)/@\(attribute)", problem: problem)
        }
        let attributes = element.attributes
        // XFDF numbers pages from 0 (the first page is page="0").
        guard let pageText = attributes["page"] else { throw failure("page", "missing (the 0-based page)") }
        guard let page = Int(pageText.trimmingCharacters(in: .whitespaces)), page >= 0, page < Int(Int32.max) else {
            throw failure("page", "\"\(pageText)\" is not a page number (0 is the first page)")
        }
        var placement = ExchangedComment.Placement.none
        if let rectText = attributes["rect"] {
            let numbers = rectText.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4, let x1 = numbers[0], let y1 = numbers[1], let x2 = numbers[2], let y2 = numbers[3],
                  [x1, y1, x2, y2].allSatisfy(\.isFinite) else {
                throw failure("rect", "\"\(rectText)\" is not four numbers x1,y1,x2,y2")
            }
            placement = .pageRect(CGRect(x: min(x1, x2), y: min(y1, y2), width: abs(x2 - x1), height: abs(y2 - y1)))
        }
        func date(_ attribute: String) throws -> Date? {
            guard let text = attributes[attribute] else { return nil }
            guard let date = PDFDate.parse(text) ?? ISODate.parse(text) else {
                throw failure(attribute, "\"\(text)\" is not a PDF date (D:YYYYMMDDHHmmSS+HH'mm')")
            }
            return date
        }
        var text = element.elements("contents").first?.text ?? ""
        if text.isEmpty, let rich = element.elements("contents-richtext").first { text = rich.plainText }
        var link = ExchangedComment.Link.reply
        if let replyType = attributes["replyType"] ?? attributes["replytype"] {
            switch replyType.lowercased() {
            case "reply": link = .reply
            case "group": link = .group
            default: throw failure("replyType", "\"\(replyType)\" is neither reply nor group")
            }
        }
        var state: ExchangedComment.State?
        if let value = attributes["state"] {
            let model = attributes["statemodel"] ?? (["Marked", "Unmarked"].contains(value) ? "Marked" : "Review")
            state = .init(model: model, state: value)
        }
        return ExchangedComment(
            location: element.path, id: attributes["name"].flatMap { $0.isEmpty ? nil : $0 } ?? "xfdf-\(index + 1)",
            subtype: subtype, page: page + 1, placement: placement, author: attributes["title"] ?? "", text: text,
            created: try date("creationdate"), modified: try date("date"), inReplyTo: attributes["inreplyto"],
            link: link, state: state)
    }
}
