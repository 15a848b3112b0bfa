import Foundation
import Testing
import PinRenderGraphics

/// A theme file's numbers outside what can be drawn are refused: exit status 2, one line
/// naming the file, the key and the range allowed, and nothing written.
@Suite struct ThemeValidationTests {
    @Test(arguments: [
        ("markerRadius", "-5", "4 to 100"), ("uiScale", "0", "0.25 to 40"), ("tooltipFontSize", "0", "4 to 72"),
        ("tooltipMaxLines", "0", "1 to 100"), ("tooltipMaxWidth", "1e9", "40 to 2000"),
        ("containerPadding", "-1", "0 to 200"), ("autoTooltipLimit", "-3", "0 to 100000"),
    ])
    func anOutOfRangeNumberIsRefused(key: String, value: String, range: String) throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let theme = dir.appendingPathComponent("theme.json")
        try Data(#"{"tooltipGap": 6, "\#(key)": \#(value)}"#.utf8).write(to: theme)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.png")
        try Data("old".utf8).write(to: out)
        let run = try Support.pinrender(["render", "--canvas", "300x200", "--pins", pins, "--tooltips", "all",
                                         "--theme", theme.path, "-o", out.path])
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(theme.path) && run.stderr.contains(key) && run.stderr.contains(range), "\(run.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["out.png", "pins.json", "theme.json"])
    }

    /// A theme whose marker texts fall below WCAG AA is drawn as asked, with a warning per
    /// pair naming the file and the keys.
    @Test func aThemeBelowAAContrastIsDrawnWithAWarning() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let theme = dir.appendingPathComponent("theme.json")
        try Data(##"{"markerFill": "#FFD60A"}"##.utf8).write(to: theme)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.png")
        let run = try Support.pinrender(["render", "--canvas", "300x200", "--pins", pins, "--theme", theme.path, "-o", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\(theme.path): markerText on markerFill has a contrast of 1.41:1"), "\(run.stderr)")
        #expect(run.stderr.contains("badgeText on markerFill") && !run.stderr.contains("checkFill"), "\(run.stderr)")
        let image = try PixelBuffer(pngAt: out.path)
        #expect(image.pixel(x: 150 - 6, y: 100).r == 0xFF, "the marker is drawn in the theme's yellow")
        let plain = try Support.pinrender(["render", "--canvas", "300x200", "--pins", pins, "-o", out.path])
        #expect(plain.status == 0 && !plain.stderr.contains("contrast"), "\(plain.stderr)")
    }
}
