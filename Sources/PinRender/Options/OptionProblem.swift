/// Why a value, or a combination of options, is refused: words that go after the name of
/// what is at fault. Each front end adds the name its own way: `--dpi needs a positive
/// number` on the command line, `cases[3].dpi: needs a positive number` in a manifest.
public enum OptionProblem: Error, Sendable, Equatable {
    /// Follows the name with a space: `needs a positive number`, `takes auto or off`.
    case predicate(String)
    /// Stands after the name and a colon: `"3-1" is not a page list`.
    case statement(String)

    /// The words alone.
    public var text: String {
        switch self {
        case .predicate(let text), .statement(let text): return text
        }
    }
}

/// The options given, and how the front end names them, for the rules between options
/// (``OptionGroup``'s check): `--dpi` on the command line is `dpi` in a manifest.
public struct GivenOptions: Sendable {
    /// The given options by ``Option/name``, in the order of the definitions.
    public let names: [String]
    let spelling: @Sendable (String) -> String

    public func contains(_ name: String) -> Bool {
        names.contains(name)
    }

    /// How the front end names the option called `name` (`--safe-area`: `safeArea` in a manifest).
    public func name(_ name: String) -> String {
        spelling(name)
    }
}
