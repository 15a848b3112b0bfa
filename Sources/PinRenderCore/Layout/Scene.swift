import Foundation

/// What to draw on one page, in output units (pixels for PNG, points for PDF), every
/// decision made: the drawing step only follows it. Encoded, it is one page of
/// `--layout-json`.
public struct Scene: Sendable, Equatable, Codable {
    public var page: Int
    public var width: Double
    public var height: Double
    public var uiScale: Double
    public var markers: [Marker]
    public var clusters: [Cluster]
    /// In drawing order: the most important (open, newest) last, on top.
    public var tooltips: [Tooltip]
    /// Free text (titles and entries of a summary page), drawn after the markers.
    public var texts: [TextBlock] = []
    /// Pins scrolled out of view, pointed at from the screen's edge.
    public var indicators: [EdgeIndicator] = []
    /// Pins whose tooltip did not fit (auto mode) or was left out, most important first.
    public var droppedTooltips: [String]
    /// Pins whose tooltip is shown but overlaps another tooltip or covers another pin's mark
    /// (`--tooltips all` on a page with no room), most important first; nil without tooltips.
    public var overlappingTooltips: [String]?
    /// Filled first, under the page: the letterbox of a device screen.
    public var backdrop: Fill?
    /// Where the document page is drawn, over the backdrop and under the pins; nil where no
    /// page is under the scene (a summary page). A PDF review export's own pages are not
    /// redrawn: qpdf lays the scene over them, as an annotation.
    public var placement: PagePlacement?
    /// The column of `--tooltips margin` beside the page, filled under the leader lines.
    public var margin: Fill?
    /// The thread panel, drawn last, beside the page.
    public var panel: ThreadPanel?
    /// The PDF comments of this page of a review export (nil in a PNG's scene).
    public var annotations: [CommentAnnotation]?
    /// What tooltips bury and is not drawn, on pixels (``onPixels()``); nil where everything
    /// is drawn (a PDF keeps every tooltip's text).
    public var buried: Burial?

    /// The size of the whole output: the page's, widened by the tooltips' column and the
    /// panel when there are.
    public var drawnSize: CGSize {
        let right = [margin?.rect, panel?.rect].compactMap { $0.map { $0.x + $0.width } }
        return CGSize(width: right.reduce(width, max), height: height)
    }

    public init(page: Int, width: Double, height: Double, uiScale: Double,
                markers: [Marker] = [], clusters: [Cluster] = [], tooltips: [Tooltip] = [],
                droppedTooltips: [String] = []) {
        self.page = page
        self.width = width
        self.height = height
        self.uiScale = uiScale
        self.markers = markers
        self.clusters = clusters
        self.tooltips = tooltips
        self.droppedTooltips = droppedTooltips
    }
}
