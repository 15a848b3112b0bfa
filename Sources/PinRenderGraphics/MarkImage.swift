import Foundation
internal import CPangoCairo

/// A mark's drawing (``MarkImages``) with what ``MarkLayer`` needs to lay it down in part:
/// pixman's view of its pixels and, row by row, the columns it inks and a run of columns it
/// covers opaquely.
final class MarkImage {
    let surface: ImageSurface
    let pixels: PixmanImage
    let width: Int
    let height: Int
    /// Per row, from its first inked column to one past its last (an empty range: none).
    let ink: [Range<Int>]
    /// Per row, the longest run of columns whose pixels are opaque (alpha 255): whatever
    /// was under them, laying the image down leaves these pixels the image's own.
    let opaque: [Range<Int>]

    /// `surface`: premultiplied B, G, R, A words.
    init(_ surface: ImageSurface) throws {
        guard let pixels = PixmanImage(surface: surface.handle) else {
            throw GraphicsError.cairo(context: "reading a mark's pixels", status: "not a 32-bit image")
        }
        (self.surface, self.pixels) = (surface, pixels)
        (width, height) = (surface.width, surface.height)
        var (ink, opaque) = ([Range<Int>](), [Range<Int>]())
        surface.read { data, stride in
            for y in 0..<surface.height {
                let row = UnsafeBufferPointer(start: UnsafeRawPointer(data + y * Int(stride)).assumingMemoryBound(to: UInt32.self),
                                              count: surface.width)
                let first = row.firstIndex { $0 != 0 }, last = row.lastIndex { $0 != 0 }
                ink.append(first.flatMap { first in last.map { first..<$0 + 1 } } ?? 0..<0)
                opaque.append(Self.longestOpaqueRun(row))
            }
        }
        (self.ink, self.opaque) = (ink, opaque)
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
