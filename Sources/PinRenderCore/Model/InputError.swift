/// Bad input: the file, where in it (`pins[3].relativeX`, `--dpi`), and what is wrong.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, URL or option at fault (`-` for standard input).
    public var source: String
    /// The index and field at fault, e.g. `pins[3].relativeX`; empty for the whole file.
    public var location: String
    public var problem: String

    public init(source: String, location: String, problem: String) {
        self.source = source
        self.location = location
        self.problem = problem
    }

    public var description: String {
        location.isEmpty ? "\(source): \(problem)" : "\(source): \(location): \(problem)"
    }
}
