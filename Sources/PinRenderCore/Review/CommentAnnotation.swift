import Foundation

/// Where a PDF review export puts one thread's comment objects, in PDF page space (points,
/// bottom-left origin, unrotated) of the output's pages: the Text annotation pointing at the
/// pin, the marker's link, the popup, the pin's named destination, and the thread's summary
/// entry.
///
/// The Text annotation follows the convention of every reader of sticky notes (Acrobat,
/// pdf.js, PyMuPDF, `pinrender import`): its point is the upper-left corner of its /Rect
/// (minX, maxY in page space), kept in place on a rotated page (the note has the NoRotate
/// flag). So that corner is the pin's point (its marker's centre, but where the marker leans
/// in from an edge; inside its bubble for a clustered pin), and the note, as wide as the
/// marker's radius, lies below and right of it; the link to the summary covers the whole
/// marker (or bubble), which stays the place a reader clicks.
public struct CommentAnnotation: Sendable, Equatable, Codable {
    /// The thread's entry in the comment summary.
    public struct Entry: Sendable, Equatable, Codable {
        /// The output's page (1-based) the entry is on.
        public var page: Int
        /// The entry, a link back to the pin.
        public var rect: Rect
        /// The entry's named destination: the page's left edge, just above the entry.
        public var destination: Point
    }

    public var threadId: String
    /// The output's page (1-based) the comment is on.
    public var page: Int
    /// The Text annotation's /Rect: a square as wide as the marker's (or bubble's) radius
    /// whose upper-left corner (minX, maxY) is the pin's point; the replies and the review
    /// state share it.
    public var rect: Rect
    /// The marker's (or bubble's) bounds, the link to the summary entry.
    public var marker: Rect
    /// The popup: 220 x 120 points as the page is displayed, its top-left corner at the
    /// marker's top-right one.
    public var popup: Rect
    /// The pin's named destination: 60 units up and left of the marker's center, so that the
    /// pin is shown with room around it.
    public var destination: Point
    /// The summary entry, when the summary lists the thread.
    public var entry: Entry?

    /// The annotations of `threads`, in their order (nil for a thread with neither marker nor
    /// bubble on its page): `scenes` and `geometries` are those of `pages` (the output's pages
    /// in order, numbered by the input), the summary's pages follow them.
    public static func plan(_ threads: [CommentThread], scenes: [Scene], pages: [Int], geometries: [PageGeometry],
                            summary: [SummaryLayout.Page]) -> [CommentAnnotation?] {
        let summaryStart = pages.count + 1
        let summaryGeometry = PageGeometry(mediaBox: CGRect(origin: .zero, size: SummaryLayout.pageSize))
        var entries: [String: Entry] = [:]
        for (index, page) in summary.enumerated() {
            for entry in page.entries {
                let rect = pageRect(entry.rect, summaryGeometry)
                entries[entry.threadId] = Entry(page: summaryStart + index, rect: Rect(rect),
                                                destination: Point(x: 0, y: rect.maxY + 6))
            }
        }
        return threads.map { thread in
            guard let pageIndex = pages.firstIndex(of: thread.root.page),
                  let disc = disc(of: thread, in: scenes[pageIndex]) else { return nil }
            let geometry = geometries[pageIndex], size = geometry.displayedSize
            let corner = geometry.pageSpacePoint(fromContent: CGPoint(x: (thread.root.relativeX ?? 0) * size.width,
                                                                      y: (thread.root.relativeY ?? 0) * size.height))
            let side = disc.width / 2
            let popup = pageRect(CGRect(x: disc.maxX, y: disc.minY, width: 220, height: 120), geometry)
            let destination = geometry.pageSpacePoint(fromContent: CGPoint(x: disc.midX - 60, y: disc.midY - 60))
            return CommentAnnotation(
                threadId: thread.id, page: pageIndex + 1,
                rect: Rect(x: corner.x, y: corner.y - side, width: side, height: side),
                marker: Rect(pageRect(disc, geometry)), popup: Rect(popup),
                destination: Point(x: destination.x, y: destination.y), entry: entries[thread.id])
        }
    }

    /// What the thread's note is clicked on, in content space: its marker's disc, or for a
    /// clustered pin the bubble it is in.
    private static func disc(of thread: CommentThread, in scene: Scene) -> CGRect? {
        func disc(_ x: Double, _ y: Double, _ radius: Double) -> CGRect {
            CGRect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius)
        }
        if let marker = scene.markers.first(where: { $0.id == thread.id }) {
            return disc(marker.disc.x, marker.disc.y, marker.radius)
        }
        if let cluster = scene.clusters.first(where: { $0.pinIds.contains(thread.id) }) {
            return disc(cluster.x, cluster.y, cluster.radius)
        }
        return nil
    }

    /// A content-space rectangle in PDF page space.
    private static func pageRect(_ rect: CGRect, _ geometry: PageGeometry) -> CGRect {
        let a = geometry.pageSpacePoint(fromContent: CGPoint(x: rect.minX, y: rect.minY))
        let b = geometry.pageSpacePoint(fromContent: CGPoint(x: rect.maxX, y: rect.maxY))
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
}
