import Foundation

/// An uploaded document or image: what the service knows of it, and the file it keeps of it
/// beside the database.
public struct ContentRecord: Sendable, Equatable, Encodable {
    /// The displayed size of one page: points for a PDF, pixels for an image.
    public struct PageSize: Sendable, Equatable, Codable {
        public var page: Int
        public var width: Double
        public var height: Double
    }

    public var id: String
    /// `pdf`, `png` or `jpeg`.
    public var kind: String
    /// The file's name in the service's contents directory.
    public var file: String
    public var bytes: Int
    /// `pt` (PDF points, 72 per inch) or `px`.
    public var unit: String
    public var pages: [PageSize]
    public var updatedAt: String

    private enum Key: String, CodingKey {
        case id, kind, bytes, unit, pageCount, pages, updatedAt
    }

    /// The API's form: the file's name stays on the server.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(unit, forKey: .unit)
        try container.encode(pages.count, forKey: .pageCount)
        try container.encode(pages, forKey: .pages)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
