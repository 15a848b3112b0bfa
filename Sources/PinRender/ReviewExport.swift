import Foundation
import PinRenderCore
import PinRenderGraphics

/// The PDF review export: the document kept as it is with the pins stamped over its pages
/// (a PDF input), or the image drawn under them; every thread as real PDF comments
/// (replies with /IRT, resolved ones with a review state); a comment summary after the
/// pages; links from each pin to its summary entry and back; bookmarks.
struct ReviewExport {
    var input: RenderInput
    var options: RenderOptions
    var layout: PageLayout
    /// Selected pages, in document order.
    var pages: [Int]
    /// The job's time limit, checked between pages, comments and files.
    var deadline: Deadline

    /// Writes the export to `path` and returns the scenes of the pages.
    func write(to path: String, name: String, scratch: URL) throws -> [Scene] {
        let threads = input.threads.filter { options.include.includes($0) && pages.contains($0.root.page) }
        let byPage = Dictionary(grouping: threads, by: \.root.page)
        let geometries = try pages.map { page -> PageGeometry in
            if case .pdf(let document) = input.document { return document.geometries[page - 1] }
            let size = try input.document.contentSize(page: page)
            return PageGeometry(mediaBox: CGRect(origin: .zero, size: size))
        }
        let scenes = try pages.map { page in
            try deadline.step("laying out page \(page)")
            return layout.scene(page: page, threads: byPage[page] ?? [], outputSize: try input.document.contentSize(page: page))
        }
        try deadline.step("laying out the comment summary")
        let summary = SummaryLayout(layout: layout).pages(threads)

        // Cairo draws the pins (and, for images, the image under them), then the summary.
        let drawn = scratch.appendingPathComponent("drawn.pdf").path
        let isPDF: Bool
        if case .pdf = input.document { isPDF = true } else { isPDF = false }
        let canvas = try Canvas(pdfPath: drawn, firstPageSize: CGSize(width: scenes[0].width, height: scenes[0].height))
        for (index, scene) in scenes.enumerated() {
            try deadline.step("drawing page \(pages[index])")
            if index > 0 { canvas.beginPDFPage(size: CGSize(width: scene.width, height: scene.height)) }
            if !isPDF { try input.document.draw(page: pages[index], on: canvas) }
            try canvas.draw(scene, theme: options.theme)
            try canvas.finishPDFPage()
        }
        for page in summary {
            try deadline.step("drawing the comment summary")
            canvas.beginPDFPage(size: SummaryLayout.pageSize)
            try canvas.draw(page.scene, theme: options.theme)
            try canvas.finishPDFPage()
        }
        try canvas.finishDocument()

        try deadline.step("stamping the pages")
        let assembler: PDFAssembler
        if isPDF {
            assembler = try PDFAssembler(path: input.documentName, password: options.password)
            let unselected = (1...assembler.pageCount).filter { !pages.contains($0) }
            try assembler.removePages(unselected)
            do {
                try assembler.openOverlay(path: drawn)
            } catch {
                throw OutputError(file: name, reason: "the drawing of the pins could not be written and read back in \(scratch.path) (disk full?)")
            }
            for index in pages.indices {
                try assembler.stamp(overlayPage: index + 1, onto: index + 1, matrix: geometries[index].overlayMatrix)
            }
            try assembler.appendOverlayPages((pages.count + 1)...(pages.count + summary.count))
        } else {
            do {
                assembler = try PDFAssembler(path: drawn, password: nil)
            } catch {
                throw OutputError(file: name, reason: "the drawing could not be written and read back in \(scratch.path) (disk full?)")
            }
        }
        try addComments(threads, scenes: scenes, geometries: geometries, summary: summary, to: assembler)
        try deadline.step("writing \(name)")
        try assembler.write(to: path, name: name)
        return scenes
    }

