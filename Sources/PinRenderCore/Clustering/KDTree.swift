/// A static 2-D index of points for range and radius queries: a KD-tree kept in one flat
/// array (the layout of kdbush), built once in O(n log n) with no allocation per node.
struct KDTree: Sendable {
    /// A point and its index, in tree order.
    struct Item: Sendable {
        var x: Double
        var y: Double
        var id: Int32
    }

    private var items: [Item]
    private let nodeSize: Int

    /// Indexes points `0..<xs.count`; large inputs are sorted on both cores.
    init(xs: [Double], ys: [Double], nodeSize: Int = 64) {
        precondition(xs.count == ys.count)
        items = (0..<xs.count).map { Item(x: xs[$0], y: ys[$0], id: Int32($0)) }
        self.nodeSize = max(2, nodeSize)
        let leaf = self.nodeSize
        items.withUnsafeMutableBufferPointer { buffer in
            guard buffer.count > 1 else { return }
            let tree = UnsafeTree(items: buffer, nodeSize: leaf)
            if buffer.count < 50_000 {
                tree.sort(0, buffer.count - 1, axis: 0)
                return
            }
            // Split once, then sort the halves side by side: they touch disjoint ranges.
            let last = buffer.count - 1, m = last >> 1
            tree.select(m, 0, last, axis: 0)
            _ = try? WorkerPool(workers: 2).map(2, context: { _ in }) { _, half in
                if half == 0 { tree.sort(0, m - 1, axis: 1) } else { tree.sort(m + 1, last, axis: 1) }
            }
        }
    }

    /// Calls `body` with the index of every point within distance `r` of (x, y).
    func within(x: Double, y: Double, r: Double, _ body: (Int32) -> Void) {
        guard !items.isEmpty else { return }
        let r2 = r * r
        let leaf = nodeSize
        items.withUnsafeBufferPointer { items in
            // An explicit stack: the tree is at most 2 log2(n) deep.
            withUnsafeTemporaryAllocation(of: (Int, Int, Int).self, capacity: 130) { stack in
                stack[0] = (0, items.count - 1, 0)
                var top = 1
                while top > 0 {
                    top -= 1
                    let (left, right, axis) = stack[top]
                    if right - left <= leaf {
                        for i in left...right {
                            let dx = items[i].x - x, dy = items[i].y - y
                            if dx * dx + dy * dy <= r2 { body(items[i].id) }
                        }
                        continue
                    }
                    let m = (left + right) >> 1
                    let item = items[m]
                    let dx = item.x - x, dy = item.y - y
                    if dx * dx + dy * dy <= r2 { body(item.id) }
                    let value = axis == 0 ? x : y
                    let split = axis == 0 ? item.x : item.y
                    if value - r <= split { stack[top] = (left, m - 1, 1 - axis); top += 1 }
                    if value + r >= split { stack[top] = (m + 1, right, 1 - axis); top += 1 }
                }
            }
        }
    }

    /// Calls `body` with the index of every point inside the closed box.
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double, _ body: (Int32) -> Void) {
        guard !items.isEmpty else { return }
        var stack = [(0, items.count - 1, 0)]
        while let (left, right, axis) = stack.popLast() {
            if right - left <= nodeSize {
                for i in left...right where items[i].x >= minX && items[i].x <= maxX
                    && items[i].y >= minY && items[i].y <= maxY {
                    body(items[i].id)
                }
                continue
            }
            let m = (left + right) >> 1
            let item = items[m]
            if item.x >= minX && item.x <= maxX && item.y >= minY && item.y <= maxY { body(item.id) }
            let split = axis == 0 ? item.x : item.y
            if (axis == 0 ? minX : minY) <= split { stack.append((left, m - 1, 1 - axis)) }
            if (axis == 0 ? maxX : maxY) >= split { stack.append((m + 1, right, 1 - axis)) }
        }
    }
}

/// The sorting half of ``KDTree``, on a raw buffer so two threads can sort disjoint ranges.
/// `@unchecked Sendable`: the threads sharing it touch disjoint ranges of the buffer, and the
/// buffer outlives them (``KDTree/init(xs:ys:nodeSize:)`` waits for both).
private struct UnsafeTree: @unchecked Sendable {
    let items: UnsafeMutableBufferPointer<KDTree.Item>
    let nodeSize: Int

    func sort(_ left: Int, _ right: Int, axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(m, left, right, axis: axis)
        sort(left, m - 1, axis: 1 - axis)
        sort(m + 1, right, axis: 1 - axis)
    }

    @inline(__always) private func value(_ i: Int, _ axis: Int) -> Double { axis == 0 ? items[i].x : items[i].y }

    /// Quickselect with a three-way partition (many equal coordinates are common: pins
    /// on one spot): afterwards [left, k) holds values <= the k-th on `axis`, (k, right]
    /// values >= it.
    func select(_ k: Int, _ left: Int, _ right: Int, axis: Int) {
        var left = left, right = right
        while right > left {
            let a = value(left, axis), b = value((left + right) >> 1, axis), c = value(right, axis)
            let pivot = max(min(a, b), min(max(a, b), c))
            var less = left, i = left, greater = right
            while i <= greater {
                let v = value(i, axis)
                if v < pivot {
                    items.swapAt(less, i)
                    less += 1
                    i += 1
                } else if v > pivot {
                    items.swapAt(i, greater)
                    greater -= 1
                } else {
                    i += 1
                }
            }
            if k < less {
                right = less - 1
            } else if k > greater {
                left = greater + 1
            } else {
                return
            }
        }
    }
}
