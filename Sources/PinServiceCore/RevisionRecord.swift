import Foundation

/// One revision of a content's document: its number (1: the first upload), its file in the
/// contents directory, and the report of the carry that brought the pins to it (none for
/// the first).
public struct RevisionRecord: Sendable, Equatable, Encodable {
    public var contentId: String
    public var number: Int
    /// `pdf`, `png` or `jpeg`.
    public var kind: String
    /// The file's name in the service's contents directory (not sent).
    public var file: String
    /// REPORT.json of `pinrender carry`, as it wrote it (the revisions named `revision N`).
    public var report: Data?
    public var createdAt: String

    public init(contentId: String, number: Int, kind: String, file: String, report: Data?, createdAt: String) {
        (self.contentId, self.number, self.kind, self.file, self.report, self.createdAt) = (contentId, number, kind, file, report, createdAt)
    }

    private enum Key: String, CodingKey {
        case contentId, number, kind, createdAt
    }

    /// The API's form in a list: the file's name stays on the server, the report is at its own address.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(contentId, forKey: .contentId)
        try container.encode(number, forKey: .number)
        try container.encode(kind, forKey: .kind)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
