import Foundation

/// An uploaded document or image: what the service knows of it, and the file it keeps of it
/// beside the database.
public struct ContentRecord: Sendable, Equatable, Encodable {
    /// The displayed size of one page: points for a PDF, pixels for an image.
    public struct PageSize: Sendable, Equatable, Codable {
        public var page: Int
        public var width: Double
        public var height: Double

        public init(page: Int, width: Double, height: Double) {
            self.page = page
            self.width = width
            self.height = height
        }
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
    /// How its renders went on this server: not stored, each server counts its own.
    public var renders = RenderCounts()

    public init(id: String, kind: String, file: String, bytes: Int, unit: String, pages: [PageSize], updatedAt: String) {
        (self.id, self.kind, self.file, self.bytes, self.unit, self.pages, self.updatedAt) = (id, kind, file, bytes, unit, pages, updatedAt)
    }

    private enum Key: String, CodingKey {
        case id, kind, bytes, unit, pageCount, pages, updatedAt, renders
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
        try container.encode(renders, forKey: .renders)
    }
}

/// How the renders of a content went since the server started or its file was last
/// uploaded: those drawn (not those answered from the cache), those that failed with the
/// document, a limit or the worker at fault (422, 500; a bad option, 400, is the request's
/// fault and not counted), the last of those failures, and the most memory a worker took.
public struct RenderCounts: Sendable, Equatable, Encodable {
    /// An answer that was not a render.
    public struct Failure: Sendable, Equatable, Encodable {
        public var status: Int
        public var error: String

        public init(status: Int, error: String) {
            self.status = status
            self.error = error
        }
    }

    public var rendered = 0
    public var failed = 0
    public var lastFailure: Failure?
    /// The most resident memory a render worker of this content took, in bytes.
    public var peakMemory = 0
    /// Renders a worker is drawing now.
    public var running = 0
    /// Requests answered by the render of an identical one already in flight.
    public var shared = 0

    public init() {}
}
