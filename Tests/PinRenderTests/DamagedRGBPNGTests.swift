import Foundation
import Testing
import PinRender
import PinRenderGraphics

/// 8-bit RGB PNGs, read from their IDAT chunks without libpng's rows (png_idat.c), valid and
/// damaged every systematic way (`Tests/Fixtures/png_mutations.py`: cut at every offset,
/// chunk lengths rewritten up to 2^32 - 1, the data in 1-byte and empty chunks, other chunks
/// between, streams inflating to fewer or more bytes, every byte of a stream flipped with the
/// CRCs made right, bad filter bytes, widths 1...17 and 32767): each read as libpng reads it
/// (the script's decoder, written after libpng's), refused or to the same pixels, never a
/// crash, by the diff's reader (a file, R, G, B, A) and by a drawn image's (bytes in memory,
/// Cairo's order). Through the command line: a refused file is one line naming it, exit
/// status 2, nothing written.
@Suite struct DamagedRGBPNGTests {
    struct Case: Sendable {
        let name: String
        /// pixels, reject, either (refused or the pixels) or nocrash.
        let expected: String
        let path: String
        /// R, G, B rows, for pixels and either.
        let rgb: [UInt8]?
    }

    /// The cases the script writes into `directory`.
    static func cases(in directory: URL) throws -> [Case] {
        let made = try Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/png_mutations.py"), directory.path])
        try #require(made.status == 0, "\(made.stderr)")
        let list = try String(contentsOf: directory.appendingPathComponent("cases.txt"), encoding: .utf8)
        return try list.split(separator: "\n").map { line in
            let fields = line.split(separator: " ").map(String.init)
            let rgb = directory.appendingPathComponent(fields[0] + ".rgb")
            return Case(name: fields[0], expected: fields[1], path: directory.appendingPathComponent(fields[0] + ".png").path,
                        rgb: FileManager.default.fileExists(atPath: rgb.path) ? [UInt8](try Data(contentsOf: rgb)) : nil)
        }
    }

    /// What is wrong with `result` for `test` (nil: nothing).
    static func mismatch(_ test: Case, _ result: Result<PixelBuffer, Error>) -> String? {
        switch (test.expected, result) {
        case ("nocrash", _), ("reject", .failure), ("either", .failure):
            return nil
        case ("reject", .success):
            return "\(test.name): decoded, libpng refuses it"
        case (_, .failure(let error)):
            return "\(test.name): refused (\(error)), libpng decodes it"
        case (_, .success(let pixels)):
            var rgb: [UInt8] = []
            rgb.reserveCapacity(pixels.rgba.count / 4 * 3)
            for i in stride(from: 0, to: pixels.rgba.count, by: 4) { rgb += pixels.rgba[i..<i + 3] }
            return rgb == test.rgb ? nil : "\(test.name): other pixels than libpng's"
        }
    }

    /// The PNG at `path` drawn whole, as a render draws it (decoded from its bytes in memory).
    static func drawn(_ path: String) throws -> PixelBuffer {
        let document = try SourceDocument.open(path: path, password: nil, pixelLimit: 1 << 30)
        let size = try document.contentSize(page: 1)
        let canvas = try ImageCanvas(width: Int(size.width), height: Int(size.height))
        try document.draw(page: 1, on: canvas)
        return canvas.pixels()
    }

    /// Every case read in process; then the first and last refused file of each kind diffed
    /// (with a diff image asked for) and rendered by the command line: one line naming it,
    /// exit status 2, no output file; a few decoded ones diff to no difference against their
    /// pixels written anew.
    @Test func everyCaseReadsAsLibpngDoes() throws {
        let directory = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases = try Self.cases(in: directory)
        var wrong: [String] = []
        for test in cases {
            wrong += [Self.mismatch(test, Result { try PixelBuffer(pngAt: test.path) }).map { "read: " + $0 },
                      Self.mismatch(test, Result { try Self.drawn(test.path) }).map { "drawn: " + $0 }].compactMap { $0 }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong: \(wrong.prefix(20).joined(separator: "; "))")
        try Self.throughTheCommandLine(cases, in: directory)
    }

    /// The command line's part of ``everyCaseReadsAsLibpngDoes()``.
    static func throughTheCommandLine(_ cases: [Case], in directory: URL) throws {
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: directory)
        let out = directory.appendingPathComponent("out.png").path
        for family in ["cut", "length", "stored", "huffman", "filter", "noend", "textmiddle", "fewer", "idatafterbadcrc"] {
            let refused = cases.filter { $0.name.hasPrefix(family) && $0.expected == "reject" }
            try #require(!refused.isEmpty, "\(family)")
            for test in refused.count > 1 ? [refused.first!, refused.last!] : refused {
                for arguments in [["diff", test.path, test.path, "--json", "-o", out], ["render", test.path, "--pins", pins, "-o", out]] {
                    let run = try Support.pinrender(arguments)
                    let lines = run.stderr.split(separator: "\n")
                    #expect(run.status == 2 && lines.count == 1 && run.stderr.contains(test.name + ".png"),
                            "\(arguments[0]) \(test.name): \(run.status) \(run.stderr)")
                    #expect(!FileManager.default.fileExists(atPath: out), "\(arguments[0]) \(test.name) wrote its output")
                    try? FileManager.default.removeItem(atPath: out)
                }
            }
        }
        for name in ["onebyte", "empties", "more", "badadler", "width17", "stored60x80"] {
            let test = try #require(cases.first { $0.name == name && $0.expected == "pixels" })
            let decoded = try PixelBuffer(pngAt: test.path), again = directory.appendingPathComponent("again.png").path
            try decoded.writePNG(to: again, name: "again.png")
            let run = try Support.pinrender(["diff", test.path, again, "--json"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(name): \(run.status) \(run.stderr)")
        }
    }

    /// A header 2^31 - 1 pixels wide (libpng's own limit) over a few bytes of data, where
    /// memory is scarce: refused for its width, before a row of 6 GB is asked for.
    @Test(arguments: [0x7FFF_FFFF, 32768])
    func aHostileWidthIsRefusedForItsSize(width: Int) throws {
        let directory = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let header = withUnsafeBytes(of: UInt32(width).bigEndian, Array.init) + [0, 0, 0, 1, 8, 2, 0, 0, 0]
        let path = directory.appendingPathComponent("wide.png").path
        try Data(PNGBytes.file([(type: "IHDR", data: header), (type: "IDAT", data: RGBPNGReadTests.stored([0, 1, 2, 3])),
                                      (type: "IEND", data: [])]))
            .write(to: URL(fileURLWithPath: path))
        let out = directory.appendingPathComponent("out.png").path
        let run = try PeakMemory.pinrender(["diff", path, path, "-o", out], memoryLimit: CodecErrorTests.limit)
        let lines = run.stderr.split(separator: "\n").filter { !$0.contains("WARNING: AddressSanitizer failed to allocate") }
        #expect(run.status == 2 && lines.count == 1 && lines[0].contains("wide.png") && lines[0].contains("32767 pixels a side"),
                "\(run.status) \(run.stderr.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
