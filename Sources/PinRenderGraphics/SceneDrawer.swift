import Foundation
import PinRenderCore
internal import CPangoCairo

/// Draws a ``Scene`` with Cairo and Pango, exactly as laid out: no decisions here.
struct SceneDrawer {
    var cr: OpaquePointer
    let text: TextSetter
    /// Each of the scene's text blocks is a marked-content span of its own in a PDF (Cairo's
    /// `Span` tag), in the order of ``Scene/texts``, so that its text as written can be given
    /// to it afterwards (``PDFAssembler/setActualText(page:texts:)``).
    var tagsText = false
    /// Where markers and their badges are drawn once and laid down as images (raster
    /// targets), at their ``Marker/snap``; nil to draw each one's paths (a PDF keeps them
    /// vectors).
    var markImages: MarkImages?

    func draw(_ scene: Scene) throws {
        // Only what reaches the area being drawn (a stripe of a tall image, say).
        var (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let area = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let strokes = scene.strokes
        // Marks are laid down as images only where user units are device pixels, shifted by
        // whole pixels, and the plan has put them on pixels.
        let images = markImages.flatMap { wholePixels && scene.markers.allSatisfy { $0.snap != nil } ? $0 : nil }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let margin = scene.margin { fill(margin.rect, color: margin.color) }
        // Leader lines under the marks, so that one passing a marker never hides it.
        for tooltip in scene.tooltips where tooltip.leader != nil && area.intersects(tooltip.bounds(strokes).cgRect) {
            drawLeader(of: tooltip, strokes)
        }
        let buried = scene.buried ?? Burial()
        let markers = scene.markers.indices.filter { area.intersects(scene.markers[$0].bounds(strokes).cgRect) && !buried.markers.contains($0) }
        if let images {
            try draw(markers.map { scene.markers[$0] }, strokes, from: images)
        } else {
            for index in markers { draw(scene.markers[index], strokes) }
        }
        for cluster in scene.clusters where area.intersects(cluster.bounds(strokes).cgRect) { draw(cluster, strokes) }
        for indicator in scene.indicators where area.intersects(indicator.bounds(strokes).cgRect) {
            draw(indicator, strokes)
        }
        // A text block's height is Pango's to say; one that starts a line below the area is out.
        for block in scene.texts where block.y - block.style.size <= area.maxY {
            if tagsText { cairo_tag_begin(cr, "Span", "") }
            draw(block)
            if tagsText { cairo_tag_end(cr, "Span") }
        }
        for (index, tooltip) in scene.tooltips.enumerated() where area.intersects(tooltip.bounds(strokes).cgRect) && !buried.tooltips.contains(index) {
            draw(tooltip, strokes, showing: buried.shown[index])
        }
        if let panel = scene.panel { try draw(panel) }
    }

    /// The panel over whatever reaches past the page: its background, divider, then its
    /// contents from its corner.
    private func draw(_ panel: ThreadPanel) throws {
        fill(panel.rect, color: panel.background)
        fill(panel.divider.rect, color: panel.divider.color)
        cairo_save(cr)
        cairo_translate(cr, panel.rect.x, panel.rect.y)
        try draw(panel.content)
        cairo_restore(cr)
    }

    private func fill(_ rect: Rect, color: Color) {
        setColor(color)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
    }

    private func draw(_ marker: Marker, _ strokes: Strokes) {
        let (x, y) = (marker.disc.x, marker.disc.y)
        body(of: marker, x: x, y: y, strokes)
        centered(marker.label, x: x, y: y, size: marker.labelSize, color: marker.labelColor, font: marker.ink.fontFamily)
        for badge in marker.badges { draw(badge, marker.ink, strokes) }
    }

    /// Markers as ``draw(_:_:)`` draws them, each at its ``Marker/snap`` (disc, pointers and
    /// badges): bodies and badges laid down from `images`, each number set between its
    /// marker's body and badges, all in one ``MarkLayer``.
    private func draw(_ markers: [Marker], _ strokes: Strokes, from images: MarkImages) throws {
        var layer = MarkLayer()
        for (index, marker) in markers.enumerated() {
            guard let snap = marker.snap else { continue }
            if let body = try body(of: marker, at: snap, strokes, from: images) { layer.add(body) }
            layer.addText(index, ink: text.centeredInk(marker.label, style: labelStyle(marker), x: snap.x, y: snap.y, on: cr))
            for (badge, center) in zip(marker.badges, snap.badges) {
                let key = MarkImages.Key(kind: "badge in \(marker.ink.fontFamily)", text: badge.text, values: [badge.radius, badge.width, badge.fontSize, strokes.badgeRim]
                                         + [marker.ink.stroke, badge.fill, marker.ink.badgeText].flatMap(\.components), phase: 0)
                let placed = try images.placed(key: key, x: center.x, y: center.y,
                                               reach: max(badge.width / 2, badge.radius) + strokes.badgeRim) { context, x, y in
                    var placed = badge
                    (placed.x, placed.y) = (x, y)
                    with(context: context).draw(placed, marker.ink, strokes)
                }
                if let placed { layer.add(placed) }
            }
        }
        layer.layDown(on: cr, counting: images) { index in
            let marker = markers[index]
            guard let snap = marker.snap else { return }
            text.showCentered(marker.label, style: labelStyle(marker), x: snap.x, y: snap.y, on: cr)
        }
    }

    /// The image of `marker`'s body (``body(of:x:y:_:)``) with its disc's center and pointers at `snap`.
    private func body(of marker: Marker, at snap: MarkerSnap, _ strokes: Strokes, from images: MarkImages) throws -> MarkImages.Placed? {
        let (x, y) = (snap.x, snap.y)
        let pointers = snap.pointer.map { [$0, snap.innerPointer ?? []] }
        let tip = pointers?.joined().reduce(0.0) { max($0, hypot($1.x, $1.y)) } ?? 0
        let key = MarkImages.Key(kind: "marker", text: "", values: [marker.radius, strokes.shadowOffset, strokes.shadowSpread, strokes.ring]
                                 + [marker.ink.shadow, marker.ink.stroke, marker.fill].flatMap(\.components)
                                 + (pointers?.joined().flatMap { [$0.x, $0.y] } ?? []), phase: 0)
        return try images.placed(key: key, x: x, y: y, reach: max(marker.radius + strokes.shadowSpread, tip) + strokes.shadowOffset) {
            context, x, y in
            var placed = marker
            if let pointers {
                placed.lean?.pointer = pointers[0].map { Point(x: x + $0.x, y: y + $0.y) }
                placed.lean?.innerPointer = pointers[1].map { Point(x: x + $0.x, y: y + $0.y) }
            }
            with(context: context).body(of: placed, x: x, y: y, strokes)
        }
    }

    private func labelStyle(_ marker: Marker) -> TextStyle {
        TextStyle(fontFamily: marker.ink.fontFamily, size: marker.labelSize, bold: true, color: marker.labelColor)
    }

    /// This drawer on another context (a mark's image).
    private func with(context: OpaquePointer) -> SceneDrawer {
        var drawer = self
        drawer.cr = context
        return drawer
    }

    /// Whether user units are device pixels shifted by whole pixels.
    private var wholePixels: Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return m.xx == 1 && m.yy == 1 && m.xy == 0 && m.yx == 0 && m.x0 == m.x0.rounded() && m.y0 == m.y0.rounded()
    }

