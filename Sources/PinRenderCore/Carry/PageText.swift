import Foundation

/// What a page says in words, for pairing and registering pages: its label and its words
/// with their boxes, in points of the page as displayed.
public struct PageText: Sendable, Equatable {
    /// One word (text between white space) and where it is.
    public struct Word: Sendable, Equatable {
        public var text: String
        public var box: Rect
        public init(text: String, box: Rect) {
            self.text = text
            self.box = box
        }
        /// The middle of its box: what registration matches.
        public var center: Point { Point(x: box.x + box.width / 2, y: box.y + box.height / 2) }
    }

    /// The page's label (`/PageLabels`) when the document gives one, nil otherwise.
    public var label: String?
    public var words: [Word]

    public init(label: String?, words: [Word]) {
        self.label = label
        self.words = words
    }

    /// The most words a page's text keeps (the first ones, in reading order): a limit on the
    /// matching's work.
    public static let wordLimit = 20_000

    /// The words found once on each page, paired old to new by their text, in the old page's
    /// reading order: a word that is on both pages once is the same feature.
    public static func uniqueMatches(old: PageText, new: PageText) -> [PointPair] {
        let newOnce = new.wordsOnce()
        return old.wordsOnce().sortedByOrder.compactMap { text, word in
            newOnce.byText[text].map { PointPair(old: word.center, new: $0.center) }
        }
    }

    /// The words that occur once on the page, by text, with their reading order.
    private func wordsOnce() -> (byText: [String: Word], sortedByOrder: [(String, Word)]) {
        var counts: [String: Int] = [:], first: [String: (Int, Word)] = [:]
        for (index, word) in words.prefix(Self.wordLimit).enumerated() {
            counts[word.text, default: 0] += 1
            if first[word.text] == nil { first[word.text] = (index, word) }
        }
        let once = first.filter { counts[$0.key] == 1 }
        return (once.mapValues(\.1), once.sorted { $0.value.0 < $1.value.0 }.map { ($0.key, $0.value.1) })
    }

    /// Where each word is, by text: what ``wordMissing(near:radius:on:transform:tolerance:)``
    /// looks words up in.
    public var centersByText: [String: [Point]] {
        var found: [String: [Point]] = [:]
        for word in words.prefix(Self.wordLimit) { found[word.text, default: []].append(word.center) }
        return found
    }

    /// Whether a word of this page whose box comes within `radius` points of `point` is not
    /// on the new page (`newWords`, ``centersByText``) within `tolerance` points of where
    /// `transform` puts it: text under a pin that was changed (a room renumbered).
    public func wordMissing(near point: Point, radius: Double, on newWords: [String: [Point]], transform: PageTransform,
                            tolerance: Double) -> Bool {
        words.prefix(Self.wordLimit).contains { word in
            let box = word.box
            let dx = max(box.x - point.x, 0, point.x - box.x - box.width), dy = max(box.y - point.y, 0, point.y - box.y - box.height)
            guard dx * dx + dy * dy <= radius * radius else { return false }
            let mapped = transform.apply(word.center)
            return !(newWords[word.text] ?? []).contains { hypot($0.x - mapped.x, $0.y - mapped.y) <= tolerance }
        }
    }

    /// Words that look like a sheet number (`A-101`, `S2.03`, `M101`): letters then digits,
    /// what title blocks name a sheet by.
    public var sheetNumbers: Set<String> {
        Set(words.prefix(Self.wordLimit).map(\.text).filter(Self.isSheetNumber))
    }

    static func isSheetNumber(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let isDigit = { (c: Unicode.Scalar) in ("0"..."9").contains(c) }
        guard (2...10).contains(scalars.count), let firstDigit = scalars.firstIndex(where: isDigit) else { return false }
        var letters = scalars[..<firstDigit]
        if letters.last == "-" || letters.last == "." { letters = letters.dropLast() }
        guard (1...3).contains(letters.count), letters.allSatisfy({ ("A"..."Z").contains($0) }) else { return false }
        return scalars[firstDigit...].allSatisfy { isDigit($0) || $0 == "." || $0 == "-" }
    }
}
