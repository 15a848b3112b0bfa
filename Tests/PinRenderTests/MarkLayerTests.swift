import Foundation
import Testing
import PinRenderCore
@testable import PinRenderGraphics

/// Markers drawn together leave out what later markers cover (``MarkLayer``): the pixels
/// must be those of drawing them one after the other, and the work must shrink with it.
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

    static func scene(_ markers: [Marker]) -> Scene {
        var scene = Scene(page: 1, width: 300, height: 200, uiScale: 1)
        scene.markers = markers
        return scene
    }

    /// The markers drawn in one scene, against each drawn in a scene of its own (no marker
    /// above it to leave anything out for) on the same canvas, in the same order.
    @Test(arguments: [1, 2, 3])
    func markersDrawnTogetherAreTheMarkersDrawnOneByOne(seed: Int) throws {
        let markers = Self.crowd(400, seed: seed)
        let together = try ImageCanvas(width: 300, height: 200)
        try together.draw(Self.scene(markers), theme: MarkImagesTests.theme)
        let oneByOne = try ImageCanvas(width: 300, height: 200)
        for marker in markers { try oneByOne.draw(Self.scene([marker]), theme: MarkImagesTests.theme) }
        let (a, b) = (together.pixels(), oneByOne.pixels())
        let differing = stride(from: 0, to: a.rgba.count, by: 4).filter { a.rgba[$0..<$0 + 4] != b.rgba[$0..<$0 + 4] }.count
        #expect(differing == 0, "\(differing) pixels differ")
    }

    /// The same in stripes of a PNG (the pixels of each stripe's own drawing of the scene,
    /// moved by the stripe's rows), decoded back.
    @Test func stripesOfAPNGAreTheMarkersDrawnOneByOne() throws {
        let markers = Self.crowd(2000, seed: 9, height: 1200)
        let scene = { var scene = Self.scene(markers); scene.height = 1200; return scene }()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mark-layer-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try StripedPNG.write(width: 300, height: 1200, workers: 2, to: path, name: "marks.png", worker: { _ in () }) { canvas, _ in
            try canvas.draw(scene, theme: MarkImagesTests.theme)
        }
        let oneByOne = try ImageCanvas(width: 300, height: 1200)
        for marker in markers { try oneByOne.draw(Self.scene([marker]), theme: MarkImagesTests.theme) }
        #expect(try PixelBuffer(pngAt: path).rgba == oneByOne.pixels().rgba)
    }

    /// 400 markers over 60,000 pixels are about 30 deep: laid down together, a small part of
    /// their pixels is laid down; one by one, all of them.
    @Test func markersUnderOthersAreMostlyLeftOut() throws {
        let markers = Self.crowd(400, seed: 4)
        let together = try ImageCanvas(width: 300, height: 200)
        try together.draw(Self.scene(markers), theme: MarkImagesTests.theme)
        let oneByOne = try ImageCanvas(width: 300, height: 200)
        for marker in markers { try oneByOne.draw(Self.scene([marker]), theme: MarkImagesTests.theme) }
        let (laid, all) = (together.markImages!.laidDown, oneByOne.markImages!.laidDown)
        #expect(all > 400 * 500)
        #expect(laid * 3 < all, "\(laid) of \(all) pixels laid down")
    }
}
