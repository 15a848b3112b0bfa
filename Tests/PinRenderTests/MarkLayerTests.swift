import Foundation
import Testing
import PinRenderCore
@testable import PinRenderGraphics

/// Markers drawn on an image leave out what later marks cover (``MarkLayer``): the pixels
/// must be those of laying every mark down whole, and the work must shrink with it.
@Suite struct MarkLayerTests {
    /// `count` markers of every kind (badges, leaning ones) spread over `width` x `height`
    /// (a low-discrepancy sequence from `seed`), overlapping several deep, their numbers up to
    /// four digits, at every quarter-pixel phase and off them.
    static func crowd(_ count: Int, seed: Int, width: Double = 300, height: Double = 200) -> [Marker] {
        (0..<count).map { index in
            let step = Double(index + 17 * seed)
            let x = 5 + (width - 10) * (step * 0.754877666).truncatingRemainder(dividingBy: 1)
            let y = 5 + (height - 10) * (step * 0.569840291).truncatingRemainder(dividingBy: 1)
            let marker = MarkImagesTests.marker(index % 5, number: [7, 42, 318, 4096][index % 4] + index, x: x, y: y)
            return index % 7 == 3 ? MarkImagesTests.leaning(marker, toward: (x: 0.6, y: -0.8)) : marker
        }
    }

    /// A scene of `markers`, on pixels (each marker on its quarter pixel).
    static func scene(_ markers: [Marker]) -> Scene {
        var scene = Scene(page: 1, width: 300, height: 200, uiScale: 1)
        scene.markers = markers
        return scene.onPixels()
    }

    /// Every mark laid down whole with Cairo, in order: what the pixels must be.
    static func laidDownWhole(_ scene: Scene, width: Int, height: Int) throws -> PixelBuffer {
        let canvas = try ImageCanvas(width: width, height: height)
        canvas.markImages?.leavesOutCovered = false
        try canvas.draw(scene)
        return canvas.pixels()
    }

    /// The markers drawn with what is covered left out, against every mark laid down whole.
    @Test(arguments: [1, 2, 3])
    func leavingOutWhatIsCoveredChangesNoPixel(seed: Int) throws {
        let scene = Self.scene(Self.crowd(400, seed: seed))
        let canvas = try ImageCanvas(width: 300, height: 200)
        try canvas.draw(scene)
        let (a, b) = (canvas.pixels(), try Self.laidDownWhole(scene, width: 300, height: 200))
        let differing = stride(from: 0, to: a.rgba.count, by: 4).filter { a.rgba[$0..<$0 + 4] != b.rgba[$0..<$0 + 4] }.count
        #expect(differing == 0, "\(differing) pixels differ")
    }

    /// The same in stripes of a PNG (each stripe's own drawing of the scene, with the stripe's
    /// rows as the surface's), decoded back.
    @Test func stripesOfAPNGAreTheMarksLaidDownWhole() throws {
        let scene = { var scene = Self.scene(Self.crowd(2000, seed: 9, height: 1200)); scene.height = 1200; return scene }()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mark-layer-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try StripedPNG.write(width: 300, height: 1200, workers: 2, to: path, name: "marks.png", worker: { _ in () }) { canvas, _ in
            try canvas.draw(scene)
        }
        #expect(try PixelBuffer(pngAt: path) == Self.laidDownWhole(scene, width: 300, height: 1200))
    }

    /// 400 markers over 60,000 pixels are about 30 deep: with what is covered left out, a
    /// small part of their pixels is laid down.
    @Test func markersUnderOthersAreMostlyLeftOut() throws {
        let scene = Self.scene(Self.crowd(400, seed: 4))
        let (together, whole) = (try ImageCanvas(width: 300, height: 200), try ImageCanvas(width: 300, height: 200))
        whole.markImages?.leavesOutCovered = false
        try together.draw(scene)
        try whole.draw(scene)
        let (laid, all) = (together.markImages!.laidDown, whole.markImages!.laidDown)
        #expect(all > 400 * 500)
        #expect(laid * 3 < all, "\(laid) of \(all) pixels laid down")
    }

    /// A mark placed out of every reach (a badge 10^20 px off, as the library's callers may
    /// lay one out) is left out: no whole-pixel offset holds it.
    @Test func aMarkFarOutIsLeftOut() throws {
        var marker = MarkImagesTests.marker(3, number: 5, x: 100, y: 80)
        marker.replyBadge?.x = 1e20
        let far = try ImageCanvas(width: 300, height: 200)
        try far.draw(Self.scene([marker]))
        marker.replyBadge = nil
        let without = try ImageCanvas(width: 300, height: 200)
        try without.draw(Self.scene([marker]))
        #expect(far.pixels() == without.pixels())
    }
}