    /// Shadow, ring, fill: discs, or teardrops with their pointer where the marker leans.
    private func body(of marker: Marker, x: Double, y: Double, _ strokes: Strokes) {
        setColor(marker.ink.shadow)
        if let lean = marker.lean {
            cairo_save(cr)
            cairo_translate(cr, 0, strokes.shadowOffset)
            teardrop(x, y, marker.radius, pointer: lean.pointer)
            cairo_restore(cr)
        } else {
            circle(x, y + strokes.shadowOffset, marker.radius + strokes.shadowSpread)
        }
        cairo_fill(cr)
        setColor(marker.ink.stroke)
        teardrop(x, y, marker.radius, pointer: marker.lean?.pointer)
        cairo_fill(cr)
        setColor(marker.fill)
        teardrop(x, y, marker.radius - strokes.ring, pointer: marker.lean?.innerPointer)
        cairo_fill(cr)
    }

    /// A badge of a mark drawn in `ink`.
    private func draw(_ badge: Badge, _ ink: MarkInk, _ strokes: Strokes) {
        setColor(ink.stroke)
        capsule(badge, outset: strokes.badgeRim)
        cairo_fill(cr)
        setColor(badge.fill)
        capsule(badge, outset: 0)
        cairo_fill(cr)
        centered(badge.text, x: badge.x, y: badge.y, size: badge.fontSize, color: ink.badgeText, font: ink.fontFamily)
    }

