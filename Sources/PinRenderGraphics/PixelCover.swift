import Foundation

/// Which pixels of a `width` x `height` area are covered, one bit each (a row's bits in
/// 64-bit words, the first column in the lowest bit): what ``MarkLayer`` knows, going from
/// the last mark to the first, of the pixels the marks above are opaque on. Asked a few
/// times for each row of each mark (a million times for 10,000 markers), so it works on its
/// words directly.
final class PixelCover {
    let width: Int
    let height: Int
    private let wordsPerRow: Int
    private let bits: UnsafeMutablePointer<UInt64>

    /// Nothing covered.
    init(width: Int, height: Int) {
        (self.width, self.height) = (max(0, width), max(0, height))
        wordsPerRow = (self.width + 63) / 64
        bits = .allocate(capacity: max(1, wordsPerRow * self.height))
        bits.initialize(repeating: 0, count: max(1, wordsPerRow * self.height))
    }

    deinit {
        bits.deallocate()
    }

    /// The first and last columns from `from` up to `to` (not included) in `row` that are
    /// not covered; nil if all are. `from` < `to`, both within the area, as `row` is.
    @inline(__always)
    func uncovered(row: Int, from: Int, to: Int) -> (first: Int, last: Int)? {
        let words = bits + row * wordsPerRow
        let (firstWord, lastWord) = (from >> 6, (to - 1) >> 6)
        let (firstMask, lastMask) = Self.masks(from: from, to: to)
        var word = firstWord
        var open = ~words[word] & firstMask & (word == lastWord ? lastMask : ~0)
        while open == 0 {
            word += 1
            guard word <= lastWord else { return nil }
            open = ~words[word] & (word == lastWord ? lastMask : ~0)
        }
        let first = word << 6 + open.trailingZeroBitCount
        word = lastWord
        open = ~words[word] & lastMask & (word == firstWord ? firstMask : ~0)
        while open == 0 {
            word -= 1
            open = ~words[word] & (word == firstWord ? firstMask : ~0)
        }
        return (first, word << 6 + 63 - open.leadingZeroBitCount)
    }

    /// Covers the columns from `from` up to `to` (not included) of `row`: nothing if
    /// `from` >= `to`; else both within the area, as `row` is.
    @inline(__always)
    func cover(row: Int, from: Int, to: Int) {
        guard from < to else { return }
        let words = bits + row * wordsPerRow
        let (firstWord, lastWord) = (from >> 6, (to - 1) >> 6)
        let (firstMask, lastMask) = Self.masks(from: from, to: to)
        if firstWord == lastWord {
            words[firstWord] |= firstMask & lastMask
            return
        }
        words[firstWord] |= firstMask
        for word in firstWord + 1 ..< lastWord { words[word] = ~0 }
        words[lastWord] |= lastMask
    }

    /// The bits from `from` on in its word, and up to `to` (not included) in its word.
    private static func masks(from: Int, to: Int) -> (first: UInt64, last: UInt64) {
        (~0 &<< UInt64(from & 63), ~0 &>> UInt64(63 - (to - 1) & 63))
    }
}
