import Foundation
import Testing

/// PNGs and JPEGs damaged the ways files get damaged (cut short, garbage inside): exit
/// status 2 with one line naming the file, nothing written, never a crash, whatever the
/// output and the size drawn.
@Suite struct DamagedImageTests {
    enum Damage: String, CaseIterable, CustomStringConvertible, Sendable {
        case pngCutInHalf, pngGarbageData, pngCutInHeader, pngInterlacedCutShort
        case jpegScrambledScan, jpegCorruptScanNoMarkers, jpegCutShort, jpegCutInHeader
        var description: String { rawValue }
        var fileName: String { rawValue + (rawValue.hasPrefix("png") ? ".png" : ".jpg") }

        /// The damaged file, made from a sample (or an image made in `scratch`).
        func bytes(scratch: URL) throws -> [UInt8] {
            var random = ScrambleBytes(state: 12)
            switch self {
            case .pngCutInHalf:
                let png = try Self.sample("screenshot.png")
                return Array(png.prefix(png.count / 2))
            case .pngCutInHeader:
                return Array(try Self.sample("screenshot.png").prefix(20))
            case .pngInterlacedCutShort:
                // Interlaced rows are known only at the end: decoded whole, then shrunk.
                let path = try TestImages.cells(width: 400, height: 240, cell: 16, seed: 5, in: scratch, name: "interlaced.png",
                                                interlace: true)
                let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                try FileManager.default.removeItem(atPath: path)
                return Array(png.prefix(png.count * 2 / 3))
            case .pngGarbageData:
                // The image data replaced by noise after its zlib header; every CRC right.
                let chunks = PNGBytes.chunks(of: try Self.sample("screenshot.png")).enumerated().map { index, chunk in
                    guard chunk.type == "IDAT" else { return chunk }
                    return (chunk.type, chunk.data.enumerated().map { i, byte in index == 1 && i < 2 ? byte : random.next() })
                }
                return PNGBytes.file(chunks)
            case .jpegScrambledScan, .jpegCorruptScanNoMarkers:
                let jpeg = try Self.sample("photo.jpg")
                let scan = try Self.scanStart(jpeg)
                var body = Array(jpeg[scan..<jpeg.count - 2])
                for i in stride(from: 100, to: body.count, by: 3) {
                    let byte = random.next()
                    // Without 0xFF no marker appears: libjpeg only warns of corrupt data.
                    body[i] = self == .jpegCorruptScanNoMarkers && byte == 0xFF ? 0xFE : byte
                }
                if self == .jpegCorruptScanNoMarkers { body = body.map { $0 == 0xFF ? 0xFE : $0 } }
                return Array(jpeg[..<scan]) + body + [0xFF, 0xD9]
            case .jpegCutShort:
                let jpeg = try Self.sample("photo.jpg")
                return Array(jpeg.prefix(jpeg.count / 3))
            case .jpegCutInHeader:
                let jpeg = try Self.sample("photo.jpg")
                return Array(jpeg.prefix(try Self.scanStart(jpeg) / 2))
            }
        }

        static func sample(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: Support.path("samples/\(name)"))))
        }

        /// Where the entropy-coded data of the first scan starts.
        static func scanStart(_ jpeg: [UInt8]) throws -> Int {
            let sos = try #require((0..<jpeg.count - 3).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
            return sos + 2 + Int(jpeg[sos + 2]) << 8 + Int(jpeg[sos + 3])
        }
    }

    static let outputs = [["png"], ["pdf"], ["png", "--scale", "0.25"]]

    @Test(arguments: Damage.allCases, outputs)
    func renderFailsCleanly(_ damage: Damage, output: [String]) throws {
        let dir = try Support.scratch()
        let input = dir.appendingPathComponent(damage.fileName)
        try Data(try damage.bytes(scratch: dir)).write(to: input)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.\(output[0])")
        let previous = Data("previous good output".utf8)
        try previous.write(to: out)
        let result = try Support.pinrender(["render", input.path, "--pins", pins, "-o", out.path] + output.dropFirst())
        #expect(result.status == 2, "\(damage) to \(output): status \(result.status), stderr \(result.stderr.prefix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(damage.fileName)
                && !result.stderr.hasSuffix(": \n"), "\(damage) to \(output): \(result.stderr.prefix(300))")
        #expect(try Data(contentsOf: out) == previous)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [damage.fileName, "out.\(output[0])", "pins.json"].sorted(), "left \(left)")
    }

    @Test(arguments: Damage.allCases)
    func diffFailsCleanly(_ damage: Damage) throws {
        let dir = try Support.scratch()
        let input = dir.appendingPathComponent(damage.fileName)
        try Data(try damage.bytes(scratch: dir)).write(to: input)
        // The undamaged image of the same size: a size mismatch is found before any pixel is read.
        let good = damage == .pngInterlacedCutShort
            ? try TestImages.cells(width: 400, height: 240, cell: 16, seed: 5, in: dir, name: "good.png", interlace: true)
            : Support.path(damage.fileName.hasSuffix(".png") ? "samples/screenshot.png" : "samples/photo.jpg")
        for pair in [[input.path, good], [good, input.path]] {
            let result = try Support.pinrender(["diff"] + pair + ["-o", dir.appendingPathComponent("diff.png").path])
            #expect(result.status == 2 && result.stderr.split(separator: "\n").count == 1
                    && result.stderr.contains(damage.fileName) && !result.stderr.hasSuffix(": \n"),
                    "\(damage): \(result.status) \(result.stderr.prefix(300))")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "good.png" } == [damage.fileName])
    }
}
