import Foundation
import Testing
import PinRender
import PinRenderCore
import PinRenderGraphics

/// `pinrender diff` reads both PNGs a stripe of rows at a time and writes the diff image
/// stripe by stripe: its counts, regions and images are those of comparing the whole
/// images at once, and its memory follows a stripe, not the images.
@Suite struct DiffStripeTests {
    /// A white picture with a black block, and the same block moved one pixel right with an
    /// anti-aliased gray column, both crossing rows `across` (stripe boundaries).
    static func pair(width: Int, height: Int, across rows: [Int]) -> (PixelBuffer, PixelBuffer) {
        var a = [UInt8](repeating: 255, count: width * height * 4), b = a
        func fill(_ image: inout [UInt8], x: Range<Int>, y: Range<Int>, _ value: UInt8) {
            for yy in y { for xx in x { let i = (yy * width + xx) * 4; (image[i], image[i + 1], image[i + 2]) = (value, value, value) } }
        }
        for (n, row) in rows.enumerated() {
            let x = 20 + n * 60
            fill(&a, x: x..<x + 30, y: row - 7..<row + 5, 0)
            fill(&b, x: x + 1..<x + 31, y: row - 7..<row + 5, 0)
            fill(&b, x: x + 31..<x + 32, y: row - 5..<row + 3, 128)
            fill(&b, x: x + 5..<x + 9, y: row - 1..<row + 1, 200) // a hard difference on the boundary itself
        }
        return (PixelBuffer(width: width, height: height, rgba: a), PixelBuffer(width: width, height: height, rgba: b))
    }

    /// Heights whose stripes (512 rows when comparing, the PNG writer's when writing) cut
    /// through the differences.
    @Test(arguments: [(1300, [325, 512, 650, 975]), (1169, [512, 584, 585]), (700, [350, 512])])
    func stripesGiveWhatTheWholeImagesGive(height: Int, across: [Int]) throws {
        let dir = try Support.scratch()
        let (a, b) = Self.pair(width: 300, height: height, across: across)
        let pathA = dir.appendingPathComponent("a.png").path, pathB = dir.appendingPathComponent("b.png").path
        try a.writePNG(to: pathA, name: "a.png")
        try b.writePNG(to: pathB, name: "b.png")
        for includeAA in [false, true] {
            let options = ImageDiff.Options(includeAA: includeAA)
            let whole = ImageDiff(options: options).compare(a.rgba, b.rgba, width: 300, height: height, diffImage: true)
            #expect(whole.diffPixels > 0 && (includeAA || whole.aaPixels > 0))
            for (composite, output) in [(false, nil), (false, "diff.png"), (true, "composite.png")] {
                var job = DiffJob(expected: pathA, actual: pathB)
                job.options = options
                job.exhaustive = true
                job.composite = composite
                job.output = output.map { dir.appendingPathComponent($0).path }
                let page = try #require(try job.run().pages.first)
                #expect(page.diffPixels == whole.diffPixels && page.aaPixels == whole.aaPixels && page.regions == whole.regions,
                        "\(height) \(String(describing: output)) aa \(includeAA)")
                if let path = job.output {
                    let image = PixelBuffer(width: 300, height: height, rgba: whole.image!)
                    let expected = composite ? Self.sideBySide([a, b, image]) : image
                    #expect(try PixelBuffer(pngAt: path) == expected)
                }
            }
        }
    }

    /// What `--composite` shows, built the plain way: expected | actual | diff, 8 px apart.
    static func sideBySide(_ images: [PixelBuffer]) -> PixelBuffer {
        let width = images.map(\.width).reduce(0, +) + 16, height = images[0].height
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var left = 0
        for image in images {
            for y in 0..<height { for x in 0..<image.width { for c in 0..<4 {
                rgba[(y * width + left + x) * 4 + c] = image.rgba[(y * image.width + x) * 4 + c]
            } } }
            left += image.width + 8
        }
        return PixelBuffer(width: width, height: height, rgba: rgba)
    }

    /// Images of different sizes are told apart from their headers: 12000 x 12000 pixels
    /// (1.1 GB for the two decoded) cost less than 60 MB more than a tiny image.
    @Test func aSizeMismatchReadsOnlyTheHeaders() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) } // images of megabytes
        let a = try TestImages.cells(width: 12000, height: 12000, cell: 100, seed: 1, in: dir, name: "a.png")
        let b = try TestImages.cells(width: 12000, height: 12010, cell: 100, seed: 1, in: dir, name: "b.png")
        let (run, megabytes) = try PeakMemory.pinrender(["diff", a, b, "--json"])
        #expect(run.status == 1 && run.stdout.contains("\"verdict\":\"size\""), "\(run.stdout) \(run.stderr)")
        let baseline = try PeakMemory.baseline(in: dir)
        #expect(megabytes - baseline < 60, "peak \(megabytes) MB, \(baseline) MB for a tiny image")
    }

    /// Two 8000 x 8000 PNGs (512 MB decoded) differing only in their last rows are compared
    /// in less than 150 MB more than a tiny image takes, and the difference is found.
    @Test func aLargeDiffHoldsStripes() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) } // images of megabytes
        let a = try TestImages.cells(width: 8000, height: 8000, cell: 100, seed: 1, in: dir, name: "a.png")
        let b = try TestImages.cells(width: 8000, height: 8000, cell: 100, seed: 1, in: dir, name: "b.png",
                                     lastRowsSeed: 2)
        let (run, megabytes) = try PeakMemory.pinrender(["diff", a, b, "--json"])
        #expect(run.status == 1 && run.stdout.contains("\"verdict\":\"different\""), "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("\"y\":7900"), "\(run.stdout)")
        let baseline = try PeakMemory.baseline(in: dir)
        #expect(megabytes - baseline < 150, "peak \(megabytes) MB, \(baseline) MB for a tiny image")
    }

    /// A PNG whose header claims more pixels than pinrender draws is refused before any row
    /// is read, whatever its data (a row of 2 billion pixels would not fit in memory).
    @Test(arguments: [(2_000_000_000, 2), (100_000, 100_000)])
    func anImageOverTheLimitsIsRefused(width: Int, height: Int) throws {
        let dir = try Support.scratch()
        func bigEndian(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(value).bigEndian, Array.init) }
        let png = PNGBytes.file([("IHDR", bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]),
                                 ("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]), ("IEND", [])])
        let path = dir.appendingPathComponent("huge.png")
        try Data(png).write(to: path)
        let run = try Support.pinrender(["diff", path.path, path.path, "-o", dir.appendingPathComponent("diff.png").path])
        #expect(run.status == 2 && run.stderr.contains("huge.png") && run.stderr.contains("\(width) x \(height)"),
                "\(run.status) \(run.stderr.prefix(300))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["huge.png"])
    }
}
