/// Bad input: the file, where in it (`pins[3].relativeX`), and what is wrong, in words that
/// name the problem, not a command-line option: a front end (the command line, a manifest)
/// adds the setting that gets past it from ``remedy``, in its own names.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, URL or setting at fault (`-` for standard input).
    public var source: String
    /// The index and field at fault, e.g. `pins[3].relativeX`; empty for the whole file.
    public var location: String
    public var problem: String
    /// The setting that gets past the problem, when one does.
    public var remedy: Remedy?

    /// A setting that gets past an input problem; each front end names it its own way
    /// (`--max-pixels` on the command line).
    public enum Remedy: Sendable, Equatable {
        /// A smaller output: a lower dpi, scale or width.
        case smallerOutput
        /// A smaller output, or a pixel limit raised (up to `maximum`).
        case smallerOutputOrPixelLimit(maximum: Int)
        /// A pixel limit raised (up to `maximum`).
        case pixelLimit(maximum: Int)
        /// A size given as a scale or a width: a size in dpi applies to PDF pages only.
        case sizeWithoutDPI
        /// The document's password.
        case password
    }

    public init(source: String, location: String, problem: String, remedy: Remedy? = nil) {
        self.source = source
        self.location = location
        self.problem = problem
        self.remedy = remedy
    }

    public var description: String {
        location.isEmpty ? "\(source): \(problem)" : "\(source): \(location): \(problem)"
    }
}