    private func draw(_ cluster: Cluster, _ strokes: Strokes) {
        setColor(cluster.ink.shadow)
        circle(cluster.x, cluster.y + strokes.shadowOffset, cluster.radius + strokes.shadowSpread)
        cairo_fill(cr)
        setColor(cluster.ink.stroke)
        circle(cluster.x, cluster.y, cluster.radius)
        cairo_fill(cr)
        setColor(cluster.fill)
        circle(cluster.x, cluster.y, cluster.radius - strokes.ring)
        cairo_fill(cr)
        // A second ring says "several" even without the number.
        setColor(cluster.ink.stroke)
        cairo_set_line_width(cr, strokes.line)
        circle(cluster.x, cluster.y, cluster.radius - strokes.clusterRingInset)
        cairo_stroke(cr)
        centered(cluster.label, x: cluster.x, y: cluster.y, size: cluster.labelSize, color: cluster.ink.badgeText,
                 font: cluster.ink.fontFamily)
        if let badge = cluster.unresolvedBadge { draw(badge, cluster.ink, strokes) }
    }

    private func draw(_ indicator: EdgeIndicator, _ strokes: Strokes) {
        // The rim, then the arrowhead and the count's box in one fill, then the count.
        let box = indicator.body.cgRect, rim = strokes.badgeRim
        setColor(indicator.ink.stroke)
        polygon(indicator.outline)
        cairo_fill(cr)
        addRoundedRect(cr, box.insetBy(dx: -rim, dy: -rim), radius: indicator.cornerRadius + rim)
        cairo_fill(cr)
        setColor(indicator.fill)
        polygon(indicator.arrow)
        cairo_fill(cr)
        addRoundedRect(cr, box, radius: indicator.cornerRadius)
        cairo_fill(cr)
        let count = indicator.badge
        centered(count.text, x: count.x, y: count.y, size: count.fontSize, color: indicator.ink.badgeText,
                 font: indicator.ink.fontFamily)
    }

    /// A tooltip; with `parts` (where it is not buried), its background only there and only
    /// its texts that reach them. Its border and texts are not clipped: Cairo strokes and sets
    /// glyphs under a clip of many rectangles with other roundings, and what of them falls
    /// outside the parts lies under three boxes all the same.
    private func draw(_ tooltip: Tooltip, _ strokes: Strokes, showing parts: [CGRect]?) {
        box(of: tooltip, strokes, showing: parts)
        // A text's lines lie between its top and the box's bottom, their ink passing its sides by less than a size.
        for block in tooltip.texts {
            let reach = CGRect(x: block.x - block.style.size, y: block.y - block.style.size, width: block.width + 2 * block.style.size,
                               height: tooltip.y + tooltip.height - block.y + block.style.size)
            if parts?.contains(where: { $0.intersects(reach) }) ?? true { draw(block) }
        }
    }

