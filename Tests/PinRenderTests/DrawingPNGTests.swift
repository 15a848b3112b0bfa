import Foundation
import Testing
import PinRenderGraphics

/// Stripes of a dense drawing (hatching, where a row repeats the one above a pixel along, with
/// specks: rows that deflate 8 to 24 to 1) are written unfiltered and deflated by libdeflate a
/// part of rows at a time, the parts joined within a stripe as the stripes are: the file
/// decodes to its pixels, is the same bytes on any number of workers, and is within a tenth of
/// zlib's best on the same rows (its deep search, row by row, is 6% over on these rows, the
/// parts 8%; on the dense sheet of `make bench` the parts are 3% smaller).
@Suite struct DrawingPNGTests {
    /// Diagonal hatching with an anti-aliased edge and grey specks, R, G, B.
    @Sendable static func hatch(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        var state = UInt64(y * 7919 + x) &* 6364136223846793005 &+ 1442695040888963407
        state ^= state >> 29
        if state % 23 == 0 { return (UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 8)) }
        switch (x + y) % 7 {
        case 0: return (40, 40, 40)
        case 1: return (190, 180, 180)
        default: return (255, 255, 255)
        }
    }

    /// The filter bytes of a PNG's rows (its IDAT data inflated by Python's zlib), the sizes of
    /// that data and of the same rows deflated by zlib's level 9 (optipng's search), and the
    /// number of empty stored blocks in it (where parts and stripes join).
    static func rows(of path: String) throws -> (filters: [UInt8], size: Double, best: Double, joins: Int) {
        let script = """
            import sys, zlib
            data = open(sys.argv[1], 'rb').read()
            i, idat = 8, b''
            width = int.from_bytes(data[16:20], 'big')
            while i < len(data):
                n = int.from_bytes(data[i:i + 4], 'big')
                if data[i + 4:i + 8] == b'IDAT': idat += data[i + 8:i + 8 + n]
                i += 12 + n
            raw = zlib.decompress(idat)
            print(len(idat), len(zlib.compress(raw, 9)), idat.count(bytes([0, 0, 255, 255])))
            print(' '.join(str(raw[k]) for k in range(0, len(raw), 1 + 3 * width)))
            """
        let run = try Support.run("/usr/bin/python3", ["-c", script, path])
        let lines = run.stdout.split(separator: "\n")
        try #require(lines.count == 2, "\(run.stdout) \(run.stderr)")
        let sizes = lines[0].split(separator: " ").compactMap { Double($0) }
        try #require(sizes.count == 3)
        return (lines[1].split(separator: " ").compactMap { UInt8($0) }, sizes[0], sizes[1], Int(sizes[2]))
    }

    /// Widths from one pixel; 1300 rows: stripes of several parts, each part's first row
    /// finding nothing of the part before; on 1, 2 and 3 workers.
    @Test(arguments: [1, 7, 301])
    func hatchedStripesDecodeToTheirPixelsOnAnyWorkers(width: Int) throws {
        let dir = try Support.scratch()
        let height = 1300
        let files = try ComputedImages.written(width: width, height: height, in: dir, name: "hatch", color: { Self.hatch(x: $0, y: $1) })
        #expect(Set(files).count == 1, "the bytes depend on the workers")
        if width == 301 {
            let written = try Self.rows(of: dir.appendingPathComponent("hatch-1.png").path)
            #expect(written.filters.count == height)
            #expect(written.filters.allSatisfy { $0 == 0 }, "rows not written unfiltered: \(Set(written.filters))")
            #expect(written.size <= written.best * 1.1, "\(Int(written.size)) bytes against zlib level 9's \(Int(written.best))")
            #expect(written.joins >= height / 128 - 1, "\(written.joins) joins: not deflated in parts")
        }
    }
}
