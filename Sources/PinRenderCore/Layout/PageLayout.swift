import Foundation

/// Lays out one page: markers on their points, badges, and tooltips placed inside the
/// output. The result is a ``Scene`` in output units that the drawing step follows.
///
///     let layout = PageLayout(theme: Theme(), tooltips: .auto, measurer: measurer)
///     let scene = layout.scene(page: 1, threads: threads, outputSize: CGSize(width: 1754, height: 1240))
public struct PageLayout {
    public var theme: Theme
    public var tooltips: TooltipMode
    public var measurer: any TextMeasuring
    /// The time zone tooltips show times in.
    public var timeZone: TimeZone
    /// Whether markers that would overlap become cluster bubbles.
    public var clustering: ClusterMode
    /// Output units per UI point fixed by the job (an image's screen density times the scale
    /// it is drawn at), over the theme's ``Theme/uiScale``; nil to take the theme's or follow
    /// the output's size. The theme stays what the user gave.
    public var uiScale: Double?
    /// The cell of the grid that finds obstacles near a tooltip; nil for four marker radii.
    /// (A cell larger than the page makes every obstacle near: tests compare the two.)
    var obstacleCell: Double?

    /// Creates a layout.
    /// - Parameters:
    ///   - theme: colors, sizes and font.
    ///   - tooltips: which pins get a tooltip.
    ///   - measurer: measures text as the renderer will set it.
    ///   - timeZone: for the times in tooltips; UTC unless told.
    ///   - clustering: `.auto` groups markers that would overlap; `.off` by default.
    public init(theme: Theme, tooltips: TooltipMode, measurer: any TextMeasuring,
                timeZone: TimeZone = .gmt, clustering: ClusterMode = .off) {
        self.theme = theme
        self.tooltips = tooltips
        self.measurer = measurer
        self.timeZone = timeZone
        self.clustering = clustering
    }

    /// The UI scale for an output: the job's (``uiScale``), the theme's, or 1 up to a
    /// 1000-unit short side and proportional beyond, in steps of 0.05.
    public func uiScale(for outputSize: CGSize) -> Double {
        if let fixed = uiScale ?? theme.uiScale { return fixed }
        let short = min(outputSize.width, outputSize.height)
        return max(1, (short / 1000 * 20).rounded() / 20)
    }

    /// The scene of `threads` (the root pins of this page) on an output of `outputSize`,
    /// where the page is drawn `pageSize` big (the output size unless given), so normalized
    /// (u, v) lands at (u x page width, v x page height).
    public func scene(page: Int, threads: [CommentThread], outputSize: CGSize, pageSize: CGSize? = nil) -> Scene {
        let drawn = pageSize ?? outputSize
        // The whole page is in view, even where it passes the rounded output by a fraction of a pixel.
        var scene = scene(page: page, threads: threads, canvas: outputSize, ui: uiScale(for: outputSize),
                          visible: CGRect(origin: .zero, size: drawn)) {
            CGPoint(x: $0.x * drawn.width, y: $0.y * drawn.height)
        }
        scene.placement = PagePlacement(rect: Rect(CGRect(origin: .zero, size: drawn)),
                                        clip: Rect(CGRect(origin: .zero, size: outputSize)))
        return scene
    }

