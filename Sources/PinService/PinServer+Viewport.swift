import Foundation
import PinServiceCore
import PinPlatform
import PinRender
import PinRenderCore

extension PinServer {
    /// Where a device render puts the content's page on the screen: what `render.png` with
    /// the same query draws, in points.
    struct ViewportAnswer: Encodable {
        var page: Int
        /// The screen in points, and its pixels per point.
        var width: Double
        var height: Double
        var scale: Double
        /// The insets the content keeps clear of (zero unless `safeArea` is asked for).
        var safeArea: Insets
        var zoomScale: Double
        /// The scroll position, clamped, in points of the zoomed content.
        var contentOffset: Point
        /// The whole page on the screen (it may reach past the screen's edges when zoomed).
        var content: Rect

        struct Insets: Encodable {
            var top: Double, left: Double, bottom: Double, right: Double
        }
    }

    /// `GET /v1/contents/{id}/viewport?device=...`: the ``Viewport`` of a device render of the
    /// content with the same query as `render.png` (read by its option parser: `page`,
    /// `device`, `zoom`, `offset`, `focus`, `safeArea`, `include`), from the content's page
    /// size and, for `focus`, its current pins; the live page maps clicks on the render with
    /// it. `?revision=N`: on that revision's page, as `render.png?revision=N` draws it (its
    /// file's page sizes, read as a render reads them), refused as the render refuses it. 400
    /// for a query the render refuses, or without a device.
    func viewport(_ request: HTTPRequest, contentId: String) throws {
        let query = request.query
        let options = try RenderService.options(query: RenderService.renderFields(of: query), format: "png")
        let (directory, pixelLimit) = (store.contentsDirectory, renders.limits.pixelLimit)
        answer(request, on: .readers, { [service] in
            let latest = try service.content(contentId)
            var content = try Self.content(latest, revisionIn: query, of: service)
            if content.file != latest.file {
                content.pages = try Self.pageSizes(of: directory.appendingPathComponent(content.file).path, pixelLimit: pixelLimit)
            }
            return (content, try service.pins(of: contentId).pins.map(\.pin))
        }) { request, read in
            try Self.viewport(request, options: options, content: read.0, pins: read.1)
        }
    }

    /// The displayed sizes of the pages of a kept file (a revision's), read as a render reads them.
    private static func pageSizes(of path: String, pixelLimit: Int) throws -> [ContentRecord.PageSize] {
        let document = try SourceDocument.open(path: path, password: nil, pixelLimit: pixelLimit)
        return try (1...document.pageCount).map { page in
            let size = try document.contentSize(page: page)
            return ContentRecord.PageSize(page: page, width: size.width, height: size.height)
        }
    }

    /// Answers the viewport of `options` on `content` with its `pins`.
    private static func viewport(_ request: HTTPRequest, options: RenderOptions, content: ContentRecord, pins: [Pin]) throws {
        let contentId = content.id
        guard let screen = options.device else {
            throw ServiceError(status: 400, message: "query.device: needed: a viewport is a device screen's (device=iphone-15)")
        }
        let pages = try options.pages.pages(of: content.pages.count, file: "content \"\(contentId)\"")
        guard pages.count == 1, let page = pages.first, let size = content.pages.first(where: { $0.page == page }) else {
            throw ServiceError(status: 400, message: "query.page: one page, as render.png draws one")
        }
        let (threads, _) = try ThreadBuilder(source: "content \"\(contentId)\"").build(pins)
        var viewport = Viewport(size: screen.size, scale: screen.device.scale,
                                contentSize: CGSize(width: size.width, height: size.height), zoomScale: options.zoomScale,
                                contentOffset: options.contentOffset, safeArea: options.safeArea ? screen.safeArea : .zero)
        if let id = options.focusPinId {
            let shown = threads.filter { $0.root.page == page && options.include.includes($0) }
            guard let point = shown.first(where: { $0.id == id })?.root.normalizedPoint else {
                throw ServiceError(status: 400, message: "query.focus: no root pin \"\(Route.shown(id))\" on page \(page)")
            }
            viewport = viewport.focused(on: point)
        }
        let origin = viewport.convert(.zero, from: .content, to: .viewport), inset = viewport.safeArea
        request.respond(200, json: ViewportAnswer(
            page: page, width: viewport.size.width, height: viewport.size.height, scale: viewport.scale,
            safeArea: .init(top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right),
            zoomScale: max(1, viewport.zoomScale),
            contentOffset: Point(x: viewport.clampedOffset.x, y: viewport.clampedOffset.y),
            content: Rect(x: origin.x, y: origin.y, width: viewport.zoomedSize.width, height: viewport.zoomedSize.height)))
    }
}
