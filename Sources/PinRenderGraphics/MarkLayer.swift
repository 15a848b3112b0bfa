import Foundation
internal import CPangoCairo

/// The marks of one drawing of a scene on an image, in the order they are drawn: images laid
/// down (markers' bodies, badges) and texts set between them (markers' numbers), each over
/// the ones before.
///
/// Where the target's pixels can be reached (an image surface, user units its pixels shifted
/// by whole pixels, clipped to one rectangle, marks laid over), what later images cover
/// opaquely is left out.
/// Going from the last mark to the first, a ``PixelCover`` holds the pixels that the images
/// above are opaque on; an image is laid down only in boxes of rows around the pixels it inks
/// that are not covered, and a text whose ink is all covered is not set. The pixels come out
/// the same as laying every mark down: over a pixel an image is opaque on, what was under
/// it does not count, and anything laid down in a box beyond what it inks uncovered is either
/// transparent or covered later. 10,000 markers on an A1 page at 150 dpi overlap about six
/// deep: most of each one is under those drawn after it.
struct MarkLayer {
    private enum Mark {
        case image(MarkImages.Placed)
        /// A text, by the caller's number, and a box holding its ink in user units (nil:
        /// not known, always set).
        case text(Int, PixelBox?)
    }

    private var marks: [Mark] = []

    /// The most rows of an image laid down in one box (as wide as its widest row there).
    static let boxRows = 16
    /// The largest area, in pixels, whose cover is kept (16 MB); marks over a larger one
    /// are laid down whole.
    static let largestCover = 1 << 27

    mutating func add(_ placed: MarkImages.Placed) {
        marks.append(.image(placed))
    }

    /// A text that `layDown(on:counting:text:)` sets by calling its `text` with `id`.
    mutating func addText(_ id: Int, ink: PixelBox?) {
        marks.append(.text(id, ink))
    }

    /// Lays the marks down over `cr` in order, `text` setting each text not covered; adds
    /// the pixels laid down to `images`' count.
    func layDown(on cr: OpaquePointer, counting images: MarkImages, text: (Int) -> Void) {
        guard images.leavesOutCovered, let target = Target(cr), let parts = visibleParts(on: target) else {
            for mark in marks {
                switch mark {
                case .image(let placed):
                    MarkImages.paint(placed, on: cr)
                    images.laidDown += placed.image.width * placed.image.height
                case .text(let id, _): text(id)
                }
            }
            return
        }
        // pixman and Cairo take turns on the surface's pixels: Cairo is told each time.
        cairo_surface_flush(target.surface)
        defer { cairo_surface_mark_dirty(target.surface) }
        for (index, mark) in marks.enumerated() {
            switch mark {
            case .image(let placed):
                let (x, y) = (placed.left + target.dx, placed.top + target.dy)
                for box in parts.boxes[parts.ranges[index]] {
                    target.pixels.over(placed.image.pixels, box: box, x: x + box.x, y: y + box.y)
                    images.laidDown += box.width * box.height
                }
            case .text(let id, _):
                guard parts.texts[index] else { continue }
                cairo_surface_mark_dirty(target.surface)
                text(id)
                cairo_surface_flush(target.surface)
            }
        }
    }

    /// Per mark: an image's boxes to lay down (a range of `boxes`, in the image's own
    /// pixels); whether a text is set. Nil where the area the marks reach is too large.
    private func visibleParts(on target: Target) -> (boxes: [PixelBox], ranges: [Range<Int>], texts: [Bool])? {
        let reach = marks.reduce(PixelBox(x: 0, y: 0, width: 0, height: 0)) { reach, mark in
            switch mark {
            case .image(let placed): reach.union(target.onSurface(placed.box))
            case .text(_, let ink): ink.map { reach.union(target.onSurface($0)) } ?? reach
            }
        }
        let area = reach.intersection(target.clip)
        guard area.width * area.height <= Self.largestCover else { return nil }
        let cover = PixelCover(width: area.width, height: area.height)
        var boxes: [PixelBox] = []
        var ranges = [Range<Int>](repeating: 0..<0, count: marks.count)
        var texts = [Bool](repeating: false, count: marks.count)
        for index in marks.indices.reversed() {
            switch marks[index] {
            case .image(let placed):
                let first = boxes.count
                Self.lay(placed, at: target.onSurface(placed.box), in: area, over: cover, boxes: &boxes)
                ranges[index] = first..<boxes.count
            case .text(_, let ink):
                texts[index] = ink.map { Self.anyUncovered(target.onSurface($0).intersection(area), in: area, cover) } ?? true
            }
        }
        return (boxes, ranges, texts)
    }

