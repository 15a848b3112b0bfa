import PinRenderCore

/// The words of a command line, taken in turn: options with values, flags, positionals.
struct Arguments {
    private var words: [String]
    private(set) var positionals: [String] = []

    init(_ words: [String]) {
        self.words = words
    }

    /// Splits `--name=value` and collects positionals until the end; every option must be
    /// consumed with ``value(_:)`` or ``flag(_:)`` before ``finish()``.
    static func parse(_ words: [String], valued: Set<String>) throws -> Arguments {
        var result = Arguments([])
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                result.words += [String(word[..<equals]), String(word[word.index(after: equals)...])]
            } else if valued.contains(word) {
                guard index < words.count else { throw usage("\(word) needs a value") }
                result.words += [word, words[index]]
                index += 1
            } else if word.hasPrefix("-") && word != "-" && !(word.dropFirst().first?.isNumber ?? false) {
                result.words.append(word)
            } else {
                result.positionals.append(word)
            }
        }
        return result
    }

    /// The last value of an option (`-o out.png`), removed from the list.
    mutating func value(_ names: String...) -> String? {
        values(names).last
    }

    /// Every value of a repeatable option, in order.
    mutating func values(_ names: [String]) -> [String] {
        var found: [String] = []
        var rest: [String] = []
        var index = 0
        while index < words.count {
            if names.contains(words[index]), index + 1 < words.count {
                found.append(words[index + 1])
                index += 2
            } else {
                rest.append(words[index])
                index += 1
            }
        }
        words = rest
        return found
    }

    /// Whether a flag was given, removed from the list.
    mutating func flag(_ names: String...) -> Bool {
        let before = words.count
        words.removeAll { names.contains($0) }
        return words.count != before
    }

    /// Fails on anything not consumed.
    func finish() throws {
        if let first = words.first { throw usage("unknown option \(first)") }
    }
}

/// A usage error: exit status 2 with this line.
func usage(_ message: String) -> InputError {
    InputError(source: "usage", location: "", problem: message + " (see pinrender --help)")
}