    /// A tooltip's box: its background and arrow (filled only inside `parts`, if given), border.
    private func box(of tooltip: Tooltip, _ strokes: Strokes, showing parts: [CGRect]?) {
        inside(parts) {
            addRoundedRect(cr, CGRect(x: tooltip.x, y: tooltip.y, width: tooltip.width, height: tooltip.height),
                           radius: tooltip.cornerRadius)
            if let arrow = tooltip.arrow {
                cairo_move_to(cr, arrow[0].x, arrow[0].y)
                cairo_line_to(cr, arrow[2].x, arrow[2].y)
                cairo_line_to(cr, arrow[1].x, arrow[1].y)
                cairo_close_path(cr)
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            setColor(tooltip.ink.background)
            cairo_fill_preserve(cr)
        }
        setColor(tooltip.ink.border)
        cairo_set_line_width(cr, strokes.line)
        if !tooltip.dash.isEmpty {
            var dashes = tooltip.dash
            cairo_set_dash(cr, &dashes, Int32(dashes.count), 0)
        }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        // Repaint the box over the arrow's base line.
        if tooltip.arrow != nil {
            inside(parts) {
                addRoundedRect(cr, CGRect(x: tooltip.x, y: tooltip.y, width: tooltip.width, height: tooltip.height)
                    .insetBy(dx: strokes.line, dy: strokes.line), radius: max(0, tooltip.cornerRadius - strokes.line))
                setColor(tooltip.ink.background)
                cairo_fill(cr)
            }
        }
    }

    /// Runs `body` clipped to `parts` (all of it for nil); the path it leaves stays.
    private func inside(_ parts: [CGRect]?, _ body: () -> Void) {
        guard let parts else { return body() }
        cairo_save(cr)
        for part in parts { cairo_rectangle(cr, part.minX, part.minY, part.width, part.height) }
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    private func drawLeader(of tooltip: Tooltip, _ strokes: Strokes) {
        guard let points = tooltip.leader, let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        setColor(tooltip.ink.leader)
        cairo_set_line_width(cr, strokes.leader)
        cairo_stroke(cr)
    }

    /// Text wrapped at the block's width (half a unit of slack: it was measured to fit).
    private func draw(_ block: TextBlock) {
        let layout = text.layout(block.text, style: block.style, width: block.width + 0.5)
        setColor(block.style.color)
        cairo_move_to(cr, block.x, block.y)
        pango_cairo_show_layout(cr, layout.handle)
    }

    /// A mark's label, bold, centered on (`x`, `y`).
    private func centered(_ label: String, x: Double, y: Double, size: Double, color: Color, font: String) {
        text.showCentered(label, style: TextStyle(fontFamily: font, size: size, bold: true, color: color), x: x, y: y, on: cr)
    }

    private func polygon(_ points: [Point]) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
        cairo_close_path(cr)
    }

    /// A badge's disc, or its capsule when it is wider than the disc, grown by `outset`.
    private func capsule(_ badge: Badge, outset: Double) {
        let r = badge.radius + outset
        guard badge.width > 2 * badge.radius else { return circle(badge.x, badge.y, r) }
        addRoundedRect(cr, CGRect(x: badge.x - badge.width / 2 - outset, y: badge.y - r,
                                  width: badge.width + 2 * outset, height: 2 * r), radius: r)
    }

    /// A disc, or with `pointer` (tip, then the points where its sides touch the disc) a
    /// teardrop: the tip, one side, the far arc, the other side.
    private func teardrop(_ x: Double, _ y: Double, _ r: Double, pointer: [Point]?) {
        guard let pointer, pointer.count == 3 else { return circle(x, y, r) }
        cairo_new_sub_path(cr)
        cairo_move_to(cr, pointer[0].x, pointer[0].y)
        cairo_line_to(cr, pointer[1].x, pointer[1].y)
        cairo_arc(cr, x, y, max(0, r), atan2(pointer[1].y - y, pointer[1].x - x), atan2(pointer[2].y - y, pointer[2].x - x))
        cairo_close_path(cr)
    }

    private func circle(_ x: Double, _ y: Double, _ r: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, max(0, r), 0, 2 * .pi)
    }

    private func setColor(_ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }
}

private extension Color {
    /// Red, green, blue, alpha: what tells two colors apart in a mark's image key.
    var components: [Double] { [red, green, blue, alpha] }
}
