import Foundation
import PinRenderCore
internal import CQPDF

/// Edits a PDF with qpdf, keeping everything it has (vectors, text, fonts, links, bookmarks,
/// forms): stamps pages drawn by Cairo over its pages, adds real comments (Text
/// annotations, replies, review states), links and named destinations, appends pages, adds
/// bookmarks, and writes the file with a deterministic ID. Pages are 1-based; rectangles
/// and points are in PDF page space.
public final class PDFAssembler {
    private var base: qpdf_data?
    private var overlay: qpdf_data?
    private let name: String
    private var annotations: [qpdf_oh] = []

    /// Opens the document to edit.
    public init(path: String, password: String?) throws {
        name = path
        base = qpdf_init()
        qpdf_silence_errors(base)
        qpdf_set_suppress_warnings(base, QPDF_TRUE)
        if qpdf_read(base, path, password) & QPDF_ERRORS != 0 { throw failure() }
        _ = qpdf_push_inherited_attributes_to_page(base)
        try check()
    }

    deinit {
        if overlay != nil { qpdf_cleanup(&overlay) }
        qpdf_cleanup(&base)
    }

    /// The number of pages now.
    public var pageCount: Int { Int(qpdf_get_num_pages(base)) }

    /// Opens the PDF whose pages ``stamp(overlayPage:onto:matrix:)`` and
    /// ``appendOverlayPages(_:)`` use. It is read again when writing, so keep it until then.
    public func openOverlay(path: String) throws {
        overlay = qpdf_init()
        qpdf_silence_errors(overlay)
        qpdf_set_suppress_warnings(overlay, QPDF_TRUE)
        if qpdf_read(overlay, path, nil) & QPDF_ERRORS != 0 { throw failure(overlay) }
    }

    /// Draws an overlay page over a page, as a form XObject placed with `matrix` (PDF's
    /// `[a b c d e f]` from the overlay page's space to the page's).
    public func stamp(overlayPage: Int, onto page: Int, matrix: [Double]) throws {
        let source = qpdf_get_page_n(overlay, overlayPage - 1)
        let target = qpdf_get_page_n(base, page - 1)
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_page_content_data(overlay, source, &buffer, &length) & QPDF_ERRORS == 0 else {
            throw failure(overlay)
        }
        defer { free(buffer) }
        let form = qpdf_oh_new_stream(base)
        qpdf_oh_replace_stream_data(base, form, buffer, length, qpdf_oh_new_null(base), qpdf_oh_new_null(base))
        let formDictionary = qpdf_oh_get_dict(base, form)
        qpdf_oh_replace_key(base, formDictionary, "/Type", qpdf_oh_new_name(base, "/XObject"))
        qpdf_oh_replace_key(base, formDictionary, "/Subtype", qpdf_oh_new_name(base, "/Form"))
        // Only indirect objects cross documents: the overlay's direct ones are made indirect there first.
        let box = qpdf_make_indirect_object(overlay, qpdf_oh_get_key(overlay, source, "/MediaBox"))
        qpdf_oh_replace_key(base, formDictionary, "/BBox", qpdf_oh_copy_foreign_object(base, overlay, box))
        let resources = qpdf_make_indirect_object(overlay, qpdf_oh_get_key(overlay, source, "/Resources"))
        qpdf_oh_replace_key(base, formDictionary, "/Resources", qpdf_oh_copy_foreign_object(base, overlay, resources))
        if qpdf_has_error(overlay) != 0 { throw failure(overlay) }
        qpdf_oh_replace_key(base, formDictionary, "/Matrix", numbers(matrix))
        let xobjects = dictionary(at: "/XObject", in: dictionary(at: "/Resources", in: target))
        let formName = "/PinrenderPins\(page)"
        qpdf_oh_replace_key(base, xobjects, formName, form)
        // The page's own drawing is wrapped in q ... Q so its state cannot leak into ours.
        let contents = qpdf_oh_new_array(base)
        qpdf_oh_append_item(base, contents, stream("q\n"))
        let old = qpdf_oh_get_key(base, target, "/Contents")
        if qpdf_oh_is_array(base, old) != 0 {
            for i in 0..<qpdf_oh_get_array_n_items(base, old) {
                qpdf_oh_append_item(base, contents, qpdf_oh_get_array_item(base, old, i))
            }
        } else if qpdf_oh_is_stream(base, old) != 0 {
            qpdf_oh_append_item(base, contents, old)
        }
        qpdf_oh_append_item(base, contents, stream("\nQ\nq \(formName) Do Q\n"))
        qpdf_oh_replace_key(base, target, "/Contents", contents)
        try check()
    }

    /// Adds the overlay's pages (1-based range) after the last page.
    public func appendOverlayPages(_ pages: ClosedRange<Int>) throws {
        for page in pages {
            guard qpdf_add_page(base, overlay, qpdf_get_page_n(overlay, page - 1), QPDF_FALSE) & QPDF_ERRORS == 0 else {
                throw failure()
            }
        }
    }

