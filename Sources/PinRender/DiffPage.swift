import Foundation
import PinRenderCore
import PinRenderGraphics

/// One page of a `pinrender diff` input: a PNG read row by row as it is compared, or pixels
/// drawn whole (a JPEG, a PDF page).
enum DiffPage: Sendable {
    case png(PNGRowReader)
    case pixels(PixelBuffer)

    /// Rows compared at a time when no diff image is written (one is written in the PNG
    /// writer's stripes).
    static let stripeRows = 512

    var width: Int {
        switch self {
        case .png(let reader): return reader.width
        case .pixels(let pixels): return pixels.width
        }
    }

    var height: Int {
        switch self {
        case .png(let reader): return reader.height
        case .pixels(let pixels): return pixels.height
        }
    }

    /// A page's rows held in memory: `rgba` holds rows from `first` on.
    struct Rows: Sendable {
        var first = 0
        var rgba: [UInt8] = []

        /// Image rows `rows` (held) as pixels of their own.
        func pixels(_ rows: Range<Int>, width: Int) -> PixelBuffer {
            let start = (rows.lowerBound - first) * width * 4
            return PixelBuffer(width: width, height: rows.count, rgba: Array(rgba[start..<start + rows.count * width * 4]))
        }
    }

    /// Makes `held` hold rows `needed` of two pages of the same size, reading on (rows only
    /// move down the page) and dropping the rows above; two PNGs are read side by side.
    static func hold(_ needed: Range<Int>, of pages: [DiffPage], in held: inout (x: Rows, y: Rows)) throws {
        let rows = [Exclusive(held.x), Exclusive(held.y)]
        held = (Rows(), Rows()) // the arrays stay unshared, so they grow in place
        _ = try WorkerPool(workers: 2).map(2, context: { _ in }) { _, index in
            try rows[index].use { try pages[index].advance(&$0, to: needed) }
        }
        held = (rows[0].use { $0 }, rows[1].use { $0 })
    }

    private func advance(_ rows: inout Rows, to needed: Range<Int>) throws {
        let rowBytes = width * 4
        if needed.lowerBound > rows.first {
            rows.rgba.removeFirst(min(rows.rgba.count, (needed.lowerBound - rows.first) * rowBytes))
            rows.first = needed.lowerBound
        }
        let have = rows.first + rows.rgba.count / rowBytes
        guard needed.upperBound > have else { return }
        switch self {
        case .png(let reader):
            try reader.read(rows: needed.upperBound - have, appendingTo: &rows.rgba)
        case .pixels(let pixels):
            rows.rgba += pixels.rgba[have * rowBytes..<needed.upperBound * rowBytes]
        }
    }
}
