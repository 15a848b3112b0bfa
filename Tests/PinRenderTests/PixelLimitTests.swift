import Foundation
import Testing
import PinRenderGraphics

/// `--max-pixels` is honoured up to the largest image Cairo draws, 32767 x 32767 pixels, and
/// refused beyond it; no message advises raising it where that cannot help.
@Suite struct PixelLimitTests {
    static let most = 32767 * 32767

    @Test func aLimitBeyondCairosLargestImageIsRefused() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.png")
        try Data("old".utf8).write(to: out)
        for command in ["render", "preview"] {
            let extra = command == "preview" ? ["--devices", "iphone-se"] : []
            let run = try Support.pinrender([command, Support.path("samples/screenshot.png"), "--pins", pins,
                                             "--max-pixels", String(Self.most + 1), "-o", out.path] + extra)
            #expect(run.status == 2)
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stderr.contains("--max-pixels") && run.stderr.contains("at most 1073676289"), "\(run.stderr)")
            #expect(try String(contentsOf: out, encoding: .utf8) == "old")
        }
        // The largest limit is taken.
        let run = try Support.pinrender(["render", "--canvas", "300x200", "--pins", pins,
                                         "--max-pixels", String(Self.most), "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try PixelBuffer(pngAt: out.path).width == 300)
    }

    /// An image wider than Cairo draws cannot be drawn whatever the limit: the message says
    /// so, and does not send the user to --max-pixels.
    @Test func anImageWiderThanCairoDrawsIsRefusedForWhatItIs() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let wide = dir.appendingPathComponent("wide.png").path
        try PixelBuffer(width: 40_000, height: 2, rgba: [UInt8](repeating: 200, count: 40_000 * 2 * 4))
            .writePNG(to: wide, name: wide)
        for limit in [String(Self.most), "1000"] {
            let run = try Support.pinrender(["render", wide, "--pins", pins, "--max-pixels", limit,
                                             "-o", dir.appendingPathComponent("out.png").path])
            #expect(run.status == 2)
            #expect(run.stderr.contains("wide.png") && run.stderr.contains("40000 x 2") && run.stderr.contains("32767"),
                    "\(run.stderr)")
            #expect(!run.stderr.contains("--max-pixels"), "\(run.stderr)")
        }
    }

    /// An output over the limit says how far the limit can go; one over Cairo's sides does
    /// not mention the limit.
    @Test func anOutputOverTheLimitSaysHowFarItCanBeRaised() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.png").path
        let over = try Support.pinrender(["render", "--canvas", "2000x2000", "--pins", pins, "--max-pixels", "1000000",
                                          "-o", out])
        #expect(over.status == 2)
        #expect(over.stderr.contains("raise --max-pixels") && over.stderr.contains("1073676289"), "\(over.stderr)")
        let sides = try Support.pinrender(["render", "--canvas", "300x200", "--pins", pins, "--scale", "200",
                                           "--max-pixels", String(Self.most), "-o", out])
        #expect(sides.status == 2)
        #expect(sides.stderr.contains("60000 x 40000") && sides.stderr.contains("32767"), "\(sides.stderr)")
        #expect(!sides.stderr.contains("--max-pixels"), "\(sides.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