    /// Appends the boxes of `placed` (on the target at `box`) to lay down over what `cover`
    /// holds, then covers what it is opaque on.
    private static func lay(_ placed: MarkImages.Placed, at box: PixelBox, in area: PixelBox, over cover: PixelCover,
                            boxes: inout [PixelBox]) {
        let image = placed.image
        let (left, top) = (box.x - area.x, box.y - area.y)
        let rows = max(0, -top) ..< max(max(0, -top), min(image.height, area.height - top))
        guard !rows.isEmpty else { return }
        // The box being grown: rows `bandTop` up to `row`, columns `bandLeft` up to `bandRight`.
        var (bandTop, bandBottom, bandLeft, bandRight) = (0, -1, 0, 0)
        image.drawing.ink.withUnsafeBufferPointer { ink in
            for row in rows {
                let (from, to) = (max(ink[row].lowerBound + left, 0), min(ink[row].upperBound + left, area.width))
                guard from < to, let seen = cover.uncovered(row: top + row, from: from, to: to) else { continue }
                let (seenLeft, seenRight) = (seen.first - left, seen.last - left + 1)
                if bandBottom == row && row - bandTop < boxRows {
                    (bandLeft, bandRight, bandBottom) = (min(bandLeft, seenLeft), max(bandRight, seenRight), row + 1)
                } else {
                    if bandBottom > bandTop {
                        boxes.append(PixelBox(x: bandLeft, y: bandTop, width: bandRight - bandLeft, height: bandBottom - bandTop))
                    }
                    (bandTop, bandBottom, bandLeft, bandRight) = (row, row + 1, seenLeft, seenRight)
                }
            }
        }
        if bandBottom > bandTop {
            boxes.append(PixelBox(x: bandLeft, y: bandTop, width: bandRight - bandLeft, height: bandBottom - bandTop))
        }
        image.drawing.opaque.withUnsafeBufferPointer { opaque in
            for row in rows {
                cover.cover(row: top + row, from: max(opaque[row].lowerBound + left, 0), to: min(opaque[row].upperBound + left, area.width))
            }
        }
    }

    /// Whether any pixel of `box` (within `area`, in the target's pixels) is not covered.
    private static func anyUncovered(_ box: PixelBox, in area: PixelBox, _ cover: PixelCover) -> Bool {
        guard !box.isEmpty else { return false }
        return (box.y..<box.maxY).contains { row in
            cover.uncovered(row: row - area.y, from: box.x - area.x, to: box.maxX - area.x) != nil
        }
    }

    /// The image surface drawn on, when its pixels can be reached: user units are its pixels
    /// shifted by whole pixels, and the clip is one rectangle of whole pixels.
    private struct Target {
        let surface: OpaquePointer
        let pixels: PixmanImage
        /// From user units to the surface's pixels.
        let dx: Int
        let dy: Int
        /// The clip, in the surface's pixels.
        let clip: PixelBox

        init?(_ cr: OpaquePointer) {
            guard cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, let surface = cairo_get_group_target(cr),
                  let pixels = PixmanImage(surface: surface) else { return nil }
            var (scaleX, scaleY) = (0.0, 0.0)
            cairo_surface_get_device_scale(surface, &scaleX, &scaleY)
            guard scaleX == 1, scaleY == 1 else { return nil }
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            var (offsetX, offsetY) = (0.0, 0.0)
            cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
            let (dx, dy) = (m.x0 + offsetX, m.y0 + offsetY)
            guard m.xx == 1, m.yy == 1, m.xy == 0, m.yx == 0, Self.whole(dx), Self.whole(dy),
                  let list = cairo_copy_clip_rectangle_list(cr) else { return nil }
            defer { cairo_rectangle_list_destroy(list) }
            guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1,
                  let rect = list.pointee.rectangles?.pointee,
                  [rect.x, rect.y, rect.width, rect.height].allSatisfy(Self.whole) else { return nil }
            (self.surface, self.pixels, self.dx, self.dy) = (surface, pixels, Int(dx), Int(dy))
            clip = PixelBox(x: Int(rect.x) + self.dx, y: Int(rect.y) + self.dy, width: Int(rect.width), height: Int(rect.height))
                .intersection(PixelBox(x: 0, y: 0, width: pixels.width, height: pixels.height))
        }

        /// `box` in user units, in the surface's pixels.
        func onSurface(_ box: PixelBox) -> PixelBox {
            PixelBox(x: box.x + dx, y: box.y + dy, width: box.width, height: box.height)
        }

        private static func whole(_ value: Double) -> Bool {
            value == value.rounded() && abs(value) < 0x4000_0000
        }
    }
}
