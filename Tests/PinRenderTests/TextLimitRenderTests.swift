import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// Text that would take Pango minutes to lay out is cut before it gets there, and what is
/// left is drawn.
@Suite struct TextLimitRenderTests {
    private struct LayoutDocument: Decodable { var pages: [Scene] }

    /// A letter with 80,000 accents (one grapheme cluster; Pango's time grows with the square
    /// of its length: past a minute) renders at once, its tooltip drawn with the letter.
    @Test func aLetterWithEightyThousandAccentsDrawsItsTooltip() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = "a" + String(repeating: "\u{301}", count: 80_000)
        let pins = try Support.pinsFile([(1, 0.3, 0.6)], in: dir, text: text)
        let out = dir.appendingPathComponent("accents.png").path, json = dir.appendingPathComponent("layout.json")
        // The page limit stops the command, with a clear error, if the layout takes long.
        let run = try Support.pinrender(["render", "--canvas", "400x300", "--pins", pins, "--tooltips", "all",
                                         "--timeout", "20", "-o", out, "--layout-json", json.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let scene = try #require(try JSONDecoder().decode(LayoutDocument.self, from: Data(contentsOf: json)).pages.first)
        let tooltip = try #require(scene.tooltips.first, "the tooltip was dropped")
        let body = try #require(tooltip.texts.first { $0.text.unicodeScalars.first == "a" }, "no comment in the tooltip")
        // The letter and the first 15 of its accents (the core's limit per cluster).
        #expect(body.text == "a" + String(repeating: "\u{301}", count: 15))

        // The letter is drawn in the comment's line: dark pixels on the tooltip's background.
        let image = try PixelBuffer(pngAt: out)
        var dark = 0
        for y in Int(body.y)..<Int(body.y + body.style.size * 1.5) {
            for x in Int(body.x)..<Int(body.x + body.style.size * 2) {
                let p = image.pixel(x: x, y: y)
                if Int(p.r) + Int(p.g) + Int(p.b) < 3 * 128 { dark += 1 }
            }
        }
        #expect(dark >= 10, "\(dark) dark pixels where the letter goes")
    }
}
