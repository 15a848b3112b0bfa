import Foundation
import Testing
import PinRenderGraphics

/// An image drawn smaller than it is stored is shrunk while it is decoded: memory follows
/// the output, and the pixels are those of the image averaged over the blocks it shrinks.
@Suite struct ImageMemoryTests {
    /// A 16000 x 16000 PNG (1 GB of pixels decoded whole) drawn 1000 px wide takes less than
    /// 250 MB more than drawing a tiny image, and draws exactly what a 1000 x 1000 version of
    /// it draws.
    @Test func aHugePNGDrawnSmallHoldsOnlyTheOutput() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) } // images of megabytes
        let big = try TestImages.cells(width: 16000, height: 16000, cell: 160, seed: 7, in: dir, name: "big.png")
        let small = try TestImages.cells(width: 1000, height: 1000, cell: 10, seed: 7, in: dir, name: "small.png")
        let pins = try Support.pinsFile([(1, 0.25, 0.25), (1, 0.7, 0.6)], in: dir)
        let fromBig = dir.appendingPathComponent("from-big.png").path
        let (run, megabytes) = try PeakMemory.pinrender(["render", big, "--pins", pins, "--width", "1000", "-o", fromBig])
        #expect(run.status == 0, "\(run.stderr)")
        let baseline = try PeakMemory.baseline(in: dir)
        #expect(megabytes - baseline < 250, "peak \(megabytes) MB, \(baseline) MB for a tiny image")
        let fromSmall = dir.appendingPathComponent("from-small.png").path
        #expect(try Support.pinsrenderOK(["render", small, "--pins", pins, "-o", fromSmall]))
        #expect(try PixelBuffer(pngAt: fromBig) == PixelBuffer(pngAt: fromSmall))
    }

    /// A JPEG of 8000 x 5657 (181 MB decoded whole; made by pdftoppm from the sample plan)
    /// drawn 500 px wide is shrunk by libjpeg's inverse DCT, then averaged: it takes less than
    /// 60 MB more than a tiny image. (Its pixels are checked on small JPEGs below.)
    @Test func aLargeJPEGDrawnSmallHoldsOnlyTheOutput() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) } // an image of megabytes
        _ = try Support.tool("pdftoppm", ["-jpeg", "-scale-to", "8000", "-f", "1", "-l", "1", Support.path("samples/floorplan.pdf"),
                                          dir.appendingPathComponent("plan").path])
        let out = dir.appendingPathComponent("small.png").path
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let (run, megabytes) = try PeakMemory.pinrender(["render", dir.appendingPathComponent("plan-1.jpg").path,
                                                         "--pins", pins, "--width", "500", "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        let baseline = try PeakMemory.baseline(in: dir)
        #expect(megabytes - baseline < 60, "peak \(megabytes) MB, \(baseline) MB for a tiny image")
        let image = try PixelBuffer(pngAt: out)
        #expect(image.width == 500 && image.height == 354)
    }

    /// Pixel by pixel (with alpha, interlaced or not), the image drawn at a quarter is its
    /// full-size rendering averaged over blocks of 4 x 4, give or take rounding.
    @Test(arguments: [false, true])
    func shrinkingAveragesBlocks(interlaced: Bool) throws {
        let dir = try Support.scratch()
        let image = try TestImages.noise(width: 64, height: 48, seed: 3, alpha: true, interlace: interlaced, in: dir,
                                         name: "noise.png")
        let none = try Support.pinsFile([], in: dir)
        let full = dir.appendingPathComponent("full.png").path, quarter = dir.appendingPathComponent("quarter.png").path
        #expect(try Support.pinsrenderOK(["render", image, "--pins", none, "-o", full]))
        #expect(try Support.pinsrenderOK(["render", image, "--pins", none, "--scale", "0.25", "-o", quarter]))
        let expected = try PixelBuffer(pngAt: full).averaged(blocks: 4), drawn = try PixelBuffer(pngAt: quarter)
        #expect(drawn.width == 16 && drawn.height == 12)
        #expect(drawn.largestDifference(from: expected) <= 1)
    }

    /// A JPEG drawn at a quarter (shrunk by libjpeg's inverse DCT) and in every EXIF
    /// orientation stays upright and close to its full-size rendering averaged: the same but
    /// at hard edges of saturated color, where the DCT's and the full decode's chroma differ
    /// (by up to 27 on the photo's magenta targets).
    @Test(arguments: ["samples/photo.jpg"] + (1...8).map { "Tests/Fixtures/orientation-\($0).jpg" })
    func aJPEGDrawnSmallIsTheImageAveraged(_ file: String) throws {
        let dir = try Support.scratch()
        let none = try Support.pinsFile([], in: dir)
        let full = dir.appendingPathComponent("full.png").path, quarter = dir.appendingPathComponent("quarter.png").path
        #expect(try Support.pinsrenderOK(["render", Support.path(file), "--pins", none, "-o", full]))
        #expect(try Support.pinsrenderOK(["render", Support.path(file), "--pins", none, "--scale", "0.25", "-o", quarter]))
        let expected = try PixelBuffer(pngAt: full).averaged(blocks: 4), drawn = try PixelBuffer(pngAt: quarter)
        #expect(drawn.width == expected.width && drawn.height == expected.height)
        #expect(drawn.largestDifference(from: expected) <= 32, "\(file)")
        #expect(drawn.meanDifference(from: expected) <= 1, "\(file)")
    }
}

extension PixelBuffer {
    /// The image shrunk by averaging blocks of `k` x `k` pixels (its sides multiples of `k`).
    func averaged(blocks k: Int) -> PixelBuffer {
        let w = width / k, h = height / k
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                for c in 0..<4 {
                    var sum = 0
                    for dy in 0..<k { for dx in 0..<k { sum += Int(self.rgba[((y * k + dy) * width + x * k + dx) * 4 + c]) } }
                    rgba[(y * w + x) * 4 + c] = UInt8((sum + k * k / 2) / (k * k))
                }
            }
        }
        return PixelBuffer(width: w, height: h, rgba: rgba)
    }

    /// The largest difference of one channel of one pixel.
    func largestDifference(from other: PixelBuffer) -> Int {
        zip(rgba, other.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// The mean difference over all channels.
    func meanDifference(from other: PixelBuffer) -> Double {
        Double(zip(rgba, other.rgba).map { abs(Int($0) - Int($1)) }.reduce(0, +)) / Double(max(1, rgba.count))
    }
}
