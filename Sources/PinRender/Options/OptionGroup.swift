/// Options that belong together, as swift-argument-parser's `@OptionGroup`: a command
/// embeds the groups it needs, and a group brings its options, their help section and the
/// rules between them.
///
///     extension OptionGroup<RenderOptions> {
///         static var size: Self {
///             OptionGroup(title: "SIZE", options: [.dpi, .scale]) { given, _ in
///                 if given.contains("--dpi") && given.contains("--scale") {
///                     throw OptionProblem.statement("use one of \(given.name("--dpi")), \(given.name("--scale"))")
///                 }
///             }
///         }
///     }
public struct OptionGroup<Target>: Sendable {
    /// The heading of its help section; nil continues the section before.
    public var title: String?
    public var options: [Option<Target>]
    /// Help text after the options.
    public var note: String?
    /// The rules between options, run once every given value is stored; throws ``OptionProblem``.
    let check: (@Sendable (GivenOptions, inout Target) throws -> Void)?

    /// - Parameters:
    ///   - title: the heading of its help section, or nil to continue the section before.
    ///   - options: its options, in the order help shows them and values are stored.
    ///   - note: help text after the options.
    ///   - check: the rules between options, throwing ``OptionProblem``.
    public init(title: String?, options: [Option<Target>], note: String? = nil,
                check: (@Sendable (GivenOptions, inout Target) throws -> Void)? = nil) {
        self.title = title
        self.options = options
        self.note = note
        self.check = check
    }

    /// The same group storing into a part of a larger target (`\PreviewRequest.options`).
    public func pullback<Root>(_ path: WritableKeyPath<Root, Target> & Sendable) -> OptionGroup<Root> {
        let check = self.check
        return OptionGroup<Root>(title: title, options: options.map { $0.pullback(path) }, note: note,
                                 check: check.map { check in { @Sendable given, root in try check(given, &root[keyPath: path]) } })
    }
}
