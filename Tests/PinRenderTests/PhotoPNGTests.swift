import Foundation
import Testing
import PinRenderGraphics

/// Stripes that look like a photograph (few Up-filtered bytes zero) are deflated whole by
/// libdeflate and joined to the others: the file decodes to its pixels, is the same bytes on
/// any number of workers, and is close to zlib's best on the same rows.
@Suite struct PhotoPNGTests {
    /// A gradient with film grain, B, G, R, unused: every row photographic.
    @Sendable static func grain(x: Int, y: Int, width: Int) -> (UInt8, UInt8, UInt8) {
        var state = UInt64(y * 7919 + x) &* 6364136223846793005 &+ 1442695040888963407
        state ^= state >> 29
        let noise = Int(state % 11) - 5
        func clamp(_ v: Int) -> UInt8 { UInt8(max(0, min(255, v))) }
        return (clamp(x * 200 / max(width, 1) + noise), clamp(y / 6 + noise), clamp(180 - y / 10 + noise))
    }

    /// Widths from one pixel, several stripes of rows (each stripe's first row Sub-filtered,
    /// the stripes joined from parts ending on a byte), on 1, 2 and 3 workers.
    @Test(arguments: [1, 7, 301])
    func photographicStripesDecodeToTheirPixelsOnAnyWorkers(width: Int) throws {
        let dir = try Support.scratch()
        let height = 1300
        let files = try ComputedImages.written(width: width, height: height, in: dir, name: "photo", color: { Self.grain(x: $0, y: $1, width: width) })
        #expect(Set(files).count == 1, "the bytes depend on the workers")
    }

    /// The sample photo with its pins and tooltips (`make bench`'s page): its image data is
    /// within 5% of zlib's level 9 (optipng's search) on the same filtered rows; zlib's level
    /// 6, row by row, was 8% over.
    @Test func aPhotographIsCloseToZlibsBest() throws {
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("photo.png").path
        let run = try Support.pinrender(["render", Support.path("samples/photo.jpg"), "--pins", Support.path("samples/pins/photo.json"),
                                         "--tooltips", "all", "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        let script = """
            import sys, zlib
            data = open(sys.argv[1], 'rb').read()
            i, idat = 8, b''
            while i < len(data):
                n = int.from_bytes(data[i:i + 4], 'big')
                if data[i + 4:i + 8] == b'IDAT': idat += data[i + 8:i + 8 + n]
                i += 12 + n
            print(len(idat), len(zlib.compress(zlib.decompress(idat), 9)))
            """
        let sizes = try Support.run("/usr/bin/python3", ["-c", script, out])
        let numbers = sizes.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(numbers.count == 2, "\(sizes.stdout) \(sizes.stderr)")
        #expect(numbers[0] <= numbers[1] * 1.05, "\(Int(numbers[0])) bytes against zlib level 9's \(Int(numbers[1]))")
    }
}
