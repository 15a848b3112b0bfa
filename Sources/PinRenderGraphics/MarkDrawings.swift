import Foundation

/// A mark's drawing as it is kept for the whole process (``MarkDrawings``): its pixels
/// (premultiplied B, G, R, A words) cut to the pixels it inks, row by row the columns it inks
/// and the longest run it covers opaquely, and where its top left pixel is from the pixel the
/// mark's point is in. The thread that draws it writes its pixels before it is shared; they
/// are only read after.
struct MarkDrawing: Sendable {
    let pixels: ImageSurface
    /// Per row, from its first inked column to one past its last (an empty range: none).
    let ink: [Range<Int>]
    /// Per row, the longest run of columns whose pixels are opaque (alpha 255): whatever
    /// was under them, laying the drawing down leaves these pixels its own.
    let opaque: [Range<Int>]
    let left: Int
    let top: Int

    var width: Int { pixels.width }
    var height: Int { pixels.height }

    init(_ pixels: ImageSurface, left: Int, top: Int) {
        var (ink, opaque) = ([Range<Int>](), [Range<Int>]())
        pixels.readRows { _, row in
            ink.append(Self.inkedColumns(row))
            opaque.append(Self.longestOpaqueRun(row))
        }
        (self.pixels, self.ink, self.opaque, self.left, self.top) = (pixels, ink, opaque, left, top)
    }

    /// From the first column of `row` that is not transparent to one past the last (empty: none).
    static func inkedColumns(_ row: UnsafeBufferPointer<UInt32>) -> Range<Int> {
        guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 }) else { return 0..<0 }
        return first..<last + 1
    }

    private static func longestOpaqueRun(_ row: UnsafeBufferPointer<UInt32>) -> Range<Int> {
        var (best, start) = (0..<0, 0)
        for (x, pixel) in row.enumerated() where pixel >> 24 != 0xFF {
            if x - start > best.count { best = start..<x }
            start = x + 1
        }
        return row.count - start > best.count ? start..<row.count : best
    }
}

/// The marks' drawings of the process, shared by every canvas on every thread: the workers
/// of a page, and the pages of a batch or of a service, draw each mark once. A drawing is
/// made outside the lock; two threads making the same one at once make the same pixels (a
/// ``MarkImages/Key`` holds all a drawing depends on), and the one kept first serves both
/// after. Past ``budget`` bytes of pixels, drawings are still made but no longer kept.
///
/// `@unchecked Sendable`: what it keeps is reached only under its lock (an `NSLock`, which
/// ThreadSanitizer follows; on Linux, `Mutex` hands a contended lock over in the kernel,
/// where it cannot see).
final class MarkDrawings: @unchecked Sendable {
    /// The process's: 32 MB, about 800 drawings of 100 x 100 pixels.
    static let shared = MarkDrawings(budget: 32 << 20)

    let budget: Int
    private let lock = NSLock()
    private var drawings: [MarkImages.Key: MarkDrawing?] = [:]
    private var bytes = 0

    init(budget: Int) {
        self.budget = budget
    }

    /// The drawing kept for `key`, or the one `make` makes (nil: the mark inks nothing).
    func drawing(for key: MarkImages.Key, make: () throws -> MarkDrawing?) rethrows -> MarkDrawing? {
        if let known = kept(key) { return known }
        let made = try make()
        lock.lock()
        defer { lock.unlock() }
        if let known = drawings[key] { return known }
        let size = made.map { $0.width * $0.height * 4 } ?? 0
        if bytes + size <= budget {
            drawings[key] = .some(made)
            bytes += size
        }
        return made
    }

    private func kept(_ key: MarkImages.Key) -> MarkDrawing?? {
        lock.lock()
        defer { lock.unlock() }
        return drawings[key]
    }
}
