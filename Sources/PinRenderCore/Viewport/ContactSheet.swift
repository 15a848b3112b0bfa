import Foundation

/// Where the screens of a preview sheet go: rows of screens (one row per zoom level), each
/// in a bezel with its label right under it, all at one physical scale.
///
///     let sheet = ContactSheet(rows: [[CGSize(width: 180, height: 390)]], labelHeight: 40)
///     sheet.cells[0][0].screen // where the first screen is drawn
public struct ContactSheet: Sendable, Equatable {
    /// One screen's place on the sheet.
    public struct Cell: Sendable, Equatable {
        /// The screen's rectangle, in sheet pixels.
        public var screen: CGRect
        /// The bezel around it.
        public var bezel: CGRect
        /// The label's top-left corner and width.
        public var label: CGRect
    }

    /// The sheet's size in pixels.
    public var size: CGSize
    /// Cells by row, then column.
    public var cells: [[Cell]]

    /// Lays out rows of screens of the given sizes (sheet pixels), left to right, top down.
    public init(rows: [[CGSize]], labelHeight: Double, padding: Double = 32, bezel: Double = 10) {
        var y = padding
        var width = 0.0
        cells = rows.map { row in
            var x = padding
            let tallest = row.map(\.height).max() ?? 0
            let cells = row.map { screen -> Cell in
                let labelWidth = max(screen.width + 2 * bezel, 220)
                let bezelRect = CGRect(x: x + (labelWidth - screen.width - 2 * bezel) / 2, y: y,
                                       width: screen.width + 2 * bezel, height: screen.height + 2 * bezel)
                let cell = Cell(screen: bezelRect.insetBy(dx: bezel, dy: bezel), bezel: bezelRect,
                                label: CGRect(x: x, y: bezelRect.maxY + 8, width: labelWidth, height: labelHeight))
                x += labelWidth + padding
                return cell
            }
            width = max(width, x)
            y += tallest + 2 * bezel + 8 + labelHeight + padding
            return cells
        }
        size = CGSize(width: max(width, 2 * padding).rounded(.up), height: y.rounded(.up))
    }
}
