import Foundation
import PinRenderCore
import PinRenderGraphics

extension SourceDocument {
    /// Draws a scene over one of this document's pages, as the scene places it: the
    /// backdrop, the page at its placement and clip, then the pins and the panel.
    func draw(_ scene: Scene, on canvas: Canvas) throws {
        if let backdrop = scene.backdrop { canvas.fill(backdrop.rect.cgRect, color: backdrop.color) }
        if let placement = scene.placement {
            try draw(page: scene.page, on: canvas, at: placement.rect.cgRect, clip: placement.clip.cgRect)
        }
        try canvas.draw(scene)
    }
}
