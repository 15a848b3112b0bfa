import Foundation
import PinRenderCore

/// The layout file: what `--layout-json` writes and `pinrender draw` draws again. The scenes
/// that were drawn (`"pages"`), for a preview the sheet they were placed on (`"sheet"`), for
/// a PDF review export the bookmarks it adds (`"bookmarks"`) and its summary and comments
/// (`"review"`); the file's `"version"`, what
/// kind of output it plans (`"kind"`) and what it was drawn over (`"source"`). Keys are
/// sorted, so the same render writes the same bytes.
///
///     let file = try LayoutFile.read(path: "plan.json")
///     file.pages[0].markers.count
public struct LayoutFile: Codable, Sendable {
    /// The version this program writes and draws.
    public static let currentVersion = 1

    /// What the file is the plan of: how `draw` draws it.
    public enum Kind: String, Codable, Sendable {
        /// PNG pages, one file per page when there are several.
        case pages
        /// Device screens (`render --device`), one PNG each.
        case screens
        /// A preview's contact sheet of screens (`pinrender preview`).
        case sheet
        /// A PDF review export.
        case review
    }

    /// What the pages were drawn over.
    public enum Source: String, Codable, Sendable {
        case pdf, image, canvas

        /// The source of an opened document.
        init(_ document: SourceDocument) {
            switch document {
            case .pdf: self = .pdf
            case .image: self = .image
            case .canvas: self = .canvas
            }
        }
    }

    /// Absent in files written before `draw` existed, which `draw` refuses.
    public var version: Int?
    public var kind: Kind?
    public var source: Source?
    public var pages: [Scene]
    public var sheet: PreviewSheet?
    public var bookmarks: [Bookmark]?
    /// A review export's summary pages and comments.
    public var review: Review?

    /// - Parameters:
    ///   - kind: the output planned.
    ///   - source: what its pages are drawn over.
    ///   - pages: the scenes, in the order drawn.
    ///   - sheet: a preview's sheet.
    ///   - bookmarks: a review export's bookmarks.
    public init(kind: Kind, source: Source, pages: [Scene], sheet: PreviewSheet? = nil, bookmarks: [Bookmark]? = nil) {
        version = Self.currentVersion
        self.kind = kind
        self.source = source
        self.pages = pages
        self.sheet = sheet
        self.bookmarks = bookmarks
    }

    /// Writes the file to `path`; `name` is how errors call it.
    func write(to path: String, name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(self)
        guard FileManager.default.createFile(atPath: path, contents: data + Data("\n".utf8)) else {
            throw OutputError(file: name, reason: "cannot create the file")
        }
    }

    /// Reads and checks the layout file at `path` for drawing: a file
    /// this version writes, every field there and of its type, every page's size whole,
    /// positive and within `pixelLimit` pixels, a sheet's screens one per page. What is wrong
    /// is one ``InputError`` naming the file and the field (`pages[0].markers[2].x`).
    public static func read(path name: String, pixelLimit: Int) throws -> LayoutFile {
        guard let data = FileManager.default.contents(atPath: name) else {
            throw InputError(source: name, location: "", problem: "cannot be read (no such file, or permissions?)")
        }
        let file: LayoutFile
        do {
            file = try JSONDecoder().decode(LayoutFile.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw InputError(source: name, location: "", problem: "not JSON (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))")
            }
            throw InputError(source: name, decoding: error)
        }
        try file.check(name: name, pixelLimit: pixelLimit)
        return file
    }

    /// The checks of ``read(path:pixelLimit:)`` past decoding.
    private func check(name: String, pixelLimit: Int) throws {
        guard let version else {
            throw InputError(source: name, location: "version",
                             problem: "missing: the file was written before pinrender draw existed; render again with --layout-json")
        }
        guard version == Self.currentVersion else {
            throw InputError(source: name, location: "version",
                             problem: "\(version) is not a version this pinrender draws (\(Self.currentVersion))")
        }
        guard kind != nil else { throw InputError(source: name, location: "kind", problem: "missing") }
        guard source != nil else { throw InputError(source: name, location: "source", problem: "missing") }
        guard !pages.isEmpty else { throw InputError(source: name, location: "pages", problem: "no pages to draw") }
        for (index, scene) in pages.enumerated() {
            guard scene.page >= 1 else {
                throw InputError(source: name, location: "pages[\(index)].page", problem: "expected a page number from 1")
            }
            // A PDF's pages are in points, of any size; an image's in whole pixels.
            let size = scene.drawnSize, whole = kind != .review
            try Self.checkSides(scene.width, scene.height, of: "pages[\(index)]", whole: whole, name: name)
            guard whole else { continue }
            // Widened by a margin column or a thread panel, the output is still whole pixels Cairo draws.
            try Self.checkSides(size.width, size.height, of: "pages[\(index)].drawnSize", whole: true, name: name)
            guard size.width * size.height <= Double(pixelLimit) else {
                throw InputError(source: name, location: "pages[\(index)]",
                                 problem: "\(Int(size.width)) x \(Int(size.height)) is past the pixel limit of \(pixelLimit) (--max-pixels)")
            }
        }
        if kind == .review, review == nil {
            throw InputError(source: name, location: "review", problem: "missing: a review export's file has one")
        }
        if kind == .sheet {
            guard let sheet else { throw InputError(source: name, location: "sheet", problem: "missing: a sheet's file has one") }
            guard sheet.cells.map(\.count).reduce(0, +) == pages.count else {
                throw InputError(source: name, location: "sheet.cells",
                                 problem: "\(sheet.cells.map(\.count).reduce(0, +)) cells for \(pages.count) screens")
            }
            try Self.checkSides(sheet.width, sheet.height, of: "sheet", whole: true, name: name)
        }
    }

    /// Refuses a `width` or `height` of `field` that is not a size Cairo draws: from 1 to
    /// its largest side, and a `whole` number of pixels for an image.
    private static func checkSides(_ width: Double, _ height: Double, of field: String, whole: Bool, name: String) throws {
        for (side, value) in [("width", width), ("height", height)] {
            guard value >= 1, value <= Double(SizeRequest.maximumSide), !whole || value == value.rounded() else {
                throw InputError(source: name, location: "\(field).\(side)", problem: whole
                                 ? "expected a whole number of pixels from 1 to \(SizeRequest.maximumSide)"
                                 : "expected a number of points from 1 to \(SizeRequest.maximumSide)")
            }
        }
    }
}
