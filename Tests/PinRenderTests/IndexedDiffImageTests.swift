import Foundation
import Testing
import PinRender
import PinRenderCore
import PinRenderGraphics

/// A diff image is a faded grey copy with a few marking colours: it is written indexed (a
/// byte a pixel to deflate, not three), and decodes to the pixels of comparing the whole
/// images; when its colours do not fit a palette it is RGB, the same pixels.
@Suite struct IndexedDiffImageTests {
    /// The colour type in a PNG's header (2 RGB, 3 indexed, 6 RGBA).
    static func colorType(_ path: String) throws -> UInt8 {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))[25]
    }

    /// (alpha, diffColor, diffColorAlt, colour type expected): the default; a grey among the
    /// faded ones and white as marking colours (left out of the palette's colours); alpha 1,
    /// whose 256 greys and two colours are more than a palette holds.
    static let cases: [(Double, ImageDiff.RGB, ImageDiff.RGB?, UInt8)] = [
        (0.1, .init(255, 0, 0), nil, 3),
        (0.5, .init(255, 255, 255), .init(200, 200, 200), 3),
        (0.3, .init(255, 0, 0), .init(0, 0, 255), 3),
        (1.0, .init(255, 0, 0), nil, 2),
    ]

    /// One stripe (300 rows) and several (1300 rows, cut through the differences), on one
    /// worker and three: the same bytes, the pixels of the whole images' diff.
    @Test(arguments: [(300, [100, 200]), (1300, [325, 650, 975])])
    func theDiffImageIsIndexedWithTheSamePixels(height: Int, across: [Int]) throws {
        let dir = try Support.scratch()
        let (a, b, pathA, pathB) = try DiffStripeTests.files(width: 300, height: height, across: across, in: dir)
        for (alpha, color, alternative, type) in Self.cases {
            var options = ImageDiff.Options()
            options.alpha = alpha
            options.diffColor = color
            options.diffColorAlt = alternative
            let whole = ImageDiff(options: options).compare(a.rgba, b.rgba, width: 300, height: height, diffImage: true)
            var files: [Data] = []
            for workers in [1, 3] {
                var job = DiffJob(expected: pathA, actual: pathB)
                job.options = options
                job.workers = workers
                job.output = dir.appendingPathComponent("\(workers)-diff.png").path
                _ = try job.run()
                #expect(try Self.colorType(job.output!) == type, "alpha \(alpha) \(color)")
                #expect(try PixelBuffer(pngAt: job.output!) == PixelBuffer(width: 300, height: height, rgba: whole.image!),
                        "alpha \(alpha) \(color) workers \(workers)")
                files.append(try Data(contentsOf: URL(fileURLWithPath: job.output!)))
            }
            #expect(Set(files).count == 1, "the diff image's bytes depend on the workers")
        }
    }

    /// Indexed stripes of one pixel a row, every row a different grey or colour (the first
    /// row of each stripe too), decode to the palette's colours.
    @Test func aColumnOfOnePixelDecodesAsComputed() throws {
        let dir = try Support.scratch()
        let palette = try #require(PNGPalette(darkestGray: 100, colors: [.init(255, 255, 0), .init(255, 0, 0)]))
        #expect(palette.greys == 156 && palette.index(of: .init(255, 0, 0)) == 157 && palette.index(of: .init(120, 120, 120)) == 135)
        let height = 1300
        @Sendable func index(_ y: Int) -> UInt8 { UInt8(y % 158) }
        let path = dir.appendingPathComponent("column.png").path
        try ComputedPNG.write(width: 1, height: height, format: .indexed(palette), level: 1, workers: 2, to: path, name: "column.png",
                              context: { _ in }, deliver: { (_: Int, _: Int) in }) { _, _, rows, pixels in
            for (n, y) in rows.enumerated() { pixels[n] = index(y) }
            return 0
        }
        #expect(try Self.colorType(path) == 3)
        let decoded = try PixelBuffer(pngAt: path)
        for y in 0..<height {
            let k = Int(index(y)), pixel = decoded.pixel(x: 0, y: y)
            let color = k < 156 ? ImageDiff.RGB(UInt8(255 - k), UInt8(255 - k), UInt8(255 - k)) : palette.colors[k - 156]
            #expect(pixel.r == color.r && pixel.g == color.g && pixel.b == color.b && pixel.a == 255, "row \(y)")
        }
    }

    /// An index past the palette's end stops the image with one message naming the file, and
    /// leaves no file.
    @Test func anIndexPastThePaletteIsRefused() throws {
        let dir = try Support.scratch()
        let palette = try #require(PNGPalette(darkestGray: 230, colors: [.init(255, 0, 0)]))
        let path = dir.appendingPathComponent("odd.png").path
        #expect {
            try ComputedPNG.write(width: 20, height: 1300, format: .indexed(palette), level: 1, workers: 2, to: path, name: "odd.png",
                                  context: { _ in }, deliver: { (_: Int, _: Int) in }) { _, index, rows, pixels in
                pixels.update(repeating: 0, count: rows.count * 20)
                if index == 1 { pixels[8] = 27 } // 26 greys and red: 0...26
                return 0
            }
        } throws: { error in
            "\(error)".contains("odd.png") && "\(error)".contains("palette")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
