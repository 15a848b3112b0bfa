import Foundation

/// One option of a command: its names, its value, its help line, and how the value is
/// checked and stored.
///
/// Defined once, an option serves every front end: the command line (`--dpi 72`), the
/// snapshot manifest and render requests (the field ``key``, `"dpi": 72`), with the same
/// check and the same message, and the command's `--help` is made from the same
/// definitions, so help and parsing cannot drift. Options come in ``OptionGroup``s that
/// commands embed; ``OptionParser`` reads them.
///
///     extension Option<RenderOptions> {
///         static var dpi: Self {
///             Option("--dpi", value: "D", help: "PNG resolution of PDF pages (default 150)") { text, options in
///                 options.size = .dpi(try OptionValue.number(text, needs: "a positive number") { $0 > 0 })
///             }
///         }
///     }
public struct Option<Target>: Sendable {
    /// Its names (`-o`, `--output`); messages use the first. A positional option's name is
    /// what help calls it (`INPUT`).
    public let names: [String]
    /// What help calls the value (`D`, `auto|all|none`); nil for a flag or a positional.
    public private(set) var placeholder: String?
    public let kind: OptionKind
    /// The help text, its lines at most 68 characters wide.
    public private(set) var help: String
    /// The command cannot run without it.
    public private(set) var isRequired = false
    /// The value is a file path: a manifest resolves it against its own folder.
    public let isPath: Bool
    /// Checks a value and stores it; throws ``OptionProblem`` for a bad value.
    let store: @Sendable (String, inout Target) throws -> Void

    /// An option that takes a value, or a flag when `placeholder` is nil.
    /// - Parameters:
    ///   - names: its names, the first the one messages use: `"-o", "--output"`.
    ///   - placeholder: what help calls the value (`D`); nil for a flag.
    ///   - repeated: whether it may be given more than once (every value is stored, in order).
    ///   - help: the help text (lines of at most 68 characters).
    ///   - isPath: whether the value is a file path.
    ///   - store: checks the value (empty for a flag) and stores it, throwing ``OptionProblem``.
    public init(_ names: String..., value placeholder: String? = nil, repeated: Bool = false, help: String,
                isPath: Bool = false, store: @escaping @Sendable (String, inout Target) throws -> Void) {
        self.init(names: names, placeholder: placeholder, kind: placeholder == nil ? .flag : repeated ? .repeated : .single,
                  help: help, isPath: isPath, store: store)
    }

    /// A positional option: the first word that is no option's value (`INPUT`).
    public init(positional name: String, help: String, isPath: Bool = false,
                store: @escaping @Sendable (String, inout Target) throws -> Void) {
        self.init(names: [name], placeholder: nil, kind: .positional, help: help, isPath: isPath, store: store)
    }

    private init(names: [String], placeholder: String?, kind: OptionKind, help: String, isPath: Bool,
                 store: @escaping @Sendable (String, inout Target) throws -> Void) {
        self.names = names
        self.placeholder = placeholder
        self.kind = kind
        self.help = help
        self.isPath = isPath
        self.store = store
    }

    /// The name messages use: `--dpi`, `-o`, `INPUT`.
    public var name: String { names[0] }

    /// Its name as a field of a manifest or a request: the long name in lower camel case
    /// (`--max-pixels` is `maxPixels`, `-o, --output` is `output`), a positional's name in
    /// lower case (`input`).
    public var key: String {
        guard kind != .positional else { return name.lowercased() }
        let long = names.first { $0.hasPrefix("--") } ?? name
        let words = long.drop { $0 == "-" }.split(separator: "-")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }

    /// The same option, required by the command that embeds it.
    public func required() -> Self {
        var option = self
        option.isRequired = true
        return option
    }

    /// The same option as one command explains it: its own placeholder and help, the same
    /// names and check (`-o SHEET.png` for a preview).
    public func described(value placeholder: String? = nil, help: String) -> Self {
        var option = self
        option.placeholder = placeholder ?? self.placeholder
        option.help = help
        return option
    }

    /// The same option storing into a part of a larger target (`\PreviewRequest.options`).
    public func pullback<Root>(_ path: WritableKeyPath<Root, Target> & Sendable) -> Option<Root> {
        let store = self.store
        var option = Option<Root>(names: names, placeholder: placeholder, kind: kind, help: help, isPath: isPath) { text, root in
            try store(text, &root[keyPath: path])
        }
        option.isRequired = isRequired
        return option
    }
}

/// How the option takes its value.
public enum OptionKind: Sendable, Equatable {
    /// Given or not (`--safe-area`).
    case flag
    /// One value, at most once (`--dpi 150`).
    case single
    /// Any number of values, kept in order (`--header 'A: b'`).
    case repeated
    /// A word that is no option's value (`INPUT`).
    case positional
}
