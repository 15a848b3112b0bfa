import Foundation

/// One entry a PDF review export adds to the document's outline: a page with comments
/// ("Page 3: 2 comments"), or the comment summary. Written in `--layout-json` as `bookmarks`.
public struct Bookmark: Sendable, Equatable, Codable {
    public var title: String
    /// The output's page (1-based) it opens.
    public var page: Int
    /// The view's top-left corner, in PDF page space: the displayed page's top-left corner.
    public var top: Point

    public init(title: String, page: Int, top: Point) {
        self.title = title
        self.page = page
        self.top = top
    }

    /// The bookmarks of an export: one per page with threads (`pages` are the output's pages
    /// in order, numbered by the input; `geometries` theirs), then the summary's, when there
    /// is a summary (it starts after the pages).
    public static func plan(_ threads: [CommentThread], pages: [Int], geometries: [PageGeometry],
                            summaryPages: Int) -> [Bookmark] {
        var bookmarks: [Bookmark] = []
        for (index, page) in pages.enumerated() {
            let count = threads.filter { $0.root.page == page }.count
            guard count > 0 else { continue }
            let top = geometries[index].pageSpacePoint(fromContent: .zero)
            bookmarks.append(Bookmark(title: "Page \(page): \(count) comment\(count == 1 ? "" : "s")", page: index + 1,
                                      top: Point(x: top.x, y: top.y)))
        }
        if summaryPages > 0 {
            bookmarks.append(Bookmark(title: "Comment summary", page: pages.count + 1,
                                      top: Point(x: 0, y: SummaryLayout.pageSize.height)))
        }
        return bookmarks
    }
}
