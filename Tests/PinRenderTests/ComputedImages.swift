import Foundation
import Testing
import PinRenderGraphics

/// Images computed pixel by pixel and written by ``ComputedPNG`` on 1, 2 and 3 workers.
enum ComputedImages {
    /// Writes `width` x `height` pixels of `color` (R, G, B at x, y) as `name`-1.png, -2.png and
    /// -3.png in `dir`, by 1, 2 and 3 workers at level 6; expects each to decode to its pixels
    /// and returns the three files' bytes.
    static func written(width: Int, height: Int, in dir: URL, name: String,
                        color: @escaping @Sendable (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> [Data] {
        var files: [Data] = []
        for workers in [1, 2, 3] {
            let path = dir.appendingPathComponent("\(name)-\(workers).png").path
            try ComputedPNG.write(width: width, height: height, level: 6, workers: workers, to: path, name: "\(name).png",
                                  context: { _ in }, deliver: { (_: Int, _: Int) in }) { _, _, rows, pixels in
                for (n, y) in rows.enumerated() {
                    for x in 0..<width {
                        let (r, g, b) = color(x, y), i = (n * width + x) * 4
                        (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (b, g, r, 0)
                    }
                }
                return 0
            }
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            let decoded = try PixelBuffer(pngAt: path)
            var wrong = 0
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = color(x, y), p = decoded.pixel(x: x, y: y)
                    if p.r != r || p.g != g || p.b != b || p.a != 255 { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(name), width \(width), \(workers) workers: \(wrong) pixels wrong")
        }
        return files
    }
}
