/// The known option an unknown one was probably meant to be: `--dip` for `--dpi`.
enum OptionSuggestion {
    /// The closest of `names` to `typed` by edit distance (a swap of two neighbouring
    /// characters counting as one edit), if at most two edits away; ties go to the
    /// alphabetically first, so the line is the same every run.
    static func closest(to typed: String, among names: some Sequence<String>) -> String? {
        let typed = Array(typed)
        var best: (distance: Int, name: String)?
        for name in names {
            let distance = editDistance(typed, Array(name))
            guard distance <= 2 else { continue }
            if best == nil || (distance, name) < (best!.distance, best!.name) { best = (distance, name) }
        }
        return best?.name
    }

    /// Insertions, deletions, substitutions and adjacent swaps (optimal string alignment).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
