import Foundation
import Testing
import PinRenderGraphics

/// Real-world kinds of PDF (issue 14), built by Tests/Fixtures/realworld-render/make_pdfs.py,
/// rendered to PNG and compared pixel by pixel with pdftocairo's and MuPDF's renders of the
/// same page (annotations off, on white).
@Suite struct RealWorldRenderTests {
    /// The fixtures, written once into a scratch directory.
    static let fixtures: URL = {
        let dir = try! Support.scratch()
        let made = try! Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/realworld-render/make_pdfs.py"), dir.path])
        precondition(made.status == 0, made.stderr)
        return dir
    }()

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// How far `image` is from `reference`: the share of pixels where a channel differs by
    /// more than `tolerance`; the sizes must be equal.
    static func differingShare(_ image: PixelBuffer, _ reference: PixelBuffer, tolerance: Int = 24) -> Double {
        guard image.width == reference.width, image.height == reference.height else { return 1 }
        var differing = 0
        for i in stride(from: 0, to: image.rgba.count, by: 4)
        where (0..<3).contains(where: { abs(Int(image.rgba[i + $0]) - Int(reference.rgba[i + $0])) > tolerance }) {
            differing += 1
        }
        return Double(differing) / Double(image.width * image.height)
    }

    /// pdftocairo's and MuPDF's renders of page 1 of `pdf` at `dpi`.
    static func references(_ pdf: String, dpi: Int, in dir: URL) throws -> (cairo: PixelBuffer, mupdf: PixelBuffer) {
        let cairo = dir.appendingPathComponent("pdftocairo").path
        _ = try Support.tool("pdftocairo", ["-png", "-singlefile", "-r", "\(dpi)", "-f", "1", "-l", "1", pdf, cairo])
        // The export tests' MuPDF script, annotations off: it writes mupdf-N.png for each page N.
        let mupdf = dir.appendingPathComponent("mupdf").path
        let rendered = try Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/realworld/render_mupdf.py"),
                                                        "\(dpi)", "", pdf, mupdf, "0"])
        try #require(rendered.status == 0, "MuPDF (pip install pymupdf; make test does): \(rendered.stderr)")
        return (try PixelBuffer(pngAt: cairo + ".png"), try PixelBuffer(pngAt: mupdf + "-1.png"))
    }

    /// Renders page 1 of a fixture to PNG with no pins; returns the run and the image.
    static func render(_ name: String, dpi: Int, in dir: URL) throws -> (Support.Run, PixelBuffer?) {
        let pins = try Support.pinsFile([], in: dir, name: "none.json")
        let out = dir.appendingPathComponent("out.png").path
        let run = try Support.pinrender(["render", fixture(name), "--pins", pins, "--dpi", "\(dpi)", "-o", out])
        return (run, FileManager.default.fileExists(atPath: out) ? try PixelBuffer(pngAt: out) : nil)
    }

    /// Transparency groups and blend modes: the page is drawn on a transparent surface and
    /// then put on white, as pdftocairo and MuPDF do, not drawn over white (which made white
    /// in Difference black, and a crimson ellipse teal).
    @Test(arguments: [("transparency-group.pdf", (200, 150), (179, 179, 255)), ("difference-ellipse.pdf", (200, 150), (220, 20, 61)),
                      ("difference-in-form.pdf", (200, 150), (220, 20, 61)), ("knockout-softmask.pdf", (200, 150), (220, 20, 61))])
    func transparencyMatchesPdftocairoAndMuPDF(name: String, point: (Int, Int), color: (UInt8, UInt8, UInt8)) throws {
        let dir = try Support.scratch()
        let (run, image) = try Self.render(name, dpi: 72, in: dir)
        let png = try #require(image, "\(run.stderr)")
        let (cairo, mupdf) = try Self.references(Self.fixture(name), dpi: 72, in: dir)
        let p = png.pixel(x: point.0, y: point.1), corner = png.pixel(x: 5, y: 5)
        #expect(abs(Int(p.r) - Int(color.0)) <= 3 && abs(Int(p.g) - Int(color.1)) <= 3 && abs(Int(p.b) - Int(color.2)) <= 3,
                "\(name): \(p) at \(point), pdftocairo draws \(color)")
        #expect(corner.r == 255 && corner.g == 255 && corner.b == 255, "\(name): the background is \(corner)")
        #expect(Self.differingShare(png, cairo) < 0.002, "\(name) against pdftocairo")
        #expect(Self.differingShare(png, mupdf) < 0.01, "\(name) against MuPDF")
    }

    /// Files qpdf cannot read but Poppler draws: the PNG comes out, as pdftocairo draws it,
    /// with one warning line naming the file and what qpdf found.
    @Test(arguments: [("pages-loop.pdf", "Loop detected in /Pages structure"), ("no-trailer.pdf", "unable to find trailer dictionary"),
                      ("bad-mediabox.pdf", "page 1 has no valid /MediaBox"), ("bad-encrypt.pdf", "invalid password")])
    func damagedFilesRenderAsPopplerDrawsThem(name: String, reason: String) throws {
        let dir = try Support.scratch()
        let (run, image) = try Self.render(name, dpi: 72, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("warning") && lines[0].contains(name) && lines[0].contains(reason), "\(run.stderr)")
        let png = try #require(image)
        let cairo = dir.appendingPathComponent("pdftocairo").path
        _ = try Support.tool("pdftocairo", ["-png", "-singlefile", "-r", "72", Self.fixture(name), cairo])
        #expect(Self.differingShare(png, try PixelBuffer(pngAt: cairo + ".png")) < 0.002, "\(name) against pdftocairo")
    }

    /// The PDF export needs qpdf to read the file: refused with qpdf's reason, exit status 2,
    /// one line, nothing written, an existing output kept.
    @Test(arguments: [("pages-loop.pdf", "Loop detected in /Pages structure"), ("no-trailer.pdf", "unable to find trailer dictionary"),
                      ("bad-mediabox.pdf", "page 1 has no valid /MediaBox"), ("bad-encrypt.pdf", "invalid password")])
    func damagedFilesAreRefusedForPDFExport(name: String, reason: String) throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.pdf")
        try Data("old".utf8).write(to: out)
        let run = try Support.pinrender(["render", Self.fixture(name), "--pins", pins, "-o", out.path])
        #expect(run.status == 2, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { !$0.contains("warning") }
        #expect(lines.count == 1 && lines[0].contains(name) && lines[0].contains(reason) && lines[0].contains(".png"), "\(run.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.pdf", "pins.json"])
    }

    /// Junk before "%PDF-" (within 1024 bytes or past them) or no header at all: Poppler
    /// reads these, and so does pinrender, to PNG and to PDF.
    @Test(arguments: ["junk-before-header.pdf", "junk-2000.pdf", "no-header.pdf"])
    func filesWithoutAHeaderAtTheStartRender(name: String) throws {
        let dir = try Support.scratch()
        let (run, image) = try Self.render(name, dpi: 72, in: dir)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let png = try #require(image)
        let cairo = dir.appendingPathComponent("pdftocairo").path
        _ = try Support.tool("pdftocairo", ["-png", "-singlefile", "-r", "72", Self.fixture(name), cairo])
        #expect(Self.differingShare(png, try PixelBuffer(pngAt: cairo + ".png")) < 0.002, "\(name) against pdftocairo")
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let export = try Support.pinrender(["render", Self.fixture(name), "--pins", pins, "-o", dir.appendingPathComponent("out.pdf").path])
        #expect(export.status == 0, "\(export.stderr)")
    }

    /// A PNG that carries "%PDF-" in a text chunk is still an image: the signature decides.
    @Test func aPNGMentioningPDFIsAnImage() throws {
        let dir = try Support.scratch()
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Support.path("samples/screenshot.png"))))
        var chunks = PNGBytes.chunks(of: original)
        chunks.insert(("tEXt", Array("Comment\u{0}exported from %PDF-1.7 by a scanner".utf8)), at: 1)
        let png = dir.appendingPathComponent("scan.png")
        try Data(PNGBytes.file(chunks)).write(to: png)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.png").path
        let run = try Support.pinrender(["render", png.path, "--pins", pins, "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        let reference = try PixelBuffer(pngAt: Support.path("samples/screenshot.png"))
        let image = try PixelBuffer(pngAt: out)
        #expect(image.width == reference.width && image.height == reference.height)
    }

    /// Runs `render` on a pathological fixture with `limits`, over an existing output, with
    /// a temporary directory of its own; checks the clean stop (exit status 2, one line naming
    /// the file, the page and the limit, nothing written or left) and returns the peak memory
    /// in MB.
    func expectStop(_ name: String, limits: [String], mentioning limit: String) throws -> Int {
        let dir = try Support.scratch()
        let temporary = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.png")
        try Data("old".utf8).write(to: out)
        let command = ["render", Self.fixture(name), "--pins", pins, "--dpi", "72", "-o", out.path] + limits
        let (run, megabytes) = try PeakMemory.pinrender(command, environment: ["TMPDIR": temporary.path])
        #expect(run.status == 2, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(name) && lines[0].contains("while drawing page 1")
                && lines[0].contains(limit) && lines[0].contains("nothing was written"), "\(run.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.png", "pins.json", "tmp"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
        return megabytes
    }

    /// A decompression bomb (a 20000 x 20000 image of 1.2 MB) takes gigabytes in Poppler:
    /// `--max-memory` stops it inside Poppler's call, near the limit.
    @Test func aDecompressionBombStopsAtTheMemoryLimit() throws {
        let megabytes = try expectStop("bomb.pdf", limits: ["--max-memory", "200000000"], mentioning: "--max-memory")
        #expect(megabytes < 200 + 100, "peak \(megabytes) MB")
    }

    /// A Type 3 glyph that shows itself: Poppler recurses without end. On a thread's usual
    /// stack that was a crash (SIGSEGV, as in pdftocairo); now it is memory, stopped at the
    /// limit.
    @Test func aType3FontCycleStopsAtTheMemoryLimit() throws {
        let megabytes = try expectStop("type3-cycle.pdf", limits: ["--max-memory", "200000000"], mentioning: "--max-memory")
        #expect(megabytes < 200 + 100, "peak \(megabytes) MB")
    }

    /// Pages of one 6000 x 6000 image each (108 MB decoded), more pages than cores, under a
    /// `--max-memory` halfway between the peak of one page and that of two: the heavy pages
    /// are drawn one at a time, so all of them come out (before, two side by side passed the
    /// limit and the job stopped), each the same bytes as drawn alone, in its colour.
    @Test func heavyPagesAreDrawnOneAtATimeWithinTheMemoryLimit() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let baseline = try PeakMemory.baseline(in: dir)
        var alone: [Data] = []
        var onePage = 0
        for page in 1...3 {
            let out = dir.appendingPathComponent("alone-\(page).png").path
            let (run, megabytes) = try PeakMemory.pinrender(["render", Self.fixture("heavy-pages.pdf"), "--pins", pins,
                                                             "--dpi", "72", "--pages", "\(page)", "-o", out])
            try #require(run.status == 0, "\(run.stderr)")
            alone.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            onePage = max(onePage, megabytes)
        }
        let limit = (onePage + (onePage - baseline) / 2) << 20
        let out = dir.appendingPathComponent("all.png").path
        let (run, megabytes) = try PeakMemory.pinrender(["render", Self.fixture("heavy-pages.pdf"), "--pins", pins, "--dpi", "72",
                                                         "--max-memory", "\(limit)", "-o", out])
        try #require(run.status == 0, "baseline \(baseline) MB, one page \(onePage) MB, limit \(limit >> 20) MB: \(run.stderr)")
        #expect(megabytes <= limit >> 20, "peak \(megabytes) MB")
        for (page, (bytes, color)) in zip(alone, [(255, 0, 0), (0, 255, 0), (0, 0, 255)] as [(UInt8, UInt8, UInt8)]).enumerated() {
            let path = dir.appendingPathComponent("all-\(page + 1).png").path
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "page \(page + 1)")
            let p = try PixelBuffer(pngAt: path).pixel(x: 20, y: 20)
            #expect((p.r, p.g, p.b) == color, "page \(page + 1): \(p)")
        }
    }

    /// A page that no machine draws within the limit (10^12 fills, in next to no memory):
    /// Poppler's call does not return, and the command stops at `--timeout` inside it.
    @Test func aPageThatNeverEndsStopsAtTheTimeout() throws {
        _ = try expectStop("endless.pdf", limits: ["--timeout", "1"], mentioning: "--timeout")
    }

    /// A page that puts Cairo in an error state (Type 3 glyphs nested until the matrix
    /// cannot be inverted) is refused with a message naming the file and the page.
    @Test func aCairoErrorNamesTheFileAndThePage() throws {
        let dir = try Support.scratch()
        let (run, image) = try Self.render("type3-nested.pdf", dpi: 72, in: dir)
        #expect(run.status == 2 && image == nil, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("type3-nested.pdf: drawing page 1: cairo: "), "\(run.stderr)")
    }
}
