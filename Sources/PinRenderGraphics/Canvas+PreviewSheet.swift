import Foundation
import PinRenderCore

extension Canvas {
    /// Draws a preview sheet as its plan places everything: in each cell its bezel, its
    /// screen (`screens[row][column]`, a device screen drawn at its own pixel size) scaled
    /// into its place, and its label.
    ///
    ///     let canvas = try ImageCanvas(width: Int(sheet.width), height: Int(sheet.height))
    ///     canvas.draw(sheet, screens: screens)
    public func draw(_ sheet: PreviewSheet, screens: [[ImageCanvas]]) {
        for (cells, row) in zip(sheet.cells, screens) {
            for (cell, screen) in zip(cells, row) {
                fillRoundedRect(cell.bezel.cgRect, radius: cell.bezelRadius, color: cell.bezelColor)
                draw(screen, in: cell.screen.cgRect)
                drawText(cell.label.text, at: CGPoint(x: cell.label.x, y: cell.label.y), width: cell.label.width,
                         style: cell.label.style)
            }
        }
    }
}
