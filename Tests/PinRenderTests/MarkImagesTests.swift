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

    static func drawn(_ markers: [Marker]) throws -> PixelBuffer {
        var scene = Scene(page: 1, width: 300, height: 200, uiScale: 1)
        scene.markers = markers
        let canvas = try ImageCanvas(width: 300, height: 200)
        try canvas.draw(scene, theme: theme)
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

    /// A marker is drawn on the quarter pixel nearest its point: the same pixels a little
    /// off it, others a quarter pixel further.
    @Test func markersStandOnTheQuarterPixelNearestTheirPoint() throws {
        for kind in 0..<5 {
            let onGrid = try Self.drawn([Self.marker(kind, number: 7, x: 100.25, y: 80.5)])
            #expect(try Self.drawn([Self.marker(kind, number: 7, x: 100.3, y: 80.6)]) == onGrid, "kind \(kind)")
            #expect(try Self.drawn([Self.marker(kind, number: 7, x: 100.2, y: 80.45)]) == onGrid, "kind \(kind)")
            #expect(try Self.drawn([Self.marker(kind, number: 7, x: 100.5, y: 80.5)]) != onGrid, "kind \(kind)")
        }
    }
}
