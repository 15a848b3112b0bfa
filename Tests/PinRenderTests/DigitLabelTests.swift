import Foundation
import Testing
import PinRenderCore
@testable import PinRenderGraphics

/// A marker's number is set from the glyphs of its font's ten digits, shaped once (issue 19:
/// a Pango layout a marker was a third of drawing 10,000 of them). The pixels must be the
/// ones the label's own Pango layout gives, for every number, size, weight and position.
@Suite struct DigitLabelTests {
    static let sizes = [22.386, 29.1018, 37.31, 9.0, 13.5, 17.2]

    /// Numbers of one to five digits: every one up to 120, then a spread of longer ones.
    static let labels = (0...120).map(String.init) + (0..<60).map { String(($0 * 7919 + 131) % 99_990 + 10) } + ["007", "1000", "99999"]

    /// Each label centered at a grid of positions with fractional offsets, on a fresh canvas,
    /// set by `show`; the canvas's pixels.
    static func drawn(size: Double, bold: Bool, _ show: (TextSetter, String, TextStyle, Double, Double, OpaquePointer) -> Void) throws -> PixelBuffer {
        let canvas = try ImageCanvas(width: 1200, height: 700)
        let setter = TextSetter()
        let style = TextStyle(fontFamily: Theme().fontFamily, size: size, bold: bold, color: Color(red: 0.1, green: 0.2, blue: 0.9))
        let (step, columns) = (3 * size + 8, Int(1200 / (3 * size + 8)))
        for (index, label) in labels.enumerated() {
            let (column, row) = (index % columns, index / columns)
            let phase = Double(index % 17) / 17
            let (x, y) = (step * (Double(column) + 0.5) + phase, step * 0.6 * (Double(row) + 0.5) + 0.37 * phase)
            guard y < 700 - size else { break }
            show(setter, label, style, x, y, canvas.cr)
        }
        return canvas.pixels()
    }

    @Test(arguments: sizes, [true, false])
    func numbersFromDigitGlyphsAreTheirPangoLayouts(size: Double, bold: Bool) throws {
        let style = TextStyle(fontFamily: Theme().fontFamily, size: size, bold: bold, color: Color(red: 0, green: 0, blue: 0))
        #expect(TextSetter().digits(for: style) != nil, "the theme's font composes its digits")
        let fast = try Self.drawn(size: size, bold: bold) { $0.showCentered($1, style: $2, x: $3, y: $4, on: $5) }
        let pango = try Self.drawn(size: size, bold: bold) { $0.showCenteredWithPango($1, style: $2, x: $3, y: $4, on: $5) }
        #expect(fast.rgba.contains { $0 != 255 }, "labels were drawn")
        let differing = stride(from: 0, to: fast.rgba.count, by: 4).filter { fast.rgba[$0..<$0 + 4] != pango.rgba[$0..<$0 + 4] }.count
        #expect(differing == 0, "\(differing) pixels differ at size \(size), bold \(bold)")
    }

    /// What is not a plain number is set by its layout: the digit glyphs know nothing of it.
    @Test func otherLabelsAreNotSetFromDigits() throws {
        let style = TextStyle(fontFamily: Theme().fontFamily, size: 20, bold: true, color: Color(red: 0, green: 0, blue: 0))
        let face = try #require(TextSetter().digits(for: style))
        for label in ["1.2k", "", "12a", "٣", "１２", "-4", "1 2", String(repeating: "9", count: 40)] {
            #expect(face.run(label) == nil, "\(label)")
        }
        #expect(face.run("120") != nil)
    }
}
