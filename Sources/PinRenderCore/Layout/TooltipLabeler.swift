import Foundation

/// Picks one place per tooltip for a whole page, as map labelers do (greedy by difficulty,
/// then local repair, after Christensen, Marks and Shieber, 1995): the hardest pins first
/// (those with the fewest places clear of markers), each taking its best place clear of the
/// tooltips already placed; a pin with none left moves up to three neighbours to other
/// places to make room; pins still without a place go first in another round; then each pin
/// moves to a better place that has come free. Without `strict`, the pins left take the
/// place where they cover least, last. Obstacles and placed tooltips are looked up
/// in grids, and the marks under the places of those left are summed at once
/// (``CoveredArea``), so a page costs O(n log n) for n pins however crowded it is. The same
/// requests give the same choices, whatever the grid's cell.
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
    var obstacles: [(id: String, rect: CGRect)]
    /// The cell of the grid that finds obstacles near a place.
    var obstacleCell: Double
    /// The cell for placed tooltips: about the largest box, so that a lookup touches few cells.
    var cell: Double

    /// The choice for each request (in `requests` order), nil when dropped, and the indices
    /// of the shown tooltips that overlap another tooltip or cover another pin's mark.
    /// `requests` come most important first: that order breaks ties.
    func label(_ requests: [Request]) -> (choices: [TooltipCandidate?], overlapping: [Int]) {
        var work = Work()
        return label(requests, work: &work)
    }

    /// What placing the tooltips left without a clear place took: the probe that shows it
    /// does not grow with how crowded the page is.
    struct Work {
        /// The places scored by the marks and tooltips they cover.
        var scored = 0
        /// Marks and tooltips looked at to score them, and the steps of ``CoveredArea``'s
        /// sweep (which measures every place of every request once).
        var visited = 0
    }

    /// ``label(_:)``, adding what scoring the places of those left took to `work`.
    func label(_ requests: [Request], work: inout Work) -> (choices: [TooltipCandidate?], overlapping: [Int]) {
        let marks = Marks(obstacles, requests: requests, cell: obstacleCell)
        // A place with more area of marks under it than the sum's error covers one for sure;
        // only the others are looked at mark by mark.
        let covered = marks.covered(by: requests, work: &work)
        let free = requests.indices.map { i in
            requests[i].candidates.indices.filter { k in
                let candidate = requests[i].candidates[k]
                return covered.areas[i][k] <= covered.error
                    && marks.grid.visit(candidate.footprint) { o, rect in marks.owner[o] == i || !candidate.covers(rect) }
            }.map { requests[i].candidates[$0] }
        }
        var order = requests.indices.sorted { a, b in
            (free[a].isEmpty ? 1 : 0, free[a].count, a) < (free[b].isEmpty ? 1 : 0, free[b].count, b)
        }
        let bounds = requests.reduce(CGRect.null) { $1.candidates.reduce($0) { $0.union($1.footprint) } }
        // Greedy rounds: the pins left without a place go first in the next round, which is
        // kept when it leaves fewer (at most three rounds; none more on a page where a
        // quarter find no place: it has no room).
        var (placed, left) = greedy(order, free: free, bounds: bounds)
        for _ in 1..<3 where !left.isEmpty && 4 * left.count <= order.count {
            let first = Set(left)
            order = left + order.filter { !first.contains($0) }
            let next = greedy(order, free: free, bounds: bounds)
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
                if let better = free[i][..<rank].first(where: { placed.isClear($0, of: i) }) {
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
                let choice = leastCovering(requests[i], of: i, area: (covered.areas[i], covered.error), placed: placed,
                                           marks: marks, work: &work)
                if crowd { chosen.append((i, choice)) } else { placed.put(i, choice) }
            }
            for (i, choice) in chosen { placed.put(i, choice) }
        }
        let overlapping = requests.indices.filter { i in
            guard let c = placed.choice[i] else { return false }
            return placed.overlapsAnother(c, of: i)
                || !marks.grid.visit(c.rect) { o, rect in marks.owner[o] == i || TooltipCandidate.overlap(c.rect, rect) <= 0 }
        }
        return (requests.indices.map { placed.choice[$0] }, overlapping)
    }

    /// More pins left without a clear place than this, and the page has no room: those
    /// left are placed without regard to one another.
    static let crowd = 64

    /// The obstacles in a grid, each with the request whose pin it is (-1 for none).
    private struct Marks {
        var grid: RectGrid
        var owner: [Int]
        /// Each obstacle's rectangle.
        var rects: [CGRect]
        /// How far a sum of the costs of covering them, in any order, may be from the sum in
        /// order, relative to it: n additions of positive terms each round by half an ulp at
        /// most (twice that, for safety), n no more than the obstacles and the tooltips.
        var slack: Double

        init(_ obstacles: [(id: String, rect: CGRect)], requests: [Request], cell: Double) {
            let index = Dictionary(requests.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
            let bounds = obstacles.reduce(CGRect.null) { $0.union($1.rect) }
            grid = RectGrid(cell: cell, bounds: bounds)
            for (o, obstacle) in obstacles.enumerated() { grid.update(o, to: obstacle.rect) }
            owner = obstacles.map { index[$0.id] ?? -1 }
            rects = obstacles.map(\.rect)
            slack = Double(obstacles.count + requests.count + 2) * 0x1p-51
        }

        /// For each place of each of `requests`, the area of the marks but its own under its
        /// box, all at once, and how far each may be from the exact sum (absolute). A sum over
        /// the error has a mark under the box for sure: the slivers the overlap's tolerance
        /// leaves out are within it.
        func covered(by requests: [Request], work: inout Work) -> (areas: [[Double]], error: Double) {
            var sweep = CoveredArea.Work()
            let (areas, error) = CoveredArea.areas(of: requests.flatMap { $0.candidates.map(\.rect) }, under: rects,
                                                   work: &sweep)
            work.visited += sweep.steps
            var own: [Int: [Int]] = [:]
            for (o, i) in owner.enumerated() where i >= 0 { own[i, default: []].append(o) }
            var at = 0
            let covered = requests.enumerated().map { i, request in
                request.candidates.map { candidate in
                    defer { at += 1 }
                    return own[i, default: []].reduce(areas[at]) { $0 - TooltipCandidate.overlap(candidate.rect, rects[$1]) }
                }
            }
            // Taking the own marks off rounds by a relative 2^-52 at most; a sliver the
            // overlap's tolerance leaves on is within the sweep's error.
            return (covered, error + 0x1p-50 * (areas.max() ?? 0))
        }

        /// How many marks but `i`'s the link of `candidate` crosses where its box does not
        /// cover them (each costs a pixel): those near the link, not under the whole box.
        func crossings(_ candidate: TooltipCandidate, of i: Int, work: inout Work) -> Int {
            let (from, to) = candidate.link
            let link = CGRect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(to.x - from.x), height: abs(to.y - from.y))
            var count = 0, visited = 0
            grid.visit(link) { o, rect in
                visited += 1
                if owner[o] != i && TooltipCandidate.overlap(candidate.rect, rect) <= 0 && candidate.covers(rect) { count += 1 }
                return true
            }
            work.visited += visited
            return count
        }
    }

    /// One greedy round in `order`: each pin takes its best clear place, or makes room by
    /// moving neighbours; those that find none are left, in order.
    private func greedy(_ order: [Int], free: [[TooltipCandidate]], bounds: CGRect) -> (placed: Placed, left: [Int]) {
        var placed = Placed(cell: cell, bounds: bounds, count: free.count)
        var left: [Int] = []
        for i in order {
            if let choice = free[i].first(where: { placed.isClear($0, of: i) }) {
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
        guard budget > 0, let blocking = placed.conflicts(candidate, of: i, atMost: 3),
              !blocking.contains(where: fixed.contains) else { return false }
        let mark = placed.log.count
        for j in blocking { placed.set(j, nil) }
        placed.set(i, candidate)
        let pinned = fixed.union(blocking)
        for j in blocking {
            let old = placed.previous(j, since: mark)
            let alternatives = free[j].filter { $0 != old }
            if let clear = alternatives.first(where: { budget -= 1; return placed.isClear($0, of: j) }) {
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
    /// A cost is the sum, in index order, of the placed tooltips it collides with, then of the
    /// marks it covers. Each place's cost is first known to within `marks.slack` and `error`:
    /// the placed tooltips summed in the order their grid gives them, the marks under the
    /// box given by `area` (``Marks/covered(by:of:work:)``), then the marks its link crosses,
    /// counted only for places that may still be the least, in the order of what is known of
    /// them. Only the places that may be the least are summed again in order, to choose
    /// exactly: so scoring a place costs what lies near its link and the tooltips placed
    /// clear of one another, not the marks under its box, however crowded the page.
    private func leastCovering(_ request: Request, of i: Int, area: (areas: [Double], error: Double), placed: Placed,
                               marks: Marks, work: inout Work) -> TooltipCandidate? {
        let low = 1 - marks.slack, high = 1 + marks.slack, error = area.error
        var visited = 0
        // Each place's cost but its link's crossings.
        let known = request.candidates.indices.map { k -> Double in
            let candidate = request.candidates[k]
            var cost = area.areas[k]
            placed.grid.visit(candidate.footprint) { j, _ in
                visited += 1
                if j != i && candidate.collides(with: placed.choice[j]!) {
                    cost += Self.cost(TooltipCandidate.overlap(candidate.rect, placed.choice[j]!.rect))
                }
                return true
            }
            return cost
        }
        // The least upper bound of a whole cost so far, and each place's cost (infinity when
        // it cannot be the least without its crossings).
        var bound = Double.infinity
        var costs = Array(repeating: Double.infinity, count: known.count)
        for k in known.indices.sorted(by: { (known[$0], $0) < (known[$1], $1) }) {
            guard (known[k] - error) * low <= bound else { break }
            costs[k] = known[k] + Double(marks.crossings(request.candidates[k], of: i, work: &work))
            bound = min(bound, (costs[k] + error) * high)
        }
        work.scored += known.count
        defer { work.visited += visited }
        let contenders = request.candidates.indices.filter { (costs[$0] - error) * low <= bound }
        guard contenders.count > 1 else { return contenders.first.map { request.candidates[$0] } ?? request.fallback }
        var best: (candidate: TooltipCandidate, cost: Double)?
        for candidate in contenders.map({ request.candidates[$0] }) {
            var cost = 0.0
            for j in placed.conflicts(candidate, of: i) {
                cost += Self.cost(TooltipCandidate.overlap(candidate.rect, placed.choice[j]!.rect))
            }
            for o in marks.grid.near(candidate.footprint, where: { o, rect in
                visited += 1
                return marks.owner[o] != i && candidate.covers(rect)
            }) {
                cost += Self.cost(TooltipCandidate.overlap(candidate.rect, marks.grid.rect(o)))
            }
            if best == nil || cost < best!.cost { best = (candidate, cost) }
        }
        return best?.candidate
    }

    /// What covering `area` costs: the area, or a pixel for a line that crosses without area.
    private static func cost(_ area: Double) -> Double {
        area > 0 ? area : 1
    }

    /// The tooltips placed so far, found by a grid of their footprints, with a log of changes
    /// to undo a repair that fails.
    private struct Placed {
        /// Each placed tooltip's request, filed under its footprint.
        var grid: RectGrid
        var choice: [TooltipCandidate?]
        var log: [(index: Int, previous: TooltipCandidate?)] = []

        init(cell: Double, bounds: CGRect, count: Int) {
            grid = RectGrid(cell: cell, bounds: bounds)
            choice = Array(repeating: nil, count: count)
        }

        /// Places `index` at `candidate`; nil changes nothing.
        mutating func put(_ index: Int, _ candidate: TooltipCandidate?) {
            guard let candidate else { return }
            place(index, candidate)
        }

        private mutating func place(_ index: Int, _ candidate: TooltipCandidate?) {
            choice[index] = candidate
            grid.update(index, to: candidate?.footprint)
        }

        /// `put`, or removes with nil, logged.
        mutating func set(_ index: Int, _ candidate: TooltipCandidate?) {
            log.append((index, choice[index]))
            place(index, candidate)
        }

        /// The place `index` had before the changes logged since `mark`.
        func previous(_ index: Int, since mark: Int) -> TooltipCandidate? {
            log[mark...].first { $0.index == index }?.previous
        }

        /// Undoes the changes logged since `mark`.
        mutating func rewind(to mark: Int) {
            while log.count > mark {
                let change = log.removeLast()
                place(change.index, change.previous)
            }
        }

        /// Whether the box of `candidate` overlaps the box of another placed tooltip.
        func overlapsAnother(_ candidate: TooltipCandidate, of index: Int) -> Bool {
            !grid.visit(candidate.rect) { other, _ in
                other == index || TooltipCandidate.overlap(candidate.rect, choice[other]!.rect) <= 0
            }
        }

        /// Whether `candidate` collides with no placed tooltip but `index`'s.
        func isClear(_ candidate: TooltipCandidate, of index: Int) -> Bool {
            visitConflicts(candidate, of: index) { _ in false }
        }

        /// Calls `body` with each placed tooltip (other than `index`'s) that `candidate`
        /// collides with, in no set order, until it returns false; false when stopped.
        func visitConflicts(_ candidate: TooltipCandidate, of index: Int, _ body: (Int) -> Bool) -> Bool {
            grid.visit(candidate.footprint) { other, _ in
                other == index || !candidate.collides(with: choice[other]!) || body(other)
            }
        }

        /// The placed tooltips (other than `index`'s) that `candidate` collides with, in index order.
        func conflicts(_ candidate: TooltipCandidate, of index: Int) -> [Int] {
            grid.near(candidate.footprint) { other, _ in other != index && candidate.collides(with: choice[other]!) }
        }

        /// ``conflicts(_:of:)`` when there are no more than `limit`, else nil.
        func conflicts(_ candidate: TooltipCandidate, of index: Int, atMost limit: Int) -> [Int]? {
            var found: [Int] = []
            let whole = visitConflicts(candidate, of: index) { other in
                found.append(other)
                return found.count <= limit
            }
            return whole ? found.sorted() : nil
        }
    }
}
