import PinRenderCore

extension OptionParser {
    /// Reads a command line into `target`: options in any order, as `--name value` or
    /// `--name=value`; positional words go to the positional options, in order.
    ///
    /// An unknown option, a missing value, an option given twice (unless repeatable), a bad
    /// value or a broken rule is one usage line (``InputError/usage(_:)``); a value that names
    /// a bad file is the file's own error.
    /// - Returns: the positional words no positional option took, for the command to check.
    public func parse(_ words: [String], into target: inout Target) throws -> [String] {
        let options = self.options
        var byName: [String: Option<Target>] = [:]
        for option in options where option.kind != .positional {
            for name in option.names { byName[name] = option }
        }
        var values: [String: [String]] = [:]
        var positionals: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard Self.isOption(word) else {
                positionals.append(word)
                continue
            }
            var name = word, attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            guard let option = byName[name] else {
                let hint = OptionSuggestion.closest(to: name, among: byName.keys.filter { $0.hasPrefix("--") })
                throw InputError.usage("unknown option \(name)" + (hint.map { " (did you mean \($0)?)" } ?? ""))
            }
            let value: String
            if option.kind == .flag {
                guard attached == nil else { throw InputError.usage("\(name) takes no value") }
                value = ""
            } else if let attached {
                value = attached
            } else {
                guard index < words.count else { throw InputError.usage("\(name) needs a value") }
                value = words[index]
                index += 1
            }
            guard option.kind == .repeated || values[option.name] == nil else {
                throw InputError.usage("\(name) is given twice")
            }
            values[option.name, default: []].append(value)
        }
        for option in options where option.kind == .positional && !positionals.isEmpty {
            values[option.name] = [positionals.removeFirst()]
        }
        try store(values, into: &target, failures: Failures(
            value: { option, problem in
                switch problem {
                case .predicate(let text): return InputError.usage("\(option.name) \(text)")
                case .statement(let text): return InputError(source: option.name, location: "", problem: text)
                }
            },
            rule: { problem in
                switch problem {
                case .predicate(let text): return InputError.usage("\(command) \(text)")
                case .statement(let text): return InputError.usage(text)
                }
            },
            missing: { option in
                InputError.usage("\(command) needs " + ([option.name] + [option.placeholder].compactMap { $0 }).joined(separator: " "))
            },
            spelling: { $0.name }))
        return positionals
    }

    /// Whether `word` is an option, not a value: `-x` or `--name`, but neither `-` (standard
    /// input) nor a negative number.
    static func isOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-" && !(word.dropFirst().first?.isNumber ?? false)
    }
}
