/// How far a render is: pages drawn of a document's pages; for a PDF export, then its pages
/// with the pins laid over them and its threads added as comments; for one large PNG page,
/// stripes of rows written of its stripes.
public struct RenderProgress: Sendable, Equatable {
    /// What is counted; the raw value is how a progress line names it.
    public enum Unit: String, Sendable {
        /// A page drawn.
        case page
        /// A page of a PDF export with the drawing of its pins laid over it.
        case pinnedPage = "pins over page"
        /// A thread of a PDF export added as PDF comments.
        case comment
        /// A stripe of rows of one PNG page, written.
        case stripe
    }

    public var unit: Unit
    public var done: Int
    public var total: Int

    public init(_ unit: Unit, done: Int, total: Int) {
        self.unit = unit
        self.done = done
        self.total = total
    }
}
