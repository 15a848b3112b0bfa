import Foundation

/// Picks one place per tooltip for a whole page, as map labelers do (greedy by difficulty,
/// then local repair, after Christensen, Marks and Shieber, 1995): the hardest pins first
/// (those with the fewest places clear of markers), each taking its best place clear of the
/// tooltips already placed; a pin with none left moves up to three neighbours to other
/// places to make room; pins still without a place go first in another round; then each pin
/// moves to a better place that has come free. Without `strict`, the pins left take the
/// place where they cover least, last. Obstacles and placed tooltips are looked up
/// in grids, so a page costs O(n log n) for n pins. The same requests give the same
/// choices, whatever the grid's cell.
struct TooltipLabeler {
    /// One tooltip to place.
    struct Request {
        var id: String
        /// The places to choose from, best first (``TooltipPlacer/candidates``).
        var candidates: [TooltipCandidate]
        /// Where the box goes when no candidate is taken and it must be shown.
        var fallback: TooltipCandidate?
    }

    /// With `strict`, a tooltip that finds no clear place is dropped; otherwise it takes the
    /// place where it covers least.
    var strict: Bool
    /// Markers, bubbles and indicators, by owner id ("" for none).
    var obstacles: RectGrid
    /// The grid cell for placed tooltips: about the largest box, so that a lookup touches few cells.
    var cell: Double

    /// The choice for each request (in `requests` order), nil when dropped, and the indices
    /// of the shown tooltips that overlap another tooltip or cover another pin's mark.
    /// `requests` come most important first: that order breaks ties.
    func label(_ requests: [Request]) -> (choices: [TooltipCandidate?], overlapping: [Int]) {
        // One lookup a pin: the marks near any of its places.
        let free = requests.map { request -> [TooltipCandidate] in
            guard let first = request.candidates.first else { return [] }
            let region = request.candidates.dropFirst().reduce(first.footprint) { $0.union($1.footprint) }
            let marks = obstacles.near(region).filter { $0.id != request.id }
            return request.candidates.filter { candidate in !marks.contains { candidate.covers($0.rect) } }
        }
        var order = requests.indices.sorted { a, b in
            (free[a].isEmpty ? 1 : 0, free[a].count, a) < (free[b].isEmpty ? 1 : 0, free[b].count, b)
        }
        // Greedy rounds: the pins left without a place go first in the next round, which is
        // kept when it leaves fewer (at most three rounds; none more on a page where a
        // quarter find no place: it has no room).
        var (placed, left) = greedy(order, free: free)
        for _ in 1..<3 where !left.isEmpty && 4 * left.count <= order.count {
            let first = Set(left)
            order = left + order.filter { !first.contains($0) }
            let next = greedy(order, free: free)
            if next.left.count < left.count { (placed, left) = next }
        }
        // Local repair: a pin that had to settle for less moves to a better place come free,
        // until none can, in at most four passes (each O(n)).
        var moved = true, passes = 0
        while moved && passes < 4 {
            moved = false
            passes += 1
            for i in order {
                guard let current = placed.choice[i], let rank = free[i].firstIndex(of: current), rank > 0 else { continue }
                if let better = free[i][..<rank].first(where: { placed.conflicts($0, of: i).isEmpty }) {
                    placed.put(i, better)
                    moved = true
                }
            }
        }
        if !strict {
            // On a page without room (more than `crowd` left), each takes its least covering
            // place among those placed clear and the marks, not among the others left too,
            // which would cost each the whole crowd.
            let crowd = left.count > Self.crowd
            var chosen: [(Int, TooltipCandidate?)] = []
            for i in left.sorted() {
                let choice = leastCovering(requests[i], of: i, placed: placed)
                if crowd { chosen.append((i, choice)) } else { placed.put(i, choice) }
            }
            for (i, choice) in chosen { placed.put(i, choice) }
        }
        let overlapping = requests.indices.filter { i in
            guard let c = placed.choice[i] else { return false }
            return placed.overlapsAnother(c, of: i)
                || obstacles.near(c.rect).contains { $0.id != requests[i].id && TooltipCandidate.overlap(c.rect, $0.rect) > 0 }
        }
        return (requests.indices.map { placed.choice[$0] }, overlapping)
    }

    /// More pins left without a clear place than this, and the page has no room: those
    /// left are placed without regard to one another.
    static let crowd = 64

    /// One greedy round in `order`: each pin takes its best clear place, or makes room by
    /// moving neighbours; those that find none are left, in order.
    private func greedy(_ order: [Int], free: [[TooltipCandidate]]) -> (placed: Placed, left: [Int]) {
        var placed = Placed(cell: cell, count: free.count)
        var left: [Int] = []
        for i in order {
            if let choice = free[i].first(where: { placed.conflicts($0, of: i).isEmpty }) {
                placed.put(i, choice)
            } else if !repair(i, free: free, placed: &placed) {
                left.append(i)
            }
        }
        return (placed, left)
    }

