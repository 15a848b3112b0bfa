import Foundation
internal import CPangoCairo

/// A whole image of whole pixels, opaque, white to begin with: drawn, then read as pixels
/// or written as PNG.
///
///     let canvas = try ImageCanvas(width: 800, height: 600)
///     try canvas.draw(scene)
///     try canvas.writePNG(to: "out.png", name: "out.png")
public final class ImageCanvas: Canvas {
    /// The image's pixels; drawn by ``Canvas``, read here.
    let surface: ImageSurface

    /// A white image of `width` x `height` pixels.
    public init(width: Int, height: Int) throws {
        surface = try ImageSurface(format: CAIRO_FORMAT_RGB24, width: width, height: height,
                                   context: "creating a \(width) x \(height) image")
        super.init(target: surface.handle, size: CGSize(width: width, height: height), name: "image",
                   decodesAtDrawnSize: true)
        try check("creating the image")
        paintWhite()
    }

    /// The image's pixels, opaque RGBA.
    public func pixels() -> PixelBuffer {
        cairo_surface_flush(surface.handle)
        let width = surface.width, height = surface.height
        let stride = Int(cairo_image_surface_get_stride(surface.handle))
        let data = cairo_image_surface_get_data(surface.handle)!
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let s = y * stride + x * 4, d = (y * width + x) * 4
                (rgba[d], rgba[d + 1], rgba[d + 2]) = (data[s + 2], data[s + 1], data[s])
            }
        }
        return PixelBuffer(width: width, height: height, rgba: rgba)
    }

    /// Writes the image as PNG to `path`; `name` is how errors call it.
    public func writePNG(to path: String, name: String) throws {
        try PNGWriter.write(surface.handle, to: path, name: name)
    }
}
