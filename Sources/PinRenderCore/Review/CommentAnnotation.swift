import Foundation

/// Where a PDF review export puts one thread's comment objects, in PDF page space (points,
/// bottom-left origin, unrotated) of the output's pages: the Text annotation over the
/// marker, its popup, the pin's named destination, and the thread's summary entry.
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
    /// The Text annotation over the marker (or its cluster's bubble); the replies, the review
    /// state and the link to the summary entry share it.
    public var rect: Rect
    /// The popup: 220 x 120 points, its top-left corner at the annotation's top-right one.
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
                  let (x, y, radius) = mark(of: thread, in: scenes[pageIndex]) else { return nil }
            let geometry = geometries[pageIndex]
            let box = pageRect(CGRect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius), geometry)
            let destination = geometry.pageSpacePoint(fromContent: CGPoint(x: x - 60, y: y - 60))
            return CommentAnnotation(
                threadId: thread.id, page: pageIndex + 1, rect: Rect(box),
                popup: Rect(x: box.maxX, y: box.maxY - 120, width: 220, height: 120),
                destination: Point(x: destination.x, y: destination.y), entry: entries[thread.id])
        }
    }

    /// The thread's marker (its disc), or for a clustered pin the bubble it is in: center and radius.
    private static func mark(of thread: CommentThread, in scene: Scene) -> (Double, Double, Double)? {
        if let marker = scene.markers.first(where: { $0.id == thread.id }) {
            return (marker.disc.x, marker.disc.y, marker.radius)
        }
        if let cluster = scene.clusters.first(where: { $0.pinIds.contains(thread.id) }) {
            return (cluster.x, cluster.y, cluster.radius)
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
