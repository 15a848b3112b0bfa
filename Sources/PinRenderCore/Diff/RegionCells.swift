import Foundation

/// Groups differing pixels into boxes: cells of 8 x 8 pixels that hold any are joined with
/// their 8 neighbours; each group's box is that of its pixels. Pixels can be added a stripe
/// at a time, or a stripe of rows each and merged: memory holds a box per cell, not the pixels.
struct RegionCells: Sendable {
    static let cell = 8
    private var boxes: [Int64: (minX: Int, minY: Int, maxX: Int, maxY: Int)] = [:]

    /// Adds the pixel (x, y).
    mutating func add(x: Int, y: Int) {
        let key = Int64(y / Self.cell) << 32 | Int64(x / Self.cell)
        if let box = boxes[key] {
            boxes[key] = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
        } else {
            boxes[key] = (x, y, x, y)
        }
    }

    /// Adds the pixels of `other` (cells filled in any order give the same regions).
    mutating func merge(_ other: RegionCells) {
        boxes.merge(other.boxes) { a, b in (min(a.minX, b.minX), min(a.minY, b.minY), max(a.maxX, b.maxX), max(a.maxY, b.maxY)) }
    }

    /// The boxes of the groups, top to bottom, then left to right.
    func regions() -> [CGRect] {
        var seen = Set<Int64>()
        var result: [CGRect] = []
        for start in boxes.keys.sorted() where !seen.contains(start) {
            var stack = [start]
            seen.insert(start)
            var box = boxes[start]!
            while let key = stack.popLast() {
                let cy = key >> 32, cx = key & 0xFFFF_FFFF
                for dy in -1...1 {
                    for dx in -1...1 {
                        let ny = cy + Int64(dy), nx = cx + Int64(dx)
                        guard ny >= 0, nx >= 0 else { continue }
                        let next = ny << 32 | nx
                        guard let other = boxes[next], !seen.contains(next) else { continue }
                        seen.insert(next)
                        stack.append(next)
                        box = (min(box.minX, other.minX), min(box.minY, other.minY), max(box.maxX, other.maxX), max(box.maxY, other.maxY))
                    }
                }
            }
            result.append(CGRect(x: box.minX, y: box.minY, width: box.maxX - box.minX + 1, height: box.maxY - box.minY + 1))
        }
        return result.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }
}
