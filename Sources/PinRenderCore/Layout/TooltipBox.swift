import Foundation

/// A tooltip's size and text blocks, measured to fit within a limit: the comment loses
/// lines first, then the footer goes, then the comment; a header that does not fit either
/// means no tooltip.
struct TooltipBox {
    private(set) var size: CGSize
    private var blocks: [(text: String, offset: CGPoint, width: Double, style: TextStyle)] = []

    init?(thread: CommentThread, theme: Theme, ui: Double, timeZone: TimeZone,
          measurer: any TextMeasuring, limit: CGSize) {
        let content = TooltipContent(thread: thread, timeZone: timeZone)
        let pad = theme.tooltipPadding * ui
        let spacing = 3 * ui
        let fontSize = theme.tooltipFontSize * ui
        let maxInner = min(theme.tooltipMaxWidth * ui, limit.width - 2 * pad)
        guard maxInner >= fontSize * 3 else { return nil }
        let header = TextStyle(fontFamily: theme.fontFamily, size: fontSize * 0.85, bold: true,
                               color: theme.tooltipSecondaryText)
        let footer = TextStyle(fontFamily: theme.fontFamily, size: fontSize * 0.85,
                               color: theme.tooltipSecondaryText)
        var body = TextStyle(fontFamily: theme.fontFamily, size: fontSize,
                             color: thread.root.resolved ? theme.tooltipSecondaryText : theme.tooltipText,
                             maxLines: max(1, theme.tooltipMaxLines))
        let maxHeight = limit.height - 2 * pad
        var parts: [(String, TextStyle)] = [(content.header, header)]
        if !content.body.isEmpty { parts.append((content.body, body)) }
        if let text = content.footer { parts.append((text, footer)) }
        while true {
            let measured = parts.map { measurer.measure($0.0, style: $0.1, maxWidth: maxInner) }
            let height = measured.map(\.height).reduce(0, +) + spacing * Double(parts.count - 1)
            if height <= maxHeight {
                let inner = min(maxInner, measured.map(\.width).max() ?? 0)
                size = CGSize(width: inner + 2 * pad, height: height + 2 * pad)
                var y = pad
                for (part, metrics) in zip(parts, measured) {
                    blocks.append((part.0, CGPoint(x: pad, y: y), inner, part.1))
                    y += metrics.height + spacing
                }
                return
            }
            // Shed what matters least until it fits.
            if let index = parts.firstIndex(where: { $0.1 == body }), body.maxLines > 1 {
                body.maxLines -= 1
                parts[index].1 = body
            } else if parts.count > 1 {
                parts.removeLast()
            } else {
                return nil
            }
        }
    }

    /// The text blocks with the box's top-left corner at `origin`.
    func texts(at origin: CGPoint) -> [TextBlock] {
        blocks.map { TextBlock(text: $0.text, x: origin.x + $0.offset.x, y: origin.y + $0.offset.y,
                               width: $0.width, style: $0.style) }
    }
}
