extension Manual {
    /// What `--help` prints: the summary line, then USAGE, the description, the option
    /// groups, the command's sections, EXIT STATUS and EXAMPLES, for a terminal of 90 columns.
    public var help: String {
        var parts = ["\(command == nil ? program : commandLine): \(summary)",
                     (["USAGE"] + synopsis.map { indented($0, by: 2) }).joined(separator: "\n")]
        if !description.isEmpty {
            parts.append(description.enumerated().map { index, block in
                let text = Self.terminal(block, indent: 0)
                if case .literal = block { return text }
                return index == 0 ? text : "\n" + text
            }.joined(separator: "\n"))
        }
        for part in [options, sections] {
            parts += part.map { section in
                ([section.title].compactMap { $0 } + section.blocks.map { Self.terminal($0, indent: 2) }).joined(separator: "\n")
            }
        }
        parts.append("EXIT STATUS\n" + Self.terminal(.definitions(exitStatus, column: 5), indent: 2))
        parts.append((["EXAMPLES"] + examples.flatMap { example in
            [example.comment.map { "  # " + $0 }].compactMap { $0 } + [indented(example.command, by: 2)]
        }).joined(separator: "\n"))
        return parts.joined(separator: "\n\n")
    }

    /// A block's lines: a paragraph at `indent`, a literal and definitions at `indent` but never
    /// flush left.
    private static func terminal(_ block: Block, indent: Int) -> String {
        switch block {
        case .paragraph(let text):
            return indented(text, by: indent)
        case .literal(let text):
            return indented(text, by: max(indent, 2))
        case .definitions(let definitions, let column):
            let margin = String(repeating: " ", count: max(indent, 2))
            return definitions.flatMap { definition -> [String] in
                let text = definition.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let hanging = text.dropFirst().map { String(repeating: " ", count: column) + $0 }
                let usage = definition.usage
                if margin.count + usage.count < column {
                    return [margin + usage.padding(toLength: column - margin.count, withPad: " ", startingAt: 0) + text[0]] + hanging
                }
                return [margin + usage] + text.map { String(repeating: " ", count: column) + $0 }
            }.joined(separator: "\n")
        }
    }
}

/// Every line of `text` after `count` spaces.
private func indented(_ text: String, by count: Int) -> String {
    let margin = String(repeating: " ", count: count)
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
}