    private func addComments(_ threads: [CommentThread], scenes: [Scene], geometries: [PageGeometry],
                             summary: [SummaryLayout.Page], to pdf: PDFAssembler) throws {
        let summaryStart = pages.count + 1
        let summaryGeometry = PageGeometry(mediaBox: CGRect(origin: .zero, size: SummaryLayout.pageSize))
        var entries: [String: (page: Int, rect: CGRect)] = [:]
        for (index, page) in summary.enumerated() {
            for entry in page.entries { entries[entry.threadId] = (summaryStart + index, entry.rect) }
        }
        for (number, thread) in threads.enumerated() {
            try deadline.step("adding the PDF comments")
            guard let pageIndex = pages.firstIndex(of: thread.root.page),
                  let marker = scenes[pageIndex].markers.first(where: { $0.id == thread.id })
                    ?? clusterPoint(of: thread, in: scenes[pageIndex]) else { continue }
            let geometry = geometries[pageIndex], pdfPage = pageIndex + 1
            let box = pageRect(CGRect(x: marker.x - marker.radius, y: marker.y - marker.radius,
                                      width: 2 * marker.radius, height: 2 * marker.radius), geometry)
            let color = thread.root.resolved ? options.theme.resolvedFill : options.theme.markerFill
            let rgb = [color.red, color.green, color.blue]
            let root = try pdf.addComment(.init(
                page: pdfPage, rect: box, id: thread.id, author: thread.root.displayAuthor,
                contents: thread.root.text, created: PDFDate.string(thread.root.createdAt),
                modified: PDFDate.string(thread.root.createdAt), color: rgb))
            for reply in thread.replies {
                try pdf.addComment(.init(page: pdfPage, rect: box, id: reply.id, author: reply.displayAuthor,
                                         contents: reply.text, created: PDFDate.string(reply.createdAt),
                                         modified: PDFDate.string(reply.createdAt), color: rgb, inReplyTo: root))
            }
            if thread.root.resolved {
                let last = ([thread.root] + thread.replies).map(\.createdAt).max()!
                try pdf.addComment(.init(page: pdfPage, rect: box, id: thread.id + "-resolved",
                                         author: thread.root.displayAuthor, contents: "Resolved",
                                         created: PDFDate.string(last), modified: PDFDate.string(last), color: rgb,
                                         inReplyTo: root, state: ("Completed", "Review")))
            }
            // Pin and summary entry link to each other.
            let pinName = "pinrender-pin-\(number + 1)", entryName = "pinrender-summary-\(number + 1)"
            try pdf.addDestination(pinName, page: pdfPage,
                                   at: geometry.pageSpacePoint(fromContent: CGPoint(x: marker.x - 60, y: marker.y - 60)))
            if let entry = entries[thread.id] {
                let rect = pageRect(entry.rect, summaryGeometry)
                try pdf.addDestination(entryName, page: entry.page, at: CGPoint(x: 0, y: rect.maxY + 6))
                try pdf.addLink(page: pdfPage, rect: box, to: entryName)
                try pdf.addLink(page: entry.page, rect: rect, to: pinName)
            }
        }
        var bookmarks: [(title: String, page: Int, top: CGPoint)] = []
        for (index, page) in pages.enumerated() {
            let count = threads.filter { $0.root.page == page }.count
            guard count > 0 else { continue }
            let top = geometries[index].pageSpacePoint(fromContent: .zero)
            bookmarks.append(("Page \(page): \(count) comment\(count == 1 ? "" : "s")", index + 1, top))
        }
        if !summary.isEmpty {
            bookmarks.append(("Comment summary", summaryStart, CGPoint(x: 0, y: SummaryLayout.pageSize.height)))
        }
        try pdf.addBookmarks(bookmarks)
    }

    /// A clustered pin has no marker of its own; its comment goes on the bubble.
    private func clusterPoint(of thread: CommentThread, in scene: Scene) -> Marker? {
        guard let cluster = scene.clusters.first(where: { $0.pinIds.contains(thread.id) }) else { return nil }
        return Marker(id: thread.id, number: thread.number, x: cluster.x, y: cluster.y, radius: cluster.radius,
                      resolved: thread.root.resolved, replies: 0, voice: false, label: "", labelSize: 0)
    }

    /// A content-space rectangle in PDF page space.
    private func pageRect(_ rect: CGRect, _ geometry: PageGeometry) -> CGRect {
        let a = geometry.pageSpacePoint(fromContent: CGPoint(x: rect.minX, y: rect.minY))
        let b = geometry.pageSpacePoint(fromContent: CGPoint(x: rect.maxX, y: rect.maxY))
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
}
