import Foundation
import Testing
import PinRenderGraphics

/// 8-bit RGB PNGs (every PNG pinrender writes) are read as stored and widened to four bytes
/// a pixel four pixels at a time, the rest one by one: every width decodes to its pixels, in
/// R, G, B, A order (a diff's input) and in Cairo's (a drawn image), and a transparent
/// colour (tRNS) is still honoured.
@Suite struct RGBPNGReadTests {
    /// Pixels of every colour, opaque, `width` x `height`.
    static func noise(width: Int, height: Int, seed: UInt64) -> PixelBuffer {
        var state = seed
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in rgba.indices where i % 4 != 3 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            rgba[i] = UInt8(truncatingIfNeeded: state >> 33)
        }
        return PixelBuffer(width: width, height: height, rgba: rgba)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 9, 31])
    func everyWidthDecodesToItsPixels(width: Int) throws {
        let dir = try Support.scratch()
        let image = Self.noise(width: width, height: 5, seed: UInt64(width))
        let path = dir.appendingPathComponent("rgb.png").path
        try image.writePNG(to: path, name: "rgb.png")
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))[24...25] == [8, 2], "an 8-bit RGB file")
        #expect(try PixelBuffer(pngAt: path) == image)
        // Drawn (Cairo's byte order) with no pins, the page is the image.
        let pins = dir.appendingPathComponent("none.json"), out = dir.appendingPathComponent("out.png").path
        try Data(#"{"pins": []}"#.utf8).write(to: pins)
        let run = try Support.pinrender(["render", path, "--pins", pins.path, "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try PixelBuffer(pngAt: out) == image)
    }

    /// An RGB file with a transparent colour: that colour's pixels read as transparent.
    @Test func aTransparentColourIsHonoured() throws {
        let dir = try Support.scratch()
        var image = Self.noise(width: 9, height: 4, seed: 3)
        var rgba = image.rgba
        for i in [0, 13, 35] { (rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2]) = (10, 20, 30) }
        image = PixelBuffer(width: 9, height: 4, rgba: rgba)
        let path = dir.appendingPathComponent("rgb.png").path
        try image.writePNG(to: path, name: "rgb.png")
        var chunks = PNGBytes.chunks(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        chunks.insert((type: "tRNS", data: [0, 10, 0, 20, 0, 30]), at: 1)
        try Data(PNGBytes.file(chunks)).write(to: URL(fileURLWithPath: path))
        let decoded = try PixelBuffer(pngAt: path)
        for i in 0..<36 {
            #expect(decoded.pixel(x: i % 9, y: i / 9).a == ([0, 13, 35].contains(i) ? 0 : 255), "pixel \(i)")
        }
    }
}
