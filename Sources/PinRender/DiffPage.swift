import Foundation
import PinRenderCore
import PinRenderGraphics

/// One page of a `pinrender diff` input: a PNG read row by row as it is compared, or pixels
/// drawn whole (a JPEG, a PDF page).
enum DiffPage: Sendable {
    case png(PNGRowReader)
    case pixels(PixelBuffer)

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
}

/// A page's rows handed to the stripes of a comparison, stripe by stripe in order, each
/// with ``ImageDiff/context`` rows above and below it: a PNG's are read from its file into
/// the stripe's buffer (the rows two stripes share are kept from the one above, so each row
/// is decoded once), after the stripes above have had theirs, while other workers compare
/// those. Memory holds the stripes being compared, never the page (unless it was drawn whole).
///
/// `@unchecked Sendable`: the reading state is used under `condition`'s lock only.
final class RowFeed: @unchecked Sendable {
    private let page: DiffPage
    private let condition = NSCondition()
    /// The stripe whose rows are read next.
    private var turn = 0
    /// Set when the comparison stops early or a read failed: the stripes left get no rows.
    private var stopped = false
    /// Rows read from the file so far; the last of them, kept for the next stripe.
    private var read = 0
    private var kept: [UInt8] = []

    init(_ page: DiffPage) {
        self.page = page
    }

    /// The rows a stripe is compared with: its own and ``ImageDiff/context`` on each side.
    static func needed(_ rows: Range<Int>, height: Int) -> Range<Int> {
        max(0, rows.lowerBound - ImageDiff.context)..<min(height, rows.upperBound + ImageDiff.context)
    }

    /// Runs `body` with rows `needed` of stripe `index` (RGBA, and the image row they start
    /// at), read into `buffer` (room for them) for a PNG once the stripes above have theirs.
    /// Returns nil, without running `body`, once the feed is stopped.
    func rows<T>(stripe index: Int, needed: Range<Int>, buffer: UnsafeMutablePointer<UInt8>,
                 _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> T) throws -> T? {
        let rowBytes = page.width * 4
        switch page {
        case .pixels(let pixels):
            guard !isStopped else { return nil }
            return try pixels.rgba.withUnsafeBufferPointer { try body($0, 0) }
        case .png(let reader):
            condition.lock()
            while turn != index && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return nil
            }
            let reading = Result { try read(needed, from: reader, into: buffer) }
            if case .failure = reading { stopped = true }
            turn += 1
            condition.broadcast()
            condition.unlock()
            try reading.get()
            return try body(UnsafeBufferPointer(start: buffer, count: needed.count * rowBytes), needed.lowerBound)
        }
    }

    /// Rows `needed` into `buffer`: those the stripe above read too from ``kept``, the rest
    /// from the file; keeps the last rows for the stripe below. Under the lock.
    private func read(_ needed: Range<Int>, from reader: PNGRowReader, into buffer: UnsafeMutablePointer<UInt8>) throws {
        let rowBytes = page.width * 4
        let reused = (read - needed.lowerBound) * rowBytes
        precondition(reused >= 0 && reused <= kept.count, "stripes are read in order, overlapping by the context")
        if reused > 0 {
            kept.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + $0.count - reused, count: reused) }
        }
        try reader.read(rows: needed.upperBound - read, into: buffer + reused)
        read = needed.upperBound
        let keep = min(needed.count, 2 * ImageDiff.context) * rowBytes
        kept = Array(UnsafeBufferPointer(start: buffer + needed.count * rowBytes - keep, count: keep))
    }

    /// The stripes not yet given rows get none.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }
}
