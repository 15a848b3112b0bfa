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

    /// ``pair(width:height:across:)`` written to a.png and b.png in `dir`.
    static func files(width: Int, height: Int, across rows: [Int], in dir: URL) throws -> (PixelBuffer, PixelBuffer, String, String) {
        let (a, b) = pair(width: width, height: height, across: rows)
        let pathA = dir.appendingPathComponent("a.png").path, pathB = dir.appendingPathComponent("b.png").path
        try a.writePNG(to: pathA, name: "a.png")
        try b.writePNG(to: pathB, name: "b.png")
        return (a, b, pathA, pathB)
    }

    /// Heights whose stripes (the PNG writer's, when comparing and when writing) cut through
    /// the differences: the counts, regions and images are those of the whole images, and
    /// the files the same bytes, however many workers compare the stripes.
    @Test(arguments: [(1300, [325, 650, 975]), (1169, [584, 585]), (700, [349, 350, 351])])
    func stripesGiveWhatTheWholeImagesGive(height: Int, across: [Int]) throws {
        let dir = try Support.scratch()
        let (a, b, pathA, pathB) = try Self.files(width: 300, height: height, across: across, in: dir)
        for includeAA in [false, true] {
            let options = ImageDiff.Options(includeAA: includeAA)
            let whole = ImageDiff(options: options).compare(a.rgba, b.rgba, width: 300, height: height, diffImage: true)
            #expect(whole.diffPixels > 0 && (includeAA || whole.aaPixels > 0))
            for (composite, output) in [(false, nil), (false, "diff.png"), (true, "composite.png")] {
                var files: [Data] = []
                for workers in [1, 2, 3] {
                    var job = DiffJob(expected: pathA, actual: pathB)
                    job.options = options
                    job.exhaustive = true
                    job.composite = composite
                    job.workers = workers
                    job.output = output.map { dir.appendingPathComponent("\(workers)-\($0)").path }
                    let page = try #require(try job.run().pages.first)
                    #expect(page.diffPixels == whole.diffPixels && page.aaPixels == whole.aaPixels && page.regions == whole.regions,
                            "\(height) \(String(describing: output)) aa \(includeAA) workers \(workers)")
                    if let path = job.output {
                        let image = PixelBuffer(width: 300, height: height, rgba: whole.image!)
                        let expected = composite ? Self.sideBySide([a, b, image]) : image
                        #expect(try PixelBuffer(pngAt: path) == expected)
                        files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
                    }
                }
                #expect(Set(files).count <= 1, "the diff image's bytes depend on the workers")
            }
        }
    }

    /// Counting that stops at the budget stops where one pass over the whole image stops,
    /// whichever stripe the budget runs out in and however many workers compare them: the
    /// same count, anti-aliased pixels and regions.
    @Test func aBudgetRunsOutWhereTheWholeImageRunsOut() throws {
        let dir = try Support.scratch()
        let (a, b, pathA, pathB) = try Self.files(width: 300, height: 1300, across: [325, 650, 975], in: dir)
        let total = ImageDiff().compare(a.rgba, b.rgba, width: 300, height: 1300).diffPixels
        for budget in [0, total / 3, total / 2, total - 1] {
            let whole = ImageDiff(options: .init(stopAfter: budget)).compare(a.rgba, b.rgba, width: 300, height: 1300)
            #expect(whole.stoppedEarly && whole.diffPixels == budget + 1)
            for workers in [1, 2, 4] {
                var job = DiffJob(expected: pathA, actual: pathB)
                job.maxDiffPixels = budget
                job.workers = workers
                let page = try #require(try job.run().pages.first)
                #expect(page.stoppedEarly && page.diffPixels == whole.diffPixels && page.aaPixels == whole.aaPixels
                        && page.regions == whole.regions, "budget \(budget) workers \(workers)")
            }
        }
    }

    /// `pinrender diff -o` on one core and on two writes the same bytes, and they are the
    /// diff image of the whole images.
    @Test func theDiffImageIsTheSameOnOneCoreAndTwo() throws {
        let dir = try Support.scratch()
        let (a, b, pathA, pathB) = try Self.files(width: 400, height: 1300, across: [325, 650, 975], in: dir)
        var outputs: [Data] = []
        for (index, cores) in ["0", "0-1"].enumerated() {
            let out = dir.appendingPathComponent("diff\(index).png").path
            let run = try Support.run("/usr/bin/taskset", ["-c", cores, Support.binary, "diff", pathA, pathB, "-o", out, "--json"])
            #expect(run.status == 1 && run.stdout.contains("\"verdict\":\"different\""), "\(run.stdout) \(run.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(outputs[0] == outputs[1])
        let whole = ImageDiff().compare(a.rgba, b.rgba, width: 400, height: 1300, diffImage: true)
        #expect(try PixelBuffer(pngAt: dir.appendingPathComponent("diff0.png").path)
                == PixelBuffer(width: 400, height: 1300, rgba: whole.image!))
    }

    /// A PNG cut short fails in a later stripe, after the stripes above have been compared and
    /// written: one line naming the file, status 2, the diff image left as it was, nothing else
    /// written, on one core or many.
    @Test func aFileCutShortFailsInALaterStripeCleanly() throws {
        let dir = try Support.scratch()
        let (_, _, pathA, pathB) = try Self.files(width: 400, height: 1300, across: [325, 650, 975], in: dir)
        // b.png's data is mostly that of its differences (rows 325, 650, 975): cut at two thirds,
        // it ends past the first stripe's rows.
        let whole = try Data(contentsOf: URL(fileURLWithPath: pathB))
        let cut = dir.appendingPathComponent("cut.png")
        try whole.prefix(whole.count * 2 / 3).write(to: cut)
        let diff = dir.appendingPathComponent("diff.png")
        let previous = Data("previous diff".utf8)
        try previous.write(to: diff)
        for cores in ["0", "0-1"] {
            for extra in [["-o", diff.path], ["--json"]] {
                let run = try Support.run("/usr/bin/taskset", ["-c", cores, Support.binary, "diff", pathA, cut.path] + extra)
                #expect(run.status == 2 && run.stdout.isEmpty && run.stderr.split(separator: "\n").count == 1
                        && run.stderr.contains("cut.png") && run.stderr.contains("ends before"),
                        "\(cores) \(extra): \(run.status) \(run.stderr.prefix(300))")
            }
        }
        #expect(try Data(contentsOf: diff) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.png", "b.png", "cut.png", "diff.png"])
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
