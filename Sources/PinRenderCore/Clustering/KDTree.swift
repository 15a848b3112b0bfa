/// A static 2-D index of points for range and radius queries: a KD-tree kept in flat
/// arrays (the layout of kdbush), built once in O(n log n), no allocation per node.
struct KDTree {
    /// Point indices in tree order.
    private(set) var ids: [Int32]
    /// x, y of the point at each tree position.
    private var xs: [Double]
    private var ys: [Double]
    private let nodeSize: Int

    /// Indexes points `0..<xs.count`.
    init(xs: [Double], ys: [Double], nodeSize: Int = 64) {
        precondition(xs.count == ys.count)
        self.ids = (0..<Int32(xs.count)).map { $0 }
        self.xs = xs
        self.ys = ys
        self.nodeSize = max(2, nodeSize)
        if xs.count > 1 { sortKD(0, xs.count - 1, axis: 0) }
    }

    var count: Int { ids.count }

    /// Calls `body` with the index of every point within distance `r` of (x, y).
    func within(x: Double, y: Double, r: Double, _ body: (Int32) -> Void) {
        guard !ids.isEmpty else { return }
        let r2 = r * r
        let leaf = nodeSize
        ids.withUnsafeBufferPointer { ids in
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    // An explicit stack: the tree is at most 2 log2(n) deep.
                    withUnsafeTemporaryAllocation(of: (Int, Int, Int).self, capacity: 130) { stack in
                        var top = 0
                        stack[0] = (0, ids.count - 1, 0)
                        top = 1
                        while top > 0 {
                            top -= 1
                            let (left, right, axis) = stack[top]
                            if right - left <= leaf {
                                for i in left...right {
                                    let dx = xs[i] - x, dy = ys[i] - y
                                    if dx * dx + dy * dy <= r2 { body(ids[i]) }
                                }
                                continue
                            }
                            let m = (left + right) >> 1
                            let dx = xs[m] - x, dy = ys[m] - y
                            if dx * dx + dy * dy <= r2 { body(ids[m]) }
                            let value = axis == 0 ? x : y
                            let split = axis == 0 ? xs[m] : ys[m]
                            if value - r <= split { stack[top] = (left, m - 1, 1 - axis); top += 1 }
                            if value + r >= split { stack[top] = (m + 1, right, 1 - axis); top += 1 }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with the index of every point inside the closed box.
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double, _ body: (Int32) -> Void) {
        guard !ids.isEmpty else { return }
        range(minX, minY, maxX, maxY, 0, ids.count - 1, 0, body)
    }

    private func range(_ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double,
                       _ left: Int, _ right: Int, _ axis: Int, _ body: (Int32) -> Void) {
        if right - left <= nodeSize {
            for i in left...right where xs[i] >= minX && xs[i] <= maxX && ys[i] >= minY && ys[i] <= maxY {
                body(ids[i])
            }
            return
        }
        let m = (left + right) >> 1
        if xs[m] >= minX && xs[m] <= maxX && ys[m] >= minY && ys[m] <= maxY { body(ids[m]) }
        let split = axis == 0 ? xs[m] : ys[m]
        if (axis == 0 ? minX : minY) <= split { range(minX, minY, maxX, maxY, left, m - 1, 1 - axis, body) }
        if (axis == 0 ? maxX : maxY) >= split { range(minX, minY, maxX, maxY, m + 1, right, 1 - axis, body) }
    }

    private mutating func sortKD(_ left: Int, _ right: Int, axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(m, left, right, axis: axis)
        sortKD(left, m - 1, axis: 1 - axis)
        sortKD(m + 1, right, axis: 1 - axis)
    }

    /// Quickselect with a three-way partition (many equal coordinates are common: pins
    /// on one spot): afterwards [left, k) holds values <= the k-th on `axis`, (k, right]
    /// values >= it.
    private mutating func select(_ k: Int, _ left: Int, _ right: Int, axis: Int) {
        var left = left, right = right
        while right > left {
            let a = value(left, axis), b = value((left + right) >> 1, axis), c = value(right, axis)
            let pivot = max(min(a, b), min(max(a, b), c))
            var less = left, i = left, greater = right
            while i <= greater {
                let v = value(i, axis)
                if v < pivot {
                    swapItems(less, i)
                    less += 1
                    i += 1
                } else if v > pivot {
                    swapItems(i, greater)
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

    @inline(__always) private func value(_ i: Int, _ axis: Int) -> Double { axis == 0 ? xs[i] : ys[i] }

    @inline(__always) private mutating func swapItems(_ i: Int, _ j: Int) {
        ids.swapAt(i, j)
        xs.swapAt(i, j)
        ys.swapAt(i, j)
    }
}
