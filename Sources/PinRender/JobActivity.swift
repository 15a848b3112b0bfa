/// What a job is doing when it checks its limits (``Deadline/step(_:)``,
/// ``Deadline/during(_:_:)``): the words a ``LimitError`` names after "while". Every step of
/// every job is one of these, so the messages a limit can give are all listed here.
///
///     try deadline.during(.drawingPage(3)) { ... }   // "... while drawing page 3; ..."
public enum JobActivity: Sendable, Hashable, CustomStringConvertible {
    /// Before the first step.
    case starting
    /// Opening the document and reading the pins.
    case reading
    /// Decoding every row of an image, shrunk, to check it (``DocumentCheck``).
    case decodingImage
    /// Laying out the scene of a page of a PDF export.
    case layingOutPage(Int)
    /// Laying out the comment summary of a PDF export.
    case layingOutSummary
    /// Before the pages of a PNG export are handed to the workers.
    case drawingPages
    /// Drawing a page (several side by side in a PNG export).
    case drawingPage(Int)
    /// Drawing the comment summary of a PDF export.
    case drawingSummary
    /// Drawing a screen of a preview sheet: its label and its zoom as the sheet shows it.
    case drawingScreen(String, zoom: String)
    /// Laying the drawing of the pins over the pages of the PDF (qpdf).
    case layingPins
    /// Adding the threads as PDF comments.
    case addingComments
    /// Writing an output file, by the path given.
    case writing(String)
    /// Waiting for another run that holds the lock of the same outputs' directories.
    case waitingForOutputs
    /// Reading an import's comments (``ImportJob``).
    case readingComments
    /// Placing an import's comments on the pages, as pins.
    case placingComments

    public var description: String {
        switch self {
        case .starting: "starting"
        case .reading: "reading the document and the pins"
        case .decodingImage: "decoding the image"
        case .layingOutPage(let page): "laying out page \(page)"
        case .layingOutSummary: "laying out the comment summary"
        case .drawingPages: "drawing the pages"
        case .drawingPage(let page): "drawing page \(page)"
        case .drawingSummary: "drawing the comment summary"
        case .drawingScreen(let label, let zoom): "drawing \(label) at zoom \(zoom)x"
        case .layingPins: "laying the pins over the pages"
        case .addingComments: "adding the PDF comments"
        case .writing(let path): "writing \(path)"
        case .waitingForOutputs: "waiting for another run writing the same files"
        case .readingComments: "reading the comments"
        case .placingComments: "placing the comments on the pages"
        }
    }
}