    /// The scene of a device screen, in its pixels: pins go through content space to the
    /// viewport; those scrolled out of view become indicators on the edge toward them, and
    /// tooltips stay inside the screen. The UI scale is the device's pixels per point.
    public func scene(page: Int, threads: [CommentThread], viewport: Viewport) -> Scene {
        let s = viewport.scale
        let canvas = CGSize(width: (viewport.size.width * s).rounded(), height: (viewport.size.height * s).rounded())
        let visible = CGRect(x: viewport.visibleRect.minX * s, y: viewport.visibleRect.minY * s,
                             width: viewport.visibleRect.width * s, height: viewport.visibleRect.height * s)
        // A screen keeps the device's size: no column beside it.
        var screen = self
        if tooltips == .margin { screen.tooltips = .all }
        var scene = screen.scene(page: page, threads: threads, canvas: canvas, ui: uiScale ?? theme.uiScale ?? s, visible: visible) {
            let point = viewport.convert($0, from: .normalized, to: .viewport)
            return CGPoint(x: point.x * s, y: point.y * s)
        }
        // The zoomed page from its origin in the viewport, clipped to what is in view, on the letterbox.
        let origin = viewport.convert(.zero, from: .content, to: .viewport)
        let zoomed = viewport.zoomedSize
        scene.backdrop = Fill(rect: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height), color: theme.letterboxFill)
        scene.placement = PagePlacement(
            rect: Rect(x: origin.x * s, y: origin.y * s, width: zoomed.width * s, height: zoomed.height * s),
            clip: Rect(visible))
        return scene
    }

    /// The general case: `place` maps normalized points to output units; pins whose point
    /// falls outside `visible` are off screen.
    func scene(page: Int, threads: [CommentThread], canvas: CGSize, ui: Double, visible: CGRect,
               place: (CGPoint) -> CGPoint) -> Scene {
        var scene = Scene(page: page, width: canvas.width, height: canvas.height, uiScale: ui)
        let all = threads.compactMap { thread -> (CommentThread, CGPoint)? in
            guard let p = thread.root.normalizedPoint else { return nil }
            return (thread, place(p))
        }
        let slack = 1e-9 * max(canvas.width, canvas.height, 1)
        func shown(_ p: CGPoint) -> Bool {
            p.x >= visible.minX - slack && p.x <= visible.maxX + slack && p.y >= visible.minY - slack
                && p.y <= visible.maxY + slack
        }
        var placed = all.filter { shown($0.1) }
        let hidden = all.filter { !shown($0.1) }
        if !hidden.isEmpty {
            scene.indicators = indicators(for: hidden, visible: visible, ui: ui)
        }
        let output = CGRect(origin: .zero, size: canvas), strokes = Strokes(ui: ui)
        if clustering == .auto {
            scene.clusters = clusters(of: placed, ui: ui).map { keptInside($0, area: output, strokes: strokes) }
            let clustered = Set(scene.clusters.flatMap(\.pinIds))
            placed.removeAll { clustered.contains($0.0.id) }
        }
        // Resolved under open ones, then by number: the last drawn is on top. Markers lean inward from the edges.
        scene.markers = placed
            .sorted { ($0.0.root.resolved ? 0 : 1, $0.0.number, $0.0.id) < ($1.0.root.resolved ? 0 : 1, $1.0.number, $1.0.id) }
            .map { leaning(marker(for: $0.0, at: $0.1, ui: ui), inside: output, strokes: strokes) }
        // Indicators slide along their edge off the markers and bubbles.
        if !scene.indicators.isEmpty {
            let marks = scene.markers.map { $0.inkRect(strokes) } + scene.clusters.map { $0.inkRect(strokes) }
            scene.indicators = scene.indicators.map { clear($0, of: marks, visible: visible) }
        }
        if tooltips != .none {
            // A tooltip points at its marker's disc, where the marker leans.
            let discs = Dictionary(scene.markers.map { ($0.id, CGPoint(x: $0.disc.x, y: $0.disc.y)) }, uniquingKeysWith: { a, _ in a })
            placeTooltips(placed.map { ($0.0, discs[$0.0.id] ?? $0.1) }, in: &scene, ui: ui)
        }
        return scene
    }

    func marker(for thread: CommentThread, at point: CGPoint, ui: Double) -> Marker {
        let r = theme.markerRadius * ui
        let label = String(thread.number)
        // A longer number is set smaller, to stay inside the circle.
        let labelSize = r * (label.count <= 2 ? 1.0 : label.count == 3 ? 0.78 : 0.6) * 0.82
        let small = r * 0.5
        let corner = r * 0.78
        let replies = thread.replies.count
        return Marker(
            id: thread.id, number: thread.number, x: point.x, y: point.y, radius: r,
            resolved: thread.root.resolved, replies: replies, voice: thread.root.kind == .voice,
            label: label, labelSize: labelSize,
            fill: thread.root.resolved ? theme.resolvedFill : theme.markerFill,
            labelColor: thread.root.resolved ? theme.resolvedText : theme.markerText,
            replyBadge: replies == 0 ? nil
                : fitted(Badge(x: point.x + corner, y: point.y - corner, radius: small * 1.1,
                               text: Badge.countLabel(replies), fill: theme.badgeFill)),
            checkBadge: thread.root.resolved
                ? Badge(x: point.x + corner, y: point.y + corner, radius: small, text: "✓", fill: theme.checkFill) : nil,
            voiceBadge: thread.root.kind == .voice
                ? Badge(x: point.x - corner, y: point.y + corner, radius: small, text: "♪", fill: theme.badgeFill) : nil,
            ink: MarkInk(theme: theme))
    }

    /// `badge`, widened when its text is longer than two characters (one or two always fit
    /// the disc; measuring only longer ones keeps 10,000 markers fast).
    func fitted(_ badge: Badge) -> Badge {
        guard badge.text.count > 2 else { return badge }
        let style = TextStyle(fontFamily: theme.fontFamily, size: badge.fontSize, bold: true, color: theme.badgeText)
        return badge.fitting(textWidth: measurer.measure(badge.text, style: style, maxWidth: .infinity).width)
    }

    private func placeTooltips(_ placed: [(CommentThread, CGPoint)], in scene: inout Scene, ui: Double) {
        // Most important first: open before resolved, then newest.
        let ordered = placed.sorted { a, b in
            if a.0.root.resolved != b.0.root.resolved { return !a.0.root.resolved }
            if a.0.root.createdAt != b.0.root.createdAt { return a.0.root.createdAt > b.0.root.createdAt }
            return a.0.id < b.0.id
        }
        if tooltips == .auto && placed.count > theme.autoTooltipLimit {
            scene.droppedTooltips = ordered.map(\.0.id)
            return
        }
        if tooltips == .margin { return placeMarginTooltips(ordered, in: &scene, ui: ui) }
        let pad = theme.containerPadding * ui
        let container = CGRect(x: pad, y: pad, width: scene.width - 2 * pad, height: scene.height - 2 * pad)
        let arrowLength = 7 * ui
        let markerRadius = theme.markerRadius * ui
        let placer = TooltipPlacer(container: container, offset: theme.tooltipGap * ui + arrowLength,
                                   leaderStep: 2 * markerRadius)
        var boxes: [(thread: CommentThread, point: CGPoint, box: TooltipBox)] = []
        var requests: [TooltipLabeler.Request] = []
        var overPin: [Bool] = []
        for (thread, point) in ordered {
            guard let box = TooltipBox(thread: thread, theme: theme, ui: ui, timeZone: timeZone,
                                       measurer: measurer, limit: container.size) else {
                scene.droppedTooltips.append(thread.id)
                continue
            }
            let u = point.x / max(scene.width, 1e-9), v = point.y / max(scene.height, 1e-9)
            let sides = TooltipPlacer.preferredSides(u: u, v: v)
            let fallback = placer.fallback(size: box.size, pin: point, markerRadius: markerRadius, sides: sides)
            boxes.append((thread, point, box))
            overPin.append(fallback?.overPin ?? false)
            requests.append(TooltipLabeler.Request(
                id: thread.id, candidates: placer.candidates(size: box.size, pin: point, markerRadius: markerRadius, sides: sides),
                fallback: fallback?.candidate))
        }
        let largest = boxes.map { max($0.box.size.width, $0.box.size.height) }.max() ?? 0
        let labeler = TooltipLabeler(strict: tooltips == .auto, obstacles: obstacles(of: scene),
                                     obstacleCell: obstacleCell ?? 4 * markerRadius, cell: max(largest, 8 * markerRadius))
        let (choices, overlapping) = labeler.label(requests)
        scene.overlappingTooltips = overlapping.map { boxes[$0].thread.id }
        let radius = theme.tooltipCornerRadius * ui
        for (index, (thread, point, box)) in boxes.enumerated() {
            guard let choice = choices[index] else {
                scene.droppedTooltips.append(thread.id)
                continue
            }
            let clampedOverPin = overPin[index] && choice == requests[index].fallback
            let arrow = choice.hasLeader || clampedOverPin ? nil : TooltipPlacer.arrow(
                for: choice.rect, side: choice.side, pin: point, markerRadius: markerRadius,
                halfWidth: 6 * ui, cornerRadius: radius, tipGap: theme.tooltipGap * ui)
            let leader = choice.hasLeader ? [choice.link.from, choice.link.to].map { Point(x: $0.x, y: $0.y) } : nil
            scene.tooltips.append(Tooltip(
                pinId: thread.id, x: choice.rect.minX, y: choice.rect.minY,
                width: choice.rect.width, height: choice.rect.height, side: choice.side,
                cornerRadius: radius, arrow: arrow, leader: leader, texts: box.texts(at: choice.rect.origin),
                resolved: thread.root.resolved, dash: thread.root.resolved ? Strokes(ui: ui).resolvedDash : [],
                ink: TooltipInk(theme: theme)))
        }
        // Drawn in this order: the most important last, on top; dropped ones most important first.
        scene.tooltips.reverse()
        let rank = Dictionary(ordered.enumerated().map { ($1.0.id, $0) }, uniquingKeysWith: min)
        scene.droppedTooltips.sort { rank[$0, default: 0] < rank[$1, default: 0] }
    }

    /// The marks tooltips must not cover: markers and bubbles by their pin's id, indicators.
    private func obstacles(of scene: Scene) -> [(id: String, rect: CGRect)] {
        scene.markers.map { m in
            (m.id, CGRect(x: m.disc.x - m.radius, y: m.disc.y - m.radius, width: 2 * m.radius, height: 2 * m.radius))
        } + scene.clusters.map { c in
            (c.id, CGRect(x: c.x - c.radius, y: c.y - c.radius, width: 2 * c.radius, height: 2 * c.radius))
        } + scene.indicators.map { i in
            ("", CGRect(x: i.x - i.radius, y: i.y - i.radius, width: 2 * i.radius, height: 2 * i.radius))
        }
    }
}
