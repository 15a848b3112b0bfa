import Foundation
import PinRenderCore
import PinRenderGraphics

/// One page as a device screen shows it: the visible part of the page at the device's
/// pixel size (nothing else is rasterized), letterboxed, with the pins in view and edge
/// indicators toward the others.
struct DeviceRender {
    var screen: DevicePreset.Screen
    var options: RenderOptions
    var layout: PageLayout

    /// Refuses a screen larger than Cairo draws or than `pixelLimit`, before anything is read
    /// or drawn: a custom `WxH@S` may ask for any size.
    static func checkSize(of screen: DevicePreset.Screen, pixelLimit: Int) throws {
        do {
            _ = try SizeRequest.scale(screen.device.scale).pixelSize(contentSize: screen.size, unitsPerInch: nil, pixelLimit: pixelLimit)
        } catch let error as InputError {
            // A smaller --dpi or --width is no remedy for a screen; a higher --max-pixels may be.
            var remedy: InputError.Remedy?
            if case .smallerOutputOrPixelLimit(let maximum) = error.remedy { remedy = .pixelLimit(maximum: maximum) }
            throw InputError(source: "--device", location: "", problem: "the screen \(screen.device.name): \(error.problem)",
                             remedy: remedy)
        }
    }

    /// The viewport for a page, with the offset asked for or the one centering the focus pin.
    func viewport(contentSize: CGSize, threads: [CommentThread]) throws -> Viewport {
        var viewport = Viewport(size: screen.size, scale: screen.device.scale, contentSize: contentSize,
                                zoomScale: options.zoomScale, contentOffset: options.contentOffset,
                                safeArea: options.safeArea ? screen.safeArea : .zero)
        if let id = options.focusPinId {
            guard let point = threads.first(where: { $0.id == id })?.root.normalizedPoint else {
                throw InputError(source: "--focus", location: "", problem: "no root pin \"\(id)\" on this page")
            }
            viewport = viewport.focused(on: point)
        }
        return viewport
    }

    /// Renders, writes the PNG to `path`, and returns the scene drawn.
    func render(_ document: SourceDocument, page: Int, threads: [CommentThread], contentSize: CGSize,
                to path: String, name: String) throws -> Scene {
        let (canvas, scene) = try draw(document, page: page, threads: threads, contentSize: contentSize)
        try canvas.writePNG(to: path, name: name)
        return scene
    }

    /// Renders the screen into a canvas of its pixel size.
    func draw(_ document: SourceDocument, page: Int, threads: [CommentThread],
              contentSize: CGSize) throws -> (ImageCanvas, Scene) {
        let viewport = try viewport(contentSize: contentSize, threads: threads)
        let scene = layout.scene(page: page, threads: threads, viewport: viewport).onPixels()
        let canvas = try ImageCanvas(width: Int(scene.width), height: Int(scene.height))
        try document.draw(scene, on: canvas)
        return (canvas, scene)
    }
}