    /// Makes room for pin `i`: its first place whose colliding tooltips (three at most) all
    /// move to other clear places, they in turn moving theirs one level deeper, within a
    /// budget of tries so that a crowded page stays O(n).
    private func repair(_ i: Int, free: [[TooltipCandidate]], placed: inout Placed) -> Bool {
        var budget = 120
        placed.log.removeAll(keepingCapacity: true)
        return free[i].contains { move(i, to: $0, free: free, placed: &placed, depth: 0, fixed: [i], budget: &budget) }
    }

    /// Puts pin `i` at `candidate`, moving the tooltips in its way (none of `fixed`) to their
    /// first clear places, or, `depth` levels deep, making room for them in turn; undone
    /// when it fails.
    private func move(_ i: Int, to candidate: TooltipCandidate, free: [[TooltipCandidate]], placed: inout Placed,
                      depth: Int, fixed: Set<Int>, budget: inout Int) -> Bool {
        budget -= 1
        let blocking = placed.conflicts(candidate, of: i)
        guard budget > 0, blocking.count <= 3, !blocking.contains(where: fixed.contains) else { return false }
        let mark = placed.log.count
        for j in blocking { placed.set(j, nil) }
        placed.set(i, candidate)
        let pinned = fixed.union(blocking)
        for j in blocking {
            let old = placed.previous(j, since: mark)
            let alternatives = free[j].filter { $0 != old }
            if let clear = alternatives.first(where: { budget -= 1; return placed.conflicts($0, of: j).isEmpty }) {
                placed.set(j, clear)
            } else if depth == 0 || !alternatives.contains(where: {
                move(j, to: $0, free: free, placed: &placed, depth: depth - 1, fixed: pinned, budget: &budget)
            }) {
                placed.rewind(to: mark)
                return false
            }
        }
        return true
    }

    /// The place of `request` that covers the least area of tooltips and marks (crossing
    /// lines count as a pixel), the better place on a tie; the fallback when it has none.
    private func leastCovering(_ request: Request, of i: Int, placed: Placed) -> TooltipCandidate? {
        var best: (candidate: TooltipCandidate, cost: Double)?
        for candidate in request.candidates {
            var cost = 0.0
            for j in placed.conflicts(candidate, of: i) {
                let area = TooltipCandidate.overlap(candidate.rect, placed.choice[j]!.rect)
                cost += area > 0 ? area : 1
            }
            for obstacle in obstacles.near(candidate.footprint) where obstacle.id != request.id && candidate.covers(obstacle.rect) {
                let area = TooltipCandidate.overlap(candidate.rect, obstacle.rect)
                cost += area > 0 ? area : 1
            }
            if best == nil || cost < best!.cost { best = (candidate, cost) }
        }
        return best?.candidate ?? request.fallback
    }

    /// The tooltips placed so far, found by a grid of their footprints (a moved tooltip's
    /// old entry stays in the grid; lookups check the current place), with a log of changes
    /// to undo a repair that fails.
    private struct Placed {
        var grid: RectGrid
        /// The request each of the grid's rectangles is a place of.
        var owners: [Int] = []
        var choice: [TooltipCandidate?]
        var log: [(index: Int, previous: TooltipCandidate?)] = []

        init(cell: Double, count: Int) {
            grid = RectGrid(cell: cell)
            choice = Array(repeating: nil, count: count)
        }

        mutating func put(_ index: Int, _ candidate: TooltipCandidate?) {
            guard let candidate else { return }
            choice[index] = candidate
            grid.insert(candidate.footprint, id: "")
            owners.append(index)
        }

        /// `put`, or removes with nil, logged.
        mutating func set(_ index: Int, _ candidate: TooltipCandidate?) {
            log.append((index, choice[index]))
            if let candidate { put(index, candidate) } else { choice[index] = nil }
        }

        /// The place `index` had before the changes logged since `mark`.
        func previous(_ index: Int, since mark: Int) -> TooltipCandidate? {
            log[mark...].first { $0.index == index }?.previous
        }

        /// Undoes the changes logged since `mark` (their grid entries were made when first put).
        mutating func rewind(to mark: Int) {
            while log.count > mark {
                let change = log.removeLast()
                choice[change.index] = change.previous
            }
        }

        /// Whether the box of `candidate` overlaps the box of another placed tooltip.
        func overlapsAnother(_ candidate: TooltipCandidate, of index: Int) -> Bool {
            grid.nearIndices(candidate.rect).contains { entry in
                let other = owners[entry]
                return other != index && choice[other].map { TooltipCandidate.overlap(candidate.rect, $0.rect) > 0 } ?? false
            }
        }

        /// The placed tooltips (other than `index`'s) that `candidate` collides with, in index order.
        func conflicts(_ candidate: TooltipCandidate, of index: Int) -> [Int] {
            var near = grid.nearIndices(candidate.footprint).map { owners[$0] }
            near.sort()
            var last = -1
            return near.filter { other in
                defer { last = other }
                return other != last && other != index && (choice[other].map(candidate.collides) ?? false)
            }
        }
    }
}
