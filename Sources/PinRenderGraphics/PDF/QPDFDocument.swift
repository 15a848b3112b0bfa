import Foundation
import PinRenderCore
internal import CQPDF

/// A PDF read with qpdf, to edit or to copy pages from (``PDFAssembler``): the one owner of its `qpdf_data` handle, freed in `deinit`. Errors
/// are mapped here, once, into ``GraphicsError`` naming the file.
///
///     let document = try QPDFDocument(path: "plan.pdf", password: nil)
///     document.pageCount
public final class QPDFDocument {
    /// The path it was read from, for messages.
    let path: String
    private var data: qpdf_data?

    /// Reads a PDF, with inherited page attributes (boxes, /Rotate, /Resources) pushed down
    /// to the pages.
    /// - Parameters:
    ///   - path: the file.
    ///   - password: the user or owner password of an encrypted file.
    public init(path: String, password: String?) throws {
        self.path = path
        guard let data = qpdf_init() else { throw GraphicsError.unreadable(file: path, reason: "out of memory") }
        self.data = data
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
        if qpdf_read(data, path, password) & QPDF_ERRORS != 0 { throw readError() }
        _ = qpdf_push_inherited_attributes_to_page(data)
        try check()
    }

    deinit {
        if data != nil { qpdf_cleanup(&data) }
    }

    /// The handle, for the calls of this module; never stored elsewhere.
    var handle: qpdf_data { data! }

    /// The number of pages.
    public var pageCount: Int { max(0, Int(qpdf_get_num_pages(handle))) }

    /// The page object of a 1-based page number.
    func page(_ number: Int) -> qpdf_oh { qpdf_get_page_n(handle, number - 1) }

    /// Whether the file is encrypted (with an owner password only, or a user password too).
    var isEncrypted: Bool { qpdf_is_encrypted(handle) != 0 }

    /// Throws the pending qpdf error, as a failure to read this file.
    func check() throws {
        if qpdf_has_error(handle) != 0 { throw readError() }
    }

    /// The pending qpdf error as a failure to read this file.
    func readError() -> GraphicsError {
        .unreadable(file: path, reason: errorDetail() ?? "not a readable PDF")
    }

    /// The pending qpdf error as a failure to write `file`.
    func writeError(file: String) -> OutputError {
        OutputError(file: file, reason: errorDetail() ?? "qpdf could not write the PDF")
    }

    /// The warnings qpdf gave so far (a damaged file it repaired, an object it could not read
    /// and wrote as null), at most `limit` of them, each cut to 200 characters, and then how
    /// many more; the queue is emptied.
    func takeWarnings(limit: Int = 3) -> [String] {
        var warnings: [String] = [], more = 0
        while qpdf_more_warnings(handle) != 0 {
            let warning = qpdf_next_warning(handle)
            guard warnings.count < limit else { more += 1; continue }
            guard let text = qpdf_get_error_message_detail(handle, warning).map({ String(cString: $0) }) else { continue }
            // A message can quote the damage itself (a number of 100,000 digits).
            warnings.append(text.count > 200 ? text.prefix(200) + "..." : text)
        }
        return warnings + (more > 0 ? ["and \(more) more"] : [])
    }

    private func errorDetail() -> String? {
        guard let data, qpdf_has_error(data) != 0, let error = qpdf_get_error(data),
              let text = qpdf_get_error_message_detail(data, error) else { return nil }
        return String(cString: text)
    }
}
