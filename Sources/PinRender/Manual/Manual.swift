/// A command's manual as data: what `--help` prints (``help``), its reference page
/// (``markdown``) and its man page (``roff``) are made from the same value, so they cannot
/// drift.
///
/// It has the sections of a man page in their order: NAME (``page`` and ``summary``),
/// SYNOPSIS, DESCRIPTION, OPTIONS (an ``OptionParser``'s ``OptionParser/sections``), the
/// command's own sections (a manifest's fields, an API), EXIT STATUS, EXAMPLES and SEE ALSO.
///
///     let manual = Manual(command: "devices", summary: "the screen presets", program: "pinrender 0.1.0",
///                         date: "2026-12-01", synopsis: ["pinrender devices"],
///                         exitStatus: [.init("0", "listed")], examples: [.init("pinrender devices")])
///     print(manual.help)
public struct Manual: Sendable, Equatable {
    /// The command (`render`), nil for the program itself.
    public var command: String?
    /// The NAME line: what the command does, in a few words.
    public var summary: String
    /// The program and its version, `pinrender 0.1.0`.
    public var program: String
    /// The date of that version, `YYYY-MM-DD`: no page says when it was made.
    public var date: String
    /// One command line each; a line break goes on with the line before, indented as in a terminal.
    public var synopsis: [String]
    public var description: [Block]
    /// The option groups, in the order of the help.
    public var options: [Section]
    /// Sections of the command's own after the options (MANIFEST, API, COMMANDS).
    public var sections: [Section]
    public var exitStatus: [Definition]
    public var examples: [Example]
    /// The other pages to see, by page name (`pinrender`, `pinrender-render`).
    public var seeAlso: [String]

    /// - Parameters:
    ///   - command: the command, nil for the program itself.
    ///   - summary: the NAME line's few words.
    ///   - program: the program and its version, `pinrender 0.1.0`.
    ///   - date: the date of that version, `YYYY-MM-DD`.
    ///   - synopsis: one command line each (a line break continues the line before).
    ///   - description: the DESCRIPTION's blocks.
    ///   - options: the option groups (``OptionParser/sections``).
    ///   - sections: the command's own sections after the options.
    ///   - exitStatus: each exit status and its meaning.
    ///   - examples: command lines, in the order they run.
    ///   - seeAlso: page names.
    public init(command: String?, summary: String, program: String, date: String, synopsis: [String],
                description: [Block] = [], options: [Section] = [], sections: [Section] = [],
                exitStatus: [Definition], examples: [Example], seeAlso: [String] = []) {
        self.command = command
        self.summary = summary
        self.program = program
        self.date = date
        self.synopsis = synopsis
        self.description = description
        self.options = options
        self.sections = sections
        self.exitStatus = exitStatus
        self.examples = examples
        self.seeAlso = seeAlso
    }

    /// The page's name: `pinrender-render`, `pinrender`.
    public var page: String { (["pinrender"] + [command].compactMap { $0 }).joined(separator: "-") }

    /// The command as typed: `pinrender render`.
    public var commandLine: String { (["pinrender"] + [command].compactMap { $0 }).joined(separator: " ") }

    /// A heading of a page and what follows it: level 1 a section, 2 a part of OPTIONS.
    struct Part {
        var title: String?
        var level: Int
        var blocks: [Block]
    }

    /// The page from DESCRIPTION to EXIT STATUS, as the man page and the reference page lay
    /// it out: an option group is a part of OPTIONS (the one called OPTIONS needs no heading
    /// of its own).
    var body: [Part] {
        var parts: [Part] = []
        if !description.isEmpty { parts.append(Part(title: "DESCRIPTION", level: 1, blocks: description)) }
        if !options.isEmpty {
            parts.append(Part(title: "OPTIONS", level: 1, blocks: []))
            parts += options.map { Part(title: $0.title == "OPTIONS" ? nil : $0.title, level: 2, blocks: $0.blocks) }
        }
        parts += sections.map { Part(title: $0.title, level: 1, blocks: $0.blocks) }
        parts.append(Part(title: "EXIT STATUS", level: 1, blocks: [.definitions(exitStatus, column: 5)]))
        return parts
    }

    /// Text in a section.
    public enum Block: Sendable, Equatable {
        /// Running text; its line breaks are a terminal's, pages fill the lines again.
        case paragraph(String)
        /// Lines shown as they are (JSON, a table).
        case literal(String)
        /// Terms and their meaning (options, routes), the meaning from `column` in a terminal.
        case definitions([Definition], column: Int)
    }

    /// A heading and its blocks; a nil heading continues the section before.
    public struct Section: Sendable, Equatable {
        public var title: String?
        public var blocks: [Block]

        /// - Parameters:
        ///   - title: the heading, nil to continue the section before.
        ///   - blocks: its text.
        public init(title: String?, blocks: [Block]) {
            self.title = title
            self.blocks = blocks
        }
    }

    /// A term and what it means: `--dpi D`, an exit status, a route.
    public struct Definition: Sendable, Equatable {
        /// The names, shown in bold in a man page: `-o, --output`, `0`.
        public var term: String
        /// What the term takes, in italics in a man page: `OUT`; nil for none.
        public var value: String?
        /// Its meaning; line breaks are a terminal's.
        public var text: String

        /// - Parameters:
        ///   - term: the names (`-o, --output`).
        ///   - value: what it takes (`OUT`), nil for none.
        ///   - text: its meaning.
        public init(_ term: String, value: String? = nil, _ text: String) {
            self.term = term
            self.value = value
            self.text = text
        }

        /// `-o, --output OUT`.
        public var usage: String { ([term] + [value].compactMap { $0 }).joined(separator: " ") }
    }

    /// A command line of the EXAMPLES, run in a folder holding the repository's `samples/`.
    public struct Example: Sendable, Equatable {
        /// The shell command; it may go on over several lines.
        public var command: String
        /// What it shows, printed as a `#` line before it; nil for none.
        public var comment: String?
        /// It runs the pin service or talks to one: reference pages show it but do not run it.
        public var needsServer: Bool

        /// - Parameters:
        ///   - command: the command line.
        ///   - comment: what it shows.
        ///   - needsServer: whether it runs the pin service or needs one running.
        public init(_ command: String, comment: String? = nil, needsServer: Bool = false) {
            self.command = command
            self.comment = comment
            self.needsServer = needsServer
        }
    }
}
