import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// On an image, a marker stands on the quarter pixel nearest its point and its body and
/// badges are laid down from images drawn once per style and phase (issue 19: 10,000
/// markers filled three discs each). An image made for one marker must be, pixel for pixel,
/// the drawing that the marker where it is laid down would have made.
@Suite struct MarkImagesTests {
    static let theme = Theme()

    /// Open, resolved (check badge), voiced, with replies (disc badge), with many (capsule).
    static func marker(_ kind: Int, number: Int, x: Double, y: Double) -> Marker {
        let (r, corner) = (13.0, 13 * 0.78)
        let resolved = kind == 1
        var marker = Marker(id: "m\(number)", number: number, x: x, y: y, radius: r, resolved: resolved,
                            replies: [0, 0, 0, 7, 123][kind], voice: kind == 2, label: String(number), labelSize: r * 0.82,
                            fill: resolved ? theme.resolvedFill : theme.markerFill,
                            labelColor: resolved ? theme.resolvedText : theme.markerText)
        if resolved { marker.checkBadge = Badge(x: x + corner, y: y + corner, radius: r / 2, text: "✓", fill: theme.checkFill) }
        if kind == 2 { marker.voiceBadge = Badge(x: x - corner, y: y + corner, radius: r / 2, text: "♪", fill: theme.badgeFill) }
        if kind >= 3 {
            let badge = Badge(x: x + corner, y: y - corner, radius: r * 0.55, text: Badge.countLabel(marker.replies), fill: theme.badgeFill)
            marker.replyBadge = kind == 4 ? badge.fitting(textWidth: 19) : badge
        }
        return marker
    }

    /// `marker` leaning `toward` (a unit step: 1, 0 is to the right) as a marker whose point
    /// is on an edge does: its disc and badges 1.6 radii from the point, a pointer back to it.
    static func leaning(_ marker: Marker, toward: (x: Double, y: Double)) -> Marker {
        var leaning = marker
        let (sx, sy) = (-toward.x * 1.6 * marker.radius, -toward.y * 1.6 * marker.radius)
        for path in [\Marker.replyBadge, \Marker.checkBadge, \Marker.voiceBadge] {
            leaning[keyPath: path]?.x += sx
            leaning[keyPath: path]?.y += sy
        }
        leaning.lean = Lean(tip: CGPoint(x: marker.x, y: marker.y), center: CGPoint(x: marker.x + sx, y: marker.y + sy),
                            radius: marker.radius, ring: Strokes(ui: 1).ring)
        return leaning
    }

    static func drawn(_ markers: [Marker]) throws -> PixelBuffer {
        var scene = Scene(page: 1, width: 300, height: 200, uiScale: 1)
        scene.markers = markers
        let canvas = try ImageCanvas(width: 300, height: 200)
        try canvas.draw(scene.onPixels())
        return canvas.pixels()
    }

    /// The pixels of `image` from (`x`, `y`), `side` square.
    static func window(_ image: PixelBuffer, x: Int, y: Int, side: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for row in y..<y + side {
            let start = (row * image.width + x) * 4
            pixels += image.rgba[start..<start + side * 4]
        }
        return pixels
    }

    /// Each kind at each of the 16 phases, drawn alone (its images made where it stands) and
    /// after markers of every kind at the same phase elsewhere (their images laid down again).
    @Test func anImageLaidDownElsewhereIsTheDrawingMadeThere() throws {
        for phase in 0..<16 {
            let (fx, fy) = (Double(phase / 4) / 4, Double(phase % 4) / 4)
            let first = (0..<5).map { Self.marker($0, number: 9, x: 30 + 45 * Double($0) + fx, y: 40 + fy) }
            for kind in 0..<5 {
                let marker = Self.marker(kind, number: 42, x: 180 + fx, y: 140 + fy)
                let alone = try Self.drawn([marker]), after = try Self.drawn(first + [marker])
                let same = Self.window(alone, x: 140, y: 95, side: 90) == Self.window(after, x: 140, y: 95, side: 90)
                #expect(same, "kind \(kind) at phase \(fx), \(fy)")
            }
        }
    }

    /// Leaning markers, the same way (each tip a little off the quarter pixels), as an edge
    /// of pins gives them: those leaning alike share their images.
    @Test func aLeaningImageLaidDownElsewhereIsTheDrawingMadeThere() throws {
        let towards = [(x: 1.0, y: 0.0), (x: 0.0, y: -1.0), (x: -0.6, y: 0.8)]
        for phase in 0..<16 {
            let (fx, fy) = (Double(phase / 4) / 4 + 0.01, Double(phase % 4) / 4 - 0.02)
            for (index, toward) in towards.enumerated() {
                let first = (0..<5).map { Self.leaning(Self.marker($0, number: 9, x: 80 + 45 * Double($0) + fx, y: 40 + fy), toward: toward) }
                let marker = Self.leaning(Self.marker(index + 2, number: 42, x: 180 + fx, y: 140 + fy), toward: toward)
                let alone = try Self.drawn([marker]), after = try Self.drawn(first + [marker])
                let same = Self.window(alone, x: 120, y: 85, side: 110) == Self.window(after, x: 120, y: 85, side: 110)
                #expect(same, "toward \(toward) at phase \(fx), \(fy)")
            }
        }
    }

    /// A marker is drawn on the quarter pixel nearest its point: the same pixels a little
    /// off it, others a quarter pixel further. A leaning one, on the quarter pixel nearest its
    /// disc's center, its pointer moved with it.
    @Test func markersStandOnTheQuarterPixelNearestTheirPoint() throws {
        for kind in 0..<5 {
            let onGrid = try Self.drawn([Self.marker(kind, number: 7, x: 100.25, y: 80.5)])
            #expect(try Self.drawn([Self.marker(kind, number: 7, x: 100.3, y: 80.6)]) == onGrid, "kind \(kind)")
            #expect(try Self.drawn([Self.marker(kind, number: 7, x: 100.2, y: 80.45)]) == onGrid, "kind \(kind)")
            #expect(try Self.drawn([Self.marker(kind, number: 7, x: 100.5, y: 80.5)]) != onGrid, "kind \(kind)")
            // Leaning up from its point, the disc's center is 1.6 radii (20.8 px) below it.
            let toward = (x: 0.0, y: -1.0)
            let leaning = try Self.drawn([Self.leaning(Self.marker(kind, number: 7, x: 100.25, y: 80.45), toward: toward)])
            #expect(try Self.drawn([Self.leaning(Self.marker(kind, number: 7, x: 100.3, y: 80.5), toward: toward)]) == leaning,
                    "kind \(kind) leaning")
            #expect(try Self.drawn([Self.leaning(Self.marker(kind, number: 7, x: 100.2, y: 80.4), toward: toward)]) == leaning,
                    "kind \(kind) leaning")
            #expect(try Self.drawn([Self.leaning(Self.marker(kind, number: 7, x: 100.5, y: 80.45), toward: toward)]) != leaning,
                    "kind \(kind) leaning")
        }
    }
}
