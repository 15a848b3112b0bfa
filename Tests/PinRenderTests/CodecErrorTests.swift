import Foundation
import Testing

/// The C codecs' failures that damaged files do not reach (see DamagedImageTests for
/// those): memory that cannot be had, and a disk that fills up while a PNG is written.
/// Each is exit status 2, one line naming the file, nothing written.
@Suite struct CodecErrorTests {
    /// The memory allowed in these tests: a plain run of pinrender needs under 80 MB of
    /// data (``PeakMemory/pinrender(_:memoryLimit:)``), and the images below 576 MB or more.
    static let limit = 450

    func expectCleanFailure(_ run: Support.Run, naming file: String, saying words: String, in dir: URL, left: [String]) throws {
        #expect(run.status == 2, "status \(run.status): \(run.stderr.prefix(300))")
        // Address sanitizer says so when an allocation fails: that line is not pinrender's.
        let lines = run.stderr.split(separator: "\n").filter { !$0.contains("WARNING: AddressSanitizer failed to allocate") }
        #expect(lines.count == 1 && lines[0].contains(file) && lines[0].contains(words), "\(run.stderr.prefix(300))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == left.sorted())
    }

    /// An interlaced PNG is decoded whole before it shrinks (libpng gives its rows only at
    /// the end): 12000 x 12000 of it is more than the memory there is.
    @Test func anInterlacedImageTooLargeForMemory() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) } // images of megabytes
        let image = try TestImages.cells(width: 12000, height: 12000, cell: 100, seed: 3, in: dir, name: "big.png", interlace: true)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let render = try PeakMemory.pinrender(["render", image, "--pins", pins, "--width", "500",
                                               "-o", dir.appendingPathComponent("out.png").path], memoryLimit: Self.limit)
        try expectCleanFailure(render, naming: "big.png", saying: "out of memory", in: dir, left: ["big.png", "pins.json"])
        let diff = try PeakMemory.pinrender(["diff", image, image, "-o", dir.appendingPathComponent("diff.png").path],
                                            memoryLimit: Self.limit)
        try expectCleanFailure(diff, naming: "big.png", saying: "out of memory", in: dir, left: ["big.png", "pins.json"])
    }

    /// A 16000 x 16000 PNG drawn at its own size needs its 1 GB of pixels.
    @Test func anImageDrawnWholeTooLargeForMemory() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) } // images of megabytes
        let image = try TestImages.cells(width: 16000, height: 16000, cell: 100, seed: 3, in: dir, name: "big.png")
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let render = try PeakMemory.pinrender(["render", image, "--pins", pins, "-o", dir.appendingPathComponent("out.png").path],
                                              memoryLimit: Self.limit)
        try expectCleanFailure(render, naming: "big.png", saying: "out of memory", in: dir, left: ["big.png", "pins.json"])
    }

    /// The image a page is drawn on cannot be had (a 30000 px wide canvas: its stripes take
    /// 72 MB each, two side by side, under 90 MB of data): the line names the input
    /// and the page, as every other failure does (it said only "creating a 30000 x 600 image").
    @Test func aPageImageTooLargeForMemoryNamesTheInputAndThePage() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let render = try PeakMemory.pinrender(["render", "--canvas", "30000x30000", "--max-pixels", "1000000000", "--pins", pins,
                                               "-o", dir.appendingPathComponent("out.png").path],
                                              // Address sanitizer bounds each allocation, not their sum: one stripe is past 64 MB.
                                              memoryLimit: PeakMemory.sanitized ? 64 : 90)
        try expectCleanFailure(render, naming: "--canvas: page 1: ", saying: "out of memory", in: dir, left: ["pins.json"])
    }

    /// A full disk, played by a file size limit, under each PNG writer: libpng's for images
    /// of fewer than 600 rows, and the stripe writer fed a stripe at a time by `diff -o`.
    @Test func aFullDiskUnderEachPNGWriter() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let plan = Support.path("samples/floorplan.pdf")
        func limited(_ arguments: [String]) throws -> Support.Run {
            try Support.run("/bin/sh", ["-c", "ulimit -f 4; trap '' XFSZ; exec \"$0\" \"$@\"", Support.binary] + arguments)
        }
        let small = try limited(["render", plan, "--pins", pins, "--page", "1", "--dpi", "30", "-o", dir.appendingPathComponent("small.png").path])
        try expectCleanFailure(small, naming: "small.png", saying: "cannot write", in: dir, left: ["pins.json"])
        // Two renders 1169 rows high, written unlimited, then compared into a full disk.
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        #expect(try Support.pinsrenderOK(["render", plan, "--pins", pins, "--page", "1", "--dpi", "100", "-o", a]))
        #expect(try Support.pinsrenderOK(["render", plan, "--pins", Support.path("samples/pins/floorplan-crowd.json"),
                                           "--page", "1", "--dpi", "100", "-o", b]))
        let diff = try limited(["diff", a, b, "-o", dir.appendingPathComponent("diff.png").path, "--composite"])
        try expectCleanFailure(diff, naming: "diff.png", saying: "cannot write", in: dir, left: ["a.png", "b.png", "pins.json"])
    }
}
