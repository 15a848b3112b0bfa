import Foundation
import PinRenderCore
internal import CQPDF

/// Real PDF comments, links, named destinations and bookmarks.
extension PDFAssembler {
    /// A comment as a PDF Text annotation with a popup: the note with the Print and NoRotate
    /// flags (its point, the /Rect's upper-left corner, stays put on a rotated page), the
    /// popup with the Print flag.
    public struct Comment {
        public var page: Int
        public var rect: CGRect
        /// Where its popup opens.
        public var popup: CGRect
        public var id: String
        public var author: String
        public var contents: String
        /// PDF date strings (`D:...`).
        public var created: String
        public var modified: String
        public var color: [Double]
        /// The annotation (a value returned by ``addComment(_:)``) this one replies to.
        public var inReplyTo: Int?
        /// A review state such as `Completed`, with its model `Review`.
        public var state: (state: String, model: String)?

        public init(page: Int, rect: CGRect, popup: CGRect, id: String, author: String, contents: String, created: String,
                    modified: String, color: [Double], inReplyTo: Int? = nil, state: (String, String)? = nil) {
            self.page = page
            self.rect = rect
            self.popup = popup
            self.id = id
            self.author = author
            self.contents = contents
            self.created = created
            self.modified = modified
            self.color = color
            self.inReplyTo = inReplyTo
            self.state = state
        }
    }

    /// Adds a comment; returns its handle for replies.
    @discardableResult
    public func addComment(_ comment: Comment) throws -> Int {
        let pdf = document
        let page = pdf.page(comment.page)
        var entries: [(String, qpdf_oh)] = [
            ("/Type", pdf.name("/Annot")),
            ("/Subtype", pdf.name("/Text")),
            ("/Rect", pdf.rectangle(comment.rect)),
            ("/F", pdf.integer(4 | 16)),
            ("/Name", pdf.name(comment.state == nil ? "/Comment" : "/Check")),
            ("/C", pdf.numbers(comment.color)),
            ("/T", pdf.text(comment.author)),
            ("/Contents", pdf.text(comment.contents)),
            ("/NM", pdf.text(comment.id)),
            ("/CreationDate", pdf.bytes(comment.created)),
            ("/M", pdf.bytes(comment.modified)),
            ("/Open", pdf.bool(false)),
            ("/P", page),
        ]
        if let root = comment.inReplyTo {
            entries += [("/IRT", comments[root]), ("/RT", pdf.name("/R"))]
        }
        if let state = comment.state {
            entries += [("/State", pdf.text(state.state)), ("/StateModel", pdf.text(state.model))]
        }
        // The marker drawn over the page is the comment's face: an empty appearance keeps
        // viewers from drawing their note icon over it.
        entries.append(("/AP", pdf.dictionary([("/N", emptyAppearance())])))
        let annotation = pdf.indirect(pdf.dictionary(entries))
        let popup = pdf.indirect(pdf.dictionary([
            ("/Type", pdf.name("/Annot")),
            ("/Subtype", pdf.name("/Popup")),
            ("/Rect", pdf.rectangle(comment.popup)),
            ("/F", pdf.integer(4)),
            ("/Open", pdf.bool(false)),
            ("/Parent", annotation),
        ]))
        pdf.set(annotation, "/Popup", popup)
        pdf.appendAnnotation(annotation, to: page)
        pdf.appendAnnotation(popup, to: page)
        try pdf.check()
        comments.append(annotation)
        return comments.count - 1
    }

    /// Names a destination: a point of a page, shown at the current zoom.
    public func addDestination(_ destinationName: String, page: Int, at point: CGPoint) throws {
        let destinations = document.dictionary(at: "/Dests", in: qpdf_get_root(document.handle))
        document.set(destinations, "/" + destinationName, destination(page: page, top: point))
        try document.check()
    }

    /// A link over `rect` of a page to a named destination.
    public func addLink(page: Int, rect: CGRect, to destinationName: String) throws {
        let pdf = document
        let link = pdf.indirect(pdf.dictionary([
            ("/Type", pdf.name("/Annot")),
            ("/Subtype", pdf.name("/Link")),
            ("/Rect", pdf.rectangle(rect)),
            ("/Border", pdf.numbers([0, 0, 0])),
            ("/F", pdf.integer(4)),
            ("/Dest", pdf.name("/" + destinationName)),
        ]))
        pdf.appendAnnotation(link, to: pdf.page(page))
        try pdf.check()
    }

    /// Appends bookmarks after any the document has.
    public func addBookmarks(_ items: [Bookmark]) throws {
        guard !items.isEmpty else { return }
        let pdf = document
        let catalog = qpdf_get_root(pdf.handle)
        var outlines = qpdf_oh_get_key(pdf.handle, catalog, "/Outlines")
        if qpdf_oh_is_dictionary(pdf.handle, outlines) == 0 {
            outlines = pdf.indirect(pdf.dictionary([("/Type", pdf.name("/Outlines")), ("/Count", pdf.integer(0))]))
            pdf.set(catalog, "/Outlines", outlines)
        }
        var previous = pdf.get(outlines, "/Last")
        for item in items {
            let entry = pdf.indirect(pdf.dictionary([
                ("/Title", pdf.text(item.title)),
                ("/Parent", outlines),
                ("/Dest", destination(page: item.page, top: CGPoint(x: item.top.x, y: item.top.y))),
            ]))
            if let previous {
                pdf.set(previous, "/Next", entry)
                pdf.set(entry, "/Prev", previous)
            } else {
                pdf.set(outlines, "/First", entry)
            }
            pdf.set(outlines, "/Last", entry)
            previous = entry
        }
        let count = pdf.get(outlines, "/Count").map { Int(qpdf_oh_get_int_value_as_int(pdf.handle, $0)) } ?? 0
        pdf.set(outlines, "/Count", pdf.integer(abs(count) + items.count))
        try pdf.check()
    }

    /// One shared empty form XObject.
    private func emptyAppearance() -> qpdf_oh {
        if let emptyForm { return emptyForm }
        let form = document.stream([], [
            ("/Type", document.name("/XObject")),
            ("/Subtype", document.name("/Form")),
            ("/BBox", document.numbers([0, 0, 1, 1])),
        ])
        emptyForm = form
        return form
    }

    /// `[page /XYZ left top null]`.
    private func destination(page: Int, top: CGPoint) -> qpdf_oh {
        let h = document.handle
        let array = qpdf_oh_new_array(h)
        qpdf_oh_append_item(h, array, document.page(page))
        qpdf_oh_append_item(h, array, document.name("/XYZ"))
        qpdf_oh_append_item(h, array, qpdf_oh_new_real_from_double(h, top.x, 2))
        qpdf_oh_append_item(h, array, qpdf_oh_new_real_from_double(h, top.y, 2))
        qpdf_oh_append_item(h, array, qpdf_oh_new_null(h))
        return array
    }
}
