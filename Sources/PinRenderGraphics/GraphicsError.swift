import PinRenderCore

/// What a C library reports about a document or a drawing, mapped where the call is made,
/// named after the file or page it concerns. (A file over a limit is an ``InputError``, an
/// output that cannot be written an ``OutputError``.)
public enum GraphicsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document could not be opened or read (missing, corrupt, encrypted...).
    case unreadable(file: String, reason: String)
    /// A page number outside the document.
    case noSuchPage(file: String, page: Int, pageCount: Int)
    /// Cairo reported a status other than success.
    case cairo(context: String, status: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): \(reason)"
        case .noSuchPage(let file, let page, let count):
            return "\(file): page \(page) does not exist (the document has \(count) page\(count == 1 ? "" : "s"))"
        case .cairo(let context, let status):
            return "\(context): cairo: \(status)"
        }
    }
}
