/// An output that cannot be written: the file, and why (the directory is missing, the disk
/// is full, the encoder failed).
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    public var description: String { "\(file): cannot write: \(reason)" }
}
