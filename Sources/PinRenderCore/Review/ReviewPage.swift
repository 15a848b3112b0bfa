import Foundation

/// How a PDF review export lays its drawing of the pins over one page of the input PDF, in
/// PDF page space: the Watermark annotation that carries the drawing, the page's boxes when a
/// column of comments widens it, and the buttons over the marks on form fields.
public struct ReviewPage: Sendable, Equatable, Codable {
    /// The page's MediaBox and CropBox, widened by the column of `--tooltips margin`.
    public struct Boxes: Sendable, Equatable, Codable {
        public var mediaBox: Rect
        public var cropBox: Rect
    }

    /// The export's page (1-based), and the page of the drawing laid over it.
    public var page: Int
    /// Where the drawing lands (the Watermark's /Rect): the page's CropBox, widened or not.
    public var rect: Rect
    /// PDF's `[a b c d e f]` from the drawing's page space to the page's.
    public var matrix: [Double]
    /// The new boxes of a widened page; nil when the page keeps its own.
    public var boxes: Boxes?
    /// The buttons over marks on form fields, in /Annots order after the Watermark.
    public var buttons: [FieldButton]
    /// The Watermark's clip, even-odd (``FieldButton/watermarkClip(_:buttons:)``); empty:
    /// not clipped.
    public var clip: [Rect]
    /// Marks that stay under form fields in MuPDF because the form takes no buttons.
    public var marksUnderFields: Int

    /// The plan of the export's page `page`, showing the scene `scene` over a page of
    /// `geometry` whose form is `form`.
    public static func plan(page: Int, scene: Scene, geometry: PageGeometry, form: FieldButton.Form) -> ReviewPage {
        var rect = Rect(geometry.cropBox)
        var boxes: Boxes?
        if let column = scene.margin?.rect {
            let widened = geometry.widened(by: column.width)
            boxes = Boxes(mediaBox: Rect(widened.mediaBox), cropBox: Rect(widened.cropBox))
            rect = Rect(widened.cropBox)
        }
        let (buttons, under) = FieldButton.plan(marks: marks(of: scene, on: geometry), on: form, page: page)
        return ReviewPage(page: page, rect: rect, matrix: geometry.overlayMatrix, boxes: boxes, buttons: buttons,
                          clip: FieldButton.watermarkClip(rect, buttons: buttons), marksUnderFields: under)
    }

    /// Where the marks of `scene` (markers, clusters, edge indicators, tooltips) may put ink,
    /// in page space, in drawing order.
    static func marks(of scene: Scene, on geometry: PageGeometry) -> [Rect] {
        let strokes = scene.strokes
        let bounds = scene.markers.map { $0.bounds(strokes) } + scene.clusters.map { $0.bounds(strokes) }
            + scene.indicators.map { $0.bounds(strokes) } + scene.tooltips.map { $0.bounds(strokes) }
        return bounds.map { bound in
            let a = geometry.pageSpacePoint(fromContent: CGPoint(x: bound.x, y: bound.y))
            let b = geometry.pageSpacePoint(fromContent: CGPoint(x: bound.x + bound.width, y: bound.y + bound.height))
            return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
        }
    }
}
