import Foundation
internal import CPangoCairo

/// A canvas's own view of a mark's drawing (``MarkDrawing``, shared by the process): a
/// Cairo surface and a pixman image over its pixels, for this canvas's thread alone (Cairo
/// and pixman set properties on a source while they draw it, never its pixels).
final class MarkImage {
    let drawing: MarkDrawing
    let surface: ImageSurface
    let pixels: PixmanImage

    init(_ drawing: MarkDrawing) throws {
        surface = try ImageSurface(sharingPixelsOf: drawing.pixels, context: "showing a mark")
        guard let pixels = PixmanImage(surface: surface.handle) else {
            throw GraphicsError.cairo(context: "showing a mark", status: "not a 32-bit image")
        }
        (self.drawing, self.pixels) = (drawing, pixels)
    }

    var width: Int { drawing.width }
    var height: Int { drawing.height }
}
