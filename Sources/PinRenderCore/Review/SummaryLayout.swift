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
    /// A4 in points, the summary pages of a PDF export.
    public static let pageSize = CGSize(width: 595, height: 842)
    /// The size of each page (or panel).
    public var size: CGSize
    /// Multiplies every size (1 for points on A4).
    public var scale: Double

    /// A layout of summary pages of `size` (A4 by default), sizes multiplied by `scale`.
    public init(layout: PageLayout, size: CGSize = SummaryLayout.pageSize, scale: Double = 1) {
        self.layout = layout
        self.size = size
        self.scale = scale
    }

    /// Lays out the summary of `threads` (in their order).
    public func pages(_ threads: [CommentThread]) -> [Page] {
        let theme = layout.theme
        let font = theme.fontFamily
        let margin = min(48 * scale, size.width * 0.08)
        let width = size.width - 2 * margin
        let textX = margin + 30 * scale, textWidth = width - 30 * scale
        let title = TextStyle(fontFamily: font, size: 18 * scale, bold: true, color: theme.tooltipText)
        // A heading wraps rather than lose its end: up to three lines hold a name of 100 characters.
        let heading = TextStyle(fontFamily: font, size: 10.5 * scale, bold: true, color: theme.tooltipText, maxLines: 3)
        let body = TextStyle(fontFamily: font, size: 10 * scale, color: theme.tooltipText, maxLines: 40)
        let reply = TextStyle(fontFamily: font, size: 9.5 * scale, color: theme.tooltipSecondaryText, maxLines: 20)
        var pages: [Page] = []
        var current = Page(scene: Scene(page: 1, width: size.width, height: size.height, uiScale: scale),
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
        y += 12 * scale
        for thread in threads {
            let root = thread.root
            let status = root.resolved ? "✓ Resolved" : "● Open"
            // A voice comment's duration before the author, so that a long name cannot push it out.
            let voice = root.kind == .voice ? "🎙\u{00A0}" + TooltipContent.duration(milliseconds: root.audio?.durationMs ?? 0) + " · " : ""
            let headingText = "\u{200E}#\(thread.number) · \(status) · page \(root.page) · " + voice
                + "\u{2068}\(TooltipContent.clean(root.displayAuthor, keepNewlines: false, limit: TooltipContent.nameCharacterLimit))\u{2069} · "
                + ISODate.display(root.createdAt, timeZone: layout.timeZone)
            let text = TooltipContent.clean(root.text, keepNewlines: true, limit: 4000)
            let replies = thread.replies.map { r in
                "\u{200E}\u{2068}\(TooltipContent.clean(r.displayAuthor, keepNewlines: false, limit: TooltipContent.nameCharacterLimit))\u{2069} · "
                    + ISODate.display(r.createdAt, timeZone: layout.timeZone) + ": "
                    + TooltipContent.clean(r.text, keepNewlines: true, limit: 2000)
            }
            // The entry's height, to start a new page when it does not fit.
            let indent = 16 * scale
            var height = layout.measurer.measure(headingText, style: heading, maxWidth: textWidth).height + 2 * scale
            height += text.isEmpty ? 0 : layout.measurer.measure(text, style: body, maxWidth: textWidth).height
            for r in replies { height += 3 * scale + layout.measurer.measure(r, style: reply, maxWidth: textWidth - indent).height }
            if y + height > size.height - margin && !current.entries.isEmpty {
                pages.append(current)
                current = Page(scene: Scene(page: pages.count + 1, width: size.width, height: size.height, uiScale: scale),
                               entries: [])
                y = margin
            }
            let top = y
            current.scene.markers.append(layout.marker(for: thread, at: CGPoint(x: margin + 11 * scale, y: y + 10 * scale),
                                                       ui: 0.85 * scale))
            current.scene.texts.append(place(headingText, heading, x: textX, width: textWidth))
            y += 2 * scale
            if !text.isEmpty { current.scene.texts.append(place(text, body, x: textX, width: textWidth)) }
            for r in replies {
                y += 3 * scale
                current.scene.texts.append(place(r, reply, x: textX + indent, width: textWidth - indent))
            }
            current.entries.append((thread.id, CGRect(x: margin, y: top - 2 * scale, width: width,
                                                      height: max(y - top, 22 * scale) + 4 * scale)))
            y += 14 * scale
        }
        pages.append(current)
        return pages
    }

    /// The thread panel beside a PNG (the apps' bottom sheet): the first page of the
    /// summary at this size, ending with how many threads did not fit.
    public func panel(_ threads: [CommentThread]) -> Scene {
        let all = pages(threads)
        var scene = all[0].scene
        let shown = all[0].entries.count
        if shown < threads.count {
            let margin = min(48 * scale, size.width * 0.08)
            let style = TextStyle(fontFamily: layout.theme.fontFamily, size: 10 * scale, bold: true,
                                  color: layout.theme.tooltipSecondaryText)
            scene.texts.append(TextBlock(text: "… and \(threads.count - shown) more (see the PDF export's summary)",
                                         x: margin, y: size.height - margin * 0.8, width: size.width - 2 * margin,
                                         style: style))
        }
        return scene
    }
}
