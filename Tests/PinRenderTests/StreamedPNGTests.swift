import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// A tall PNG goes to its file a stripe at a time, as soon as the stripes above it are
/// done: memory holds at most as many finished stripes as there are workers, never the
/// whole compressed image.
@Suite struct StreamedPNGTests {
    /// The IDAT chunk lengths of a PNG, in order.
    static func dataChunks(_ data: Data) -> [Int] {
        var lengths: [Int] = []
        var offset = 8
        let bytes = [UInt8](data)
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" { lengths.append(length) }
            offset += 12 + length
        }
        return lengths
    }

    /// When the c-th stripe starts drawing, at least c stripes were handed out, so the
    /// stripes above the last `workers` of them must be in the file already.
    @Test(arguments: [1, 2])
    func stripesReachTheFileWhileLaterOnesDraw(workers: Int) throws {
        let dir = try Support.scratch()
        let path = dir.appendingPathComponent("tall.png").path
        let width = 64, height = 600 * 8
        let drawn = Exclusive([Int]())
        try StripedPNG.write(width: width, height: height, workers: workers, to: path, name: path,
                             worker: { $0 }) { canvas, _ in
            drawn.use { $0.append(((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0) }
            // Bands of color that differ from stripe to stripe: no two stripes compress alike.
            for band in 0..<height / 50 {
                canvas.fill(CGRect(x: Double(band % 7), y: Double(band * 50), width: 40, height: 50),
                            color: Color(red: Double(band % 5) / 4, green: Double(band % 3) / 2, blue: 0.5))
            }
        }
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        // The zlib header, one chunk per stripe (each well under the 1 MB chunk limit), the checksum.
        let chunks = Self.dataChunks(file)
        #expect(chunks.count == 8 + 2 && chunks.first == 2 && chunks.last == 4)
        let stripes = Array(chunks.dropFirst().dropLast())
        let header = 8 + 25 + 12 + 2
        let sizes = drawn.use { $0 }
        #expect(sizes.count == 8)
        for (index, size) in sizes.enumerated() {
            let written = max(0, index + 1 - workers)
            let expected = header + stripes.prefix(written).reduce(0) { $0 + 12 + $1 }
            #expect(size >= expected, "stripe drawing #\(index + 1): \(size) bytes in the file, \(expected) expected")
        }
        // The stream is the PNG a whole canvas writes.
        let whole = try ImageCanvas(width: width, height: height)
        for band in 0..<height / 50 {
            whole.fill(CGRect(x: Double(band % 7), y: Double(band * 50), width: 40, height: 50),
                       color: Color(red: Double(band % 5) / 4, green: Double(band % 3) / 2, blue: 0.5))
        }
        let reference = dir.appendingPathComponent("whole.png").path
        try whole.writePNG(to: reference, name: reference)
        #expect(try Data(contentsOf: URL(fileURLWithPath: reference)) == file)
    }
}
