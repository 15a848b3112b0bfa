import Foundation

/// The comment summary appended to a PDF export: A4 pages listing every thread in number
/// order with its marker (the same shape and color as on the page), page, author, date,
/// status, text and replies.
public struct SummaryLayout {
    /// One summary page: what to draw, and where each thread's entry is (for links).
    public struct Page: Sendable {
        public var scene: Scene
        /// Entry rectangles, top-left origin, points.
        public var entries: [(threadId: String, rect: CGRect)]
    }

    public var layout: PageLayout
    public static let pageSize = CGSize(width: 595, height: 842)
    let margin = 48.0

    public init(layout: PageLayout) {
        self.layout = layout
    }

    /// Lays out the summary of `threads` (in their order).
    public func pages(_ threads: [CommentThread]) -> [Page] {
        let theme = layout.theme
        let font = theme.fontFamily
        let width = Self.pageSize.width - 2 * margin
        let textX = margin + 30, textWidth = width - 30
        let title = TextStyle(fontFamily: font, size: 18, bold: true, color: theme.tooltipText)
        let heading = TextStyle(fontFamily: font, size: 10.5, bold: true, color: theme.tooltipText)
        let body = TextStyle(fontFamily: font, size: 10, color: theme.tooltipText, maxLines: 40)
        let reply = TextStyle(fontFamily: font, size: 9.5, color: theme.tooltipSecondaryText, maxLines: 20)
        var pages: [Page] = []
        var current = Page(scene: Scene(page: 1, width: Self.pageSize.width, height: Self.pageSize.height, uiScale: 1),
                           entries: [])
        var y = margin
        func place(_ text: String, _ style: TextStyle, x: Double, width: Double) -> TextBlock {
            let block = TextBlock(text: text, x: x, y: y, width: width, style: style)
            y += layout.measurer.measure(text, style: style, maxWidth: width).height
            return block
        }
        let open = threads.filter { !$0.root.resolved }.count
        current.scene.texts.append(place("Comments: \(threads.count) (\(open) open, \(threads.count - open) resolved)",
                                         title, x: margin, width: width))
        y += 12
        for thread in threads {
            let root = thread.root
            let status = root.resolved ? "✓ Resolved" : "● Open"
            let voice = root.kind == .voice ? " · 🎙 " + TooltipContent.duration(milliseconds: root.audio?.durationMs ?? 0) : ""
            let headingText = "\u{200E}#\(thread.number) · \(status) · page \(root.page) · "
                + "\u{2068}\(TooltipContent.clean(root.displayAuthor, keepNewlines: false))\u{2069} · "
                + ISODate.display(root.createdAt, timeZone: layout.timeZone) + voice
            let text = TooltipContent.clean(String(root.text.prefix(4000)), keepNewlines: true)
            let replies = thread.replies.map { r in
                "\u{200E}\u{2068}\(TooltipContent.clean(r.displayAuthor, keepNewlines: false))\u{2069} · "
                    + ISODate.display(r.createdAt, timeZone: layout.timeZone) + ": "
                    + TooltipContent.clean(String(r.text.prefix(2000)), keepNewlines: true)
            }
            // The entry's height, to start a new page when it does not fit.
            var height = layout.measurer.measure(headingText, style: heading, maxWidth: textWidth).height + 2
            height += text.isEmpty ? 0 : layout.measurer.measure(text, style: body, maxWidth: textWidth).height
            for r in replies { height += 3 + layout.measurer.measure(r, style: reply, maxWidth: textWidth - 16).height }
            if y + height > Self.pageSize.height - margin && !current.entries.isEmpty {
                pages.append(current)
                current = Page(scene: Scene(page: pages.count + 1, width: Self.pageSize.width,
                                            height: Self.pageSize.height, uiScale: 1), entries: [])
                y = margin
            }
            let top = y
            current.scene.markers.append(layout.marker(for: thread, at: CGPoint(x: margin + 11, y: y + 10), ui: 0.85))
            current.scene.texts.append(place(headingText, heading, x: textX, width: textWidth))
            y += 2
            if !text.isEmpty { current.scene.texts.append(place(text, body, x: textX, width: textWidth)) }
            for r in replies {
                y += 3
                current.scene.texts.append(place(r, reply, x: textX + 16, width: textWidth - 16))
            }
            current.entries.append((thread.id, CGRect(x: margin, y: top - 2, width: width, height: max(y - top, 22) + 4)))
            y += 14
        }
        pages.append(current)
        return pages
    }
}
