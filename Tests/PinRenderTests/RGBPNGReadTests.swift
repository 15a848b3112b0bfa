import Foundation
import Testing
import PinRenderGraphics

/// 8-bit RGB PNGs (every PNG pinrender writes) are read from their IDAT chunks without
/// libpng's row machinery, unfiltered where they lie and widened to four bytes a pixel four
/// pixels at a time: every width and every filter decodes to its pixels, in R, G, B, A order
/// (a diff's input) and in Cairo's (a drawn image), across chunks of any size; a damaged chunk
/// is refused; a transparent colour (tRNS) is still honoured.
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
        #expect(try Self.drawn(path, in: dir) == image)
    }

    /// The PNG at `path` drawn with no pins (read in Cairo's byte order): the image itself.
    static func drawn(_ path: String, in dir: URL) throws -> PixelBuffer {
        let pins = dir.appendingPathComponent("none.json"), out = dir.appendingPathComponent("out.png").path
        try Data(#"{"pins": []}"#.utf8).write(to: pins)
        let run = try Support.pinrender(["render", path, "--pins", pins.path, "-o", out])
        try #require(run.status == 0, "\(run.stderr)")
        return try PixelBuffer(pngAt: out)
    }

    /// `cells_png.py filters`: rows filtered None, Sub, Up, Average and Paeth in turn, the data
    /// in IDAT chunks of `chunk` bytes. Returns the file and its pixels.
    static func filtered(width: Int, height: Int, chunk: Int, in dir: URL) throws -> (String, PixelBuffer) {
        let path = dir.appendingPathComponent("filtered.png").path
        let run = try Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/cells_png.py"), "filters",
                                                   "\(width)", "\(height)", "\(width + height)", path, "\(chunk)"])
        try #require(run.status == 0, "\(run.stderr)")
        let rgb = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path + ".rgb")))
        var rgba: [UInt8] = []
        for i in stride(from: 0, to: rgb.count, by: 3) { rgba += [rgb[i], rgb[i + 1], rgb[i + 2], 255] }
        return (path, PixelBuffer(width: width, height: height, rgba: rgba))
    }

    @Test(arguments: [(1, 7), (2, 100), (5, 1), (33, 5000)])
    func everyFilterAndChunkSizeDecodes(width: Int, chunk: Int) throws {
        let dir = try Support.scratch()
        let (path, image) = try Self.filtered(width: width, height: 41, chunk: chunk, in: dir)
        #expect(try PixelBuffer(pngAt: path) == image)
        #expect(try Self.drawn(path, in: dir) == image)
    }

    /// A flipped byte in the second IDAT chunk (its CRC now wrong), and a row whose filter
    /// byte is not one of the five: each refused with the file named, by a diff and a render.
    @Test(arguments: ["crc", "filter"])
    func aDamagedChunkIsRefused(damage: String) throws {
        let dir = try Support.scratch()
        let (path, _) = try Self.filtered(width: 9, height: 20, chunk: 40, in: dir)
        var chunks = PNGBytes.chunks(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        if damage == "crc" {
            chunks[2].data[5] ^= 0x10
            var file = PNGBytes.file(chunks)
            // The chunk written with its old CRC: the second IDAT's CRC is that of the bytes before the flip.
            let good = PNGBytes.file(PNGBytes.chunks(of: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
            let offset = 8 + chunks[0..<2].map { 12 + $0.data.count }.reduce(0, +) + 8 + chunks[2].data.count
            file[offset..<offset + 4] = good[offset..<offset + 4]
            try Data(file).write(to: URL(fileURLWithPath: path))
        } else {
            // Row 0 unfiltered, stored: rewritten whole with a filter byte of 7.
            let rgb = [UInt8](repeating: 90, count: 9 * 3)
            chunks = [chunks[0], (type: "IDAT", data: Self.stored([7] + rgb)), (type: "IEND", data: [])]
            try Data(PNGBytes.file(chunks)).write(to: URL(fileURLWithPath: path))
        }
        let diff = try Support.pinrender(["diff", path, path, "--json"])
        let render = try Support.pinrender(["render", path, "--pins", try Support.pinsFile([(1, 0.5, 0.5)], in: dir),
                                            "-o", dir.appendingPathComponent("out.png").path])
        for run in [diff, render] {
            #expect(run.status == 2 && run.stderr.contains("filtered.png")
                    && run.stderr.contains(damage == "crc" ? "CRC" : "filter"), "\(run.status) \(run.stderr)")
        }
    }

    /// A zlib stream of one stored block holding `bytes` (at most 65535), with its Adler-32.
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let length = UInt16(bytes.count)
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + bytes + withUnsafeBytes(of: (b << 16 | a).bigEndian, Array.init)
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