    /// Removes pages (1-based, numbers of the document as opened), keeping the others in order.
    public func removePages(_ pages: [Int]) throws {
        let handles = pages.map { qpdf_get_page_n(base, $0 - 1) }
        for handle in handles {
            guard qpdf_remove_page(base, handle) & QPDF_ERRORS == 0 else { throw failure() }
        }
    }

    /// A comment as a PDF Text annotation with a popup and the Print flag.
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
        let page = qpdf_get_page_n(base, comment.page - 1)
        let note = qpdf_oh_new_dictionary(base)
        set(note, "/Type", qpdf_oh_new_name(base, "/Annot"))
        set(note, "/Subtype", qpdf_oh_new_name(base, "/Text"))
        set(note, "/Rect", numbers(rectangle(comment.rect)))
        set(note, "/F", qpdf_oh_new_integer(base, 4))
        set(note, "/Name", qpdf_oh_new_name(base, comment.state == nil ? "/Comment" : "/Check"))
        set(note, "/C", numbers(comment.color))
        set(note, "/T", qpdf_oh_new_unicode_string(base, comment.author))
        set(note, "/Contents", qpdf_oh_new_unicode_string(base, comment.contents))
        set(note, "/NM", qpdf_oh_new_unicode_string(base, comment.id))
        set(note, "/CreationDate", qpdf_oh_new_string(base, comment.created))
        set(note, "/M", qpdf_oh_new_string(base, comment.modified))
        set(note, "/Open", qpdf_oh_new_bool(base, QPDF_FALSE))
        set(note, "/P", page)
        if let root = comment.inReplyTo {
            set(note, "/IRT", annotations[root])
            set(note, "/RT", qpdf_oh_new_name(base, "/R"))
        }
        if let state = comment.state {
            set(note, "/State", qpdf_oh_new_unicode_string(base, state.state))
            set(note, "/StateModel", qpdf_oh_new_unicode_string(base, state.model))
        }
        // The marker drawn on the page is the comment's face: an empty appearance keeps
        // viewers from drawing their note icon over it.
        let appearance = qpdf_oh_new_dictionary(base)
        set(appearance, "/N", emptyAppearance())
        set(note, "/AP", appearance)
        let annotation = qpdf_make_indirect_object(base, note)
        let popup = qpdf_oh_new_dictionary(base)
        set(popup, "/Type", qpdf_oh_new_name(base, "/Annot"))
        set(popup, "/Subtype", qpdf_oh_new_name(base, "/Popup"))
        set(popup, "/Rect", numbers(rectangle(comment.popup)))
        set(popup, "/F", qpdf_oh_new_integer(base, 4))
        set(popup, "/Open", qpdf_oh_new_bool(base, QPDF_FALSE))
        set(popup, "/Parent", annotation)
        let popupRef = qpdf_make_indirect_object(base, popup)
        set(annotation, "/Popup", popupRef)
        append(annotation, toAnnotsOf: page)
        append(popupRef, toAnnotsOf: page)
        try check()
        annotations.append(annotation)
        return annotations.count - 1
    }

    /// Names a destination: a point of a page, shown at the current zoom.
    public func addDestination(_ destinationName: String, page: Int, at point: CGPoint) throws {
        let catalog = qpdf_get_root(base)
        let destinations = dictionary(at: "/Dests", in: catalog)
        qpdf_oh_replace_key(base, destinations, "/" + destinationName, destination(page: page, top: point))
        try check()
    }

    /// A link over `rect` of a page to a named destination.
    public func addLink(page: Int, rect: CGRect, to destinationName: String) throws {
        let link = qpdf_oh_new_dictionary(base)
        set(link, "/Type", qpdf_oh_new_name(base, "/Annot"))
        set(link, "/Subtype", qpdf_oh_new_name(base, "/Link"))
        set(link, "/Rect", numbers(rectangle(rect)))
        set(link, "/Border", numbers([0, 0, 0]))
        set(link, "/F", qpdf_oh_new_integer(base, 4))
        set(link, "/Dest", qpdf_oh_new_name(base, "/" + destinationName))
        append(qpdf_make_indirect_object(base, link), toAnnotsOf: qpdf_get_page_n(base, page - 1))
        try check()
    }

    /// Appends bookmarks after any the document has: (title, page, top of the view).
    public func addBookmarks(_ items: [(title: String, page: Int, top: CGPoint)]) throws {
        guard !items.isEmpty else { return }
        let catalog = qpdf_get_root(base)
        var outlines = qpdf_oh_get_key(base, catalog, "/Outlines")
        if qpdf_oh_is_dictionary(base, outlines) == 0 {
            let fresh = qpdf_oh_new_dictionary(base)
            set(fresh, "/Type", qpdf_oh_new_name(base, "/Outlines"))
            set(fresh, "/Count", qpdf_oh_new_integer(base, 0))
            outlines = qpdf_make_indirect_object(base, fresh)
            qpdf_oh_replace_key(base, catalog, "/Outlines", outlines)
        }
        var previous = qpdf_oh_has_key(base, outlines, "/Last") != 0 ? qpdf_oh_get_key(base, outlines, "/Last") : nil
        for item in items {
            let entry = qpdf_oh_new_dictionary(base)
            set(entry, "/Title", qpdf_oh_new_unicode_string(base, item.title))
            set(entry, "/Parent", outlines)
            set(entry, "/Dest", destination(page: item.page, top: item.top))
            let ref = qpdf_make_indirect_object(base, entry)
            if let previous {
                set(previous, "/Next", ref)
                set(ref, "/Prev", previous)
            } else {
                set(outlines, "/First", ref)
            }
            set(outlines, "/Last", ref)
            previous = ref
        }
        let count = qpdf_oh_has_key(base, outlines, "/Count") != 0
            ? Int(qpdf_oh_get_int_value_as_int(base, qpdf_oh_get_key(base, outlines, "/Count"))) : 0
        set(outlines, "/Count", qpdf_oh_new_integer(base, Int64(abs(count) + items.count)))
        try check()
    }

    /// Writes the document, with an ID computed from its content (same input, same bytes).
    public func write(to path: String, name outputName: String) throws {
        guard qpdf_init_write(base, path) & QPDF_ERRORS == 0 else { throw failure(nil, file: outputName) }
        qpdf_set_deterministic_ID(base, QPDF_TRUE)
        guard qpdf_write(base) & QPDF_ERRORS == 0 else { throw failure(nil, file: outputName) }
    }

    // MARK: - Helpers

    private func set(_ dictionary: qpdf_oh, _ key: String, _ value: qpdf_oh) {
        qpdf_oh_replace_key(base, dictionary, key, value)
    }

    private func numbers(_ values: [Double]) -> qpdf_oh {
        let array = qpdf_oh_new_array(base)
        for value in values { qpdf_oh_append_item(base, array, qpdf_oh_new_real_from_double(base, value, 4)) }
        return array
    }

    private func rectangle(_ rect: CGRect) -> [Double] { [rect.minX, rect.minY, rect.maxX, rect.maxY] }

    private func stream(_ text: String) -> qpdf_oh {
        let stream = qpdf_oh_new_stream(base)
        let bytes = Array(text.utf8)
        qpdf_oh_replace_stream_data(base, stream, bytes, bytes.count, qpdf_oh_new_null(base), qpdf_oh_new_null(base))
        return stream
    }

    private var emptyForm: qpdf_oh?

    /// One shared empty form XObject.
    private func emptyAppearance() -> qpdf_oh {
        if let emptyForm { return emptyForm }
        let form = stream("")
        let dictionary = qpdf_oh_get_dict(base, form)
        set(dictionary, "/Type", qpdf_oh_new_name(base, "/XObject"))
        set(dictionary, "/Subtype", qpdf_oh_new_name(base, "/Form"))
        set(dictionary, "/BBox", numbers([0, 0, 1, 1]))
        emptyForm = form
        return form
    }

    /// `[page /XYZ left top null]`.
    private func destination(page: Int, top: CGPoint) -> qpdf_oh {
        let array = qpdf_oh_new_array(base)
        qpdf_oh_append_item(base, array, qpdf_get_page_n(base, page - 1))
        qpdf_oh_append_item(base, array, qpdf_oh_new_name(base, "/XYZ"))
        qpdf_oh_append_item(base, array, qpdf_oh_new_real_from_double(base, top.x, 2))
        qpdf_oh_append_item(base, array, qpdf_oh_new_real_from_double(base, top.y, 2))
        qpdf_oh_append_item(base, array, qpdf_oh_new_null(base))
        return array
    }

    /// The dictionary under `key`, made when missing.
    private func dictionary(at key: String, in parent: qpdf_oh) -> qpdf_oh {
        let existing = qpdf_oh_get_key(base, parent, key)
        if qpdf_oh_is_dictionary(base, existing) != 0 { return existing }
        let fresh = qpdf_oh_new_dictionary(base)
        qpdf_oh_replace_key(base, parent, key, fresh)
        return qpdf_oh_get_key(base, parent, key)
    }

    private func append(_ annotation: qpdf_oh, toAnnotsOf page: qpdf_oh) {
        var annots = qpdf_oh_get_key(base, page, "/Annots")
        if qpdf_oh_is_array(base, annots) == 0 {
            qpdf_oh_replace_key(base, page, "/Annots", qpdf_oh_new_array(base))
            annots = qpdf_oh_get_key(base, page, "/Annots")
        }
        qpdf_oh_append_item(base, annots, annotation)
    }

    private func check() throws {
        if qpdf_has_error(base) != 0 { throw failure() }
    }

    private func failure(_ data: qpdf_data? = nil, file: String? = nil) -> Error {
        let detail = (data ?? base).flatMap(qpdfError)
        if let file { return OutputError(file: file, reason: detail ?? "qpdf could not process the PDF") }
        return GraphicsError.unreadable(file: name, reason: detail ?? "qpdf could not process the PDF")
    }
}
