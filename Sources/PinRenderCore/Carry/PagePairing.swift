/// Which new page each old page is paired with, and by what: `--pages`, the page label, a
/// sheet number in the drawing's text, then the order of the pages left.
///
///     let pairs = PagePairing.pair(old: oldTexts, new: newTexts, given: [1: 3])
public enum PagePairing {
    /// What paired a page, as REPORT.json names it.
    public enum Reason: String, Sendable {
        case option, label, text, order
    }

    /// One old page's partner; `new` is nil when it has none.
    public struct Pair: Sendable, Equatable {
        public var old: Int
        public var new: Int?
        public var reason: Reason?
    }

    /// Pairs the pages (1-based) of two documents: each old page in `given` with its page,
    /// then the others by a label both documents give once, then by a sheet number found on
    /// one page of each, then the rest in order with the new pages left, each new page used once.
    public static func pair(old: [PageText], new: [PageText], given: [Int: Int] = [:]) -> [Pair] {
        var partner: [Int: (Int, Reason)] = given.mapValues { ($0, .option) }
        var used = Set(given.values)
        func claim(_ key: (PageText) -> [String], _ reason: Reason) {
            let oldOnce = pagesByKey(old, key), newOnce = pagesByKey(new, key)
            var proposed: [Int: Set<Int>] = [:]
            for (value, oldPage) in oldOnce {
                if let newPage = newOnce[value] { proposed[oldPage, default: []].insert(newPage) }
            }
            for (oldPage, newPages) in proposed.sorted(by: { $0.key < $1.key }) where partner[oldPage] == nil {
                guard newPages.count == 1, let newPage = newPages.first, !used.contains(newPage) else { continue }
                partner[oldPage] = (newPage, reason)
                used.insert(newPage)
            }
        }
        claim({ $0.label.map { [$0] } ?? [] }, .label)
        claim({ Array($0.sheetNumbers) }, .text)
        var free = (1...max(1, new.count)).prefix(new.count).filter { !used.contains($0) }[...]
        for page in (1...max(1, old.count)).prefix(old.count) where partner[page] == nil {
            guard let next = free.popFirst() else { break }
            partner[page] = (next, .order)
        }
        return (1...max(1, old.count)).prefix(old.count).map { page in
            Pair(old: page, new: partner[page]?.0, reason: partner[page]?.1)
        }
    }

    /// Each key found on exactly one page, with that page.
    private static func pagesByKey(_ pages: [PageText], _ key: (PageText) -> [String]) -> [String: Int] {
        var found: [String: Set<Int>] = [:]
        for (index, page) in pages.enumerated() {
            for value in Set(key(page)) { found[value, default: []].insert(index + 1) }
        }
        return found.compactMapValues { $0.count == 1 ? $0.first : nil }
    }
}
