import Foundation

/// A read-only push button a PDF review export puts over a mark that lies on a form field,
/// so that every viewer draws the mark above the field (MuPDF draws widgets after every other
/// annotation; see docs/REVIEW-EXPORT.md). In PDF page space.
public struct FieldButton: Sendable, Equatable, Codable {
    /// The field's name (`/T`): `pinrender-pins-P-N`, P the export's page, N from 1, skipping
    /// names the form has.
    public var name: String
    /// The button's `/Rect`: the mark's bounds grown to whole points.
    public var rect: Rect
    /// What the button draws of the overlay: the parts of ``rect`` no earlier button draws
    /// (disjoint rectangles with whole-point edges).
    public var pieces: [Rect]

    public init(name: String, rect: Rect, pieces: [Rect]) {
        self.name = name
        self.rect = rect
        self.pieces = pieces
    }

    /// What a page's form holds, as read from the input PDF: the page's visible widgets and,
    /// when buttons may be added to the form, its fields' names.
    public struct Form: Sendable, Equatable {
        /// The `/Rect` of each widget of the page that viewers show, in page space.
        public var widgets: [Rect]
        /// The names (`/T`) of the form's fields; nil when the form takes no buttons (it has
        /// no `/Fields`, or sets `/NeedAppearances`, so viewers would draw a button empty).
        public var fieldNames: Set<String>?

        /// - Parameters:
        ///   - widgets: the page's visible widgets, in page space.
        ///   - fieldNames: the form's field names, nil when it takes no buttons.
        public init(widgets: [Rect], fieldNames: Set<String>?) {
            self.widgets = widgets
            self.fieldNames = fieldNames
        }

        /// A page with no form fields (an image's, a PDF's without a form).
        public static let none = Form(widgets: [], fieldNames: nil)
    }

    /// The buttons over `marks` (page space, in drawing order) that overlap a widget of
    /// `form`, on the export's page `page`: a mark that earlier ones cover entirely gets none.
    /// Returns no buttons when the form takes none, and then how many marks (those that would
    /// have had one) stay under fields.
    ///
    ///     let (buttons, under) = FieldButton.plan(marks: marks, on: form, page: 1)
    public static func plan(marks: [Rect], on form: Form, page: Int) -> (buttons: [FieldButton], marksUnderFields: Int) {
        let widgets = form.widgets.map(\.cgRect)
        var raised: [(rect: CGRect, pieces: [CGRect])] = []
        for mark in marks.map(\.cgRect) where widgets.contains(where: { overlap($0, mark) }) {
            let rect = roundedOut(mark)
            let pieces = raised.reduce([rect]) { pieces, earlier in pieces.flatMap { subtract(earlier.rect, from: $0) } }
            if !pieces.isEmpty { raised.append((rect, pieces)) }
        }
        guard let taken = form.fieldNames else { return ([], raised.count) }
        let names = (1...).lazy.map { "pinrender-pins-\(page)-\($0)" }.filter { !taken.contains($0) }
        let buttons = zip(raised, names).map { mark, name in
            FieldButton(name: name, rect: Rect(mark.rect), pieces: mark.pieces.map(Rect.init))
        }
        return (buttons, 0)
    }

    /// The clip of the overlay's Watermark on a page with `buttons` over `rect` (the overlay's
    /// /Rect), even-odd: `rect` grown to whole points, and every button's pieces, which cut
    /// them out. Empty without buttons: the overlay is not clipped.
    public static func watermarkClip(_ rect: Rect, buttons: [FieldButton]) -> [Rect] {
        buttons.isEmpty ? [] : [Rect(roundedOut(rect.cgRect))] + buttons.flatMap(\.pieces)
    }

    /// The smallest rectangle with whole-number edges that holds `rect`.
    private static func roundedOut(_ rect: CGRect) -> CGRect {
        let (minX, minY) = (rect.minX.rounded(.down), rect.minY.rounded(.down))
        return CGRect(x: minX, y: minY, width: rect.maxX.rounded(.up) - minX, height: rect.maxY.rounded(.up) - minY)
    }

    /// `rect` less `hole`: up to four rectangles, none overlapping.
    private static func subtract(_ hole: CGRect, from rect: CGRect) -> [CGRect] {
        guard overlap(hole, rect) else { return [rect] }
        let (bottom, top) = (max(rect.minY, hole.minY), min(rect.maxY, hole.maxY))
        // [minX, minY, maxX, maxY] first: a CGRect of negative size reads as its positive twin.
        let parts = [
            [rect.minX, rect.minY, rect.maxX, hole.minY], [rect.minX, hole.maxY, rect.maxX, rect.maxY],
            [rect.minX, bottom, hole.minX, top], [hole.maxX, bottom, rect.maxX, top],
        ]
        return parts.filter { $0[2] > $0[0] && $0[3] > $0[1] }
            .map { CGRect(x: $0[0], y: $0[1], width: $0[2] - $0[0], height: $0[3] - $0[1]) }
    }

    /// Whether two rectangles share some area (not only an edge).
    private static func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
