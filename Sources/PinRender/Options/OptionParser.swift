import PinRenderCore

/// The one reader of a command's options, for every front end: a command line
/// (``parse(_:into:)``), the fields of a manifest case or a request
/// (``parse(fields:into:source:location:ignoring:resolvingPaths:)``), and the command's
/// help and manual pages (``sections``), all from the same ``OptionGroup``s.
///
///     let parser = OptionParser<RenderOptions>(command: "render", groups: [.document, .pinsSource, .size])
///     var options = RenderOptions.unset
///     let rest = try parser.parse(["plan.pdf", "--pins", "pins.json", "--dpi", "72"], into: &options)
public struct OptionParser<Target>: Sendable {
    /// The command, as messages name it (`render needs --pins PINS`).
    public var command: String
    public var groups: [OptionGroup<Target>]

    /// - Parameters:
    ///   - command: the command's name, for messages.
    ///   - groups: the option groups it embeds, in the order of its help.
    public init(command: String, groups: [OptionGroup<Target>]) {
        self.command = command
        self.groups = groups
    }

    /// Every option, in the order of the groups.
    public var options: [Option<Target>] { groups.flatMap(\.options) }

    /// How a front end words a refusal.
    struct Failures {
        /// A bad value of an option.
        var value: (Option<Target>, OptionProblem) -> Error
        /// A broken rule between options.
        var rule: (OptionProblem) -> Error
        /// A required option not given.
        var missing: (Option<Target>) -> Error
        /// How an option is named in rules (`--dpi`, or `dpi`).
        var spelling: @Sendable (Option<Target>) -> String
    }

    /// Stores the given values (by option name) in the order of the definitions, then
    /// checks what is required and the groups' rules.
    func store(_ values: [String: [String]], into target: inout Target, failures: Failures) throws {
        for option in options where option.isRequired && values[option.name] == nil {
            throw failures.missing(option)
        }
        for option in options {
            for value in values[option.name] ?? [] {
                do {
                    try option.store(value, &target)
                } catch let problem as OptionProblem {
                    throw failures.value(option, problem)
                }
            }
        }
        let options = self.options
        let spelling = failures.spelling
        let given = GivenOptions(names: options.map(\.name).filter { values[$0] != nil }) { name in
            options.first { $0.name == name }.map(spelling) ?? name
        }
        for group in groups {
            do {
                try group.check?(given, &target)
            } catch let problem as OptionProblem {
                throw failures.rule(problem)
            }
        }
    }

    /// The manual's sections of the groups: one per heading (a group without one continues
    /// the section before), an entry per option (`--dpi D`, its help from column 27), notes.
    public var sections: [Manual.Section] {
        var sections: [Manual.Section] = []
        for group in groups {
            if group.title != nil || sections.isEmpty { sections.append(Manual.Section(title: group.title, blocks: [])) }
            var entries = group.options.map { Manual.Definition($0.names.joined(separator: ", "), value: $0.placeholder, $0.help) }
            if case .definitions(let before, _) = sections[sections.count - 1].blocks.last {
                entries = before + entries
                sections[sections.count - 1].blocks.removeLast()
            }
            sections[sections.count - 1].blocks.append(.definitions(entries, column: 27))
            if let note = group.note { sections[sections.count - 1].blocks.append(.paragraph(note)) }
        }
        return sections
    }
}

extension InputError {
    /// Bad usage of the command line: exit status 2 with this line.
    public static func usage(_ message: String) -> InputError {
        InputError(source: "usage", location: "", problem: message + " (see pinrender --help)")
    }
}
