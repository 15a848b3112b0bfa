import Foundation

/// Everything a PDF review export writes besides the scenes of its pages, every decision
/// made: how the drawing of the pins is laid over each page of an input PDF (``ReviewPage``),
/// each thread's comments, destinations and links (``ReviewThread``), and the comment
/// summary's pages. `ReviewExport` and `PDFAssembler` only follow it; `--layout-json` writes
/// it as `review`, beside the pages' scenes and the `bookmarks` (``Bookmark``).
///
///     let plan = ReviewPlan.plan(threads, annotations: annotations, scenes: scenes, geometries: geometries,
///                                forms: forms, summary: summary, theme: theme)
public struct ReviewPlan: Sendable, Equatable, Codable {
    /// The input PDF's pages the pins are laid over, in the export's order; empty when the
    /// input is an image (drawn under the pins, in the scenes).
    public var pages: [ReviewPage]
    /// The threads with a comment, in the export's order.
    public var threads: [ReviewThread]
    /// The comment summary's pages, after the document's.
    public var summary: [Scene]

    public init(pages: [ReviewPage], threads: [ReviewThread], summary: [Scene]) {
        self.pages = pages
        self.threads = threads
        self.summary = summary
    }

    /// The plan of an export of `threads`, whose comments go where `annotations` (in the
    /// same order, ``CommentAnnotation/plan(_:scenes:pages:geometries:summary:)``) say.
    /// - Parameters:
    ///   - scenes: the export's pages, in order.
    ///   - geometries: their geometries.
    ///   - forms: their forms as read from the input PDF, nil for an image.
    ///   - summary: the comment summary's pages.
    ///   - theme: the marker's fill, the comments' colour.
    public static func plan(_ threads: [CommentThread], annotations: [CommentAnnotation?], scenes: [Scene],
                            geometries: [PageGeometry], forms: [FieldButton.Form]?, summary: [SummaryLayout.Page],
                            theme: Theme) -> ReviewPlan {
        let pages = forms.map { forms in
            scenes.indices.map { ReviewPage.plan(page: $0 + 1, scene: scenes[$0], geometry: geometries[$0], form: forms[$0]) }
        }
        // A thread's number counts the threads without a comment too.
        let planned = zip(threads, annotations).enumerated().compactMap { index, pair in
            pair.1.map { ReviewThread.plan(pair.0, number: index + 1, annotation: $0, theme: theme) }
        }
        return ReviewPlan(pages: pages ?? [], threads: planned, summary: summary.map(\.scene))
    }
}
