import PinRenderCore

/// A failure in the C libraries, named after the file or page it concerns.
public enum GraphicsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document could not be opened or read (missing, corrupt, encrypted...).
    case unreadable(file: String, reason: String)
    /// A page number outside the document.
    case noSuchPage(file: String, page: Int, pageCount: Int)
    /// The image is larger than the pixel limit; refused before decoding.
    case tooLarge(file: String, width: Int, height: Int, limit: Int)
    /// The image has a side longer than Cairo draws; refused before decoding.
    case tooWide(file: String, width: Int, height: Int)
    /// Cairo reported a status other than success.
    case cairo(context: String, status: String)
    /// Writing an output failed.
    case unwritable(file: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): \(reason)"
        case .noSuchPage(let file, let page, let count):
            return "\(file): page \(page) does not exist (the document has \(count) page\(count == 1 ? "" : "s"))"
        case .tooLarge(let file, let width, let height, let limit):
            return "\(file): the image is \(width) x \(height) pixels, over the limit of \(limit) pixels (raise it with --max-pixels, up to \(SizeRequest.maximumPixels))"
        case .tooWide(let file, let width, let height):
            return "\(file): the image is \(width) x \(height) pixels; Cairo draws at most \(SizeRequest.maximumSide) pixels a side"
        case .cairo(let context, let status):
            return "\(context): cairo: \(status)"
        case .unwritable(let file, let reason):
            return "\(file): cannot write: \(reason)"
        }
    }
}
