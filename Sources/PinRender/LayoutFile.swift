import Foundation
import PinRenderCore

/// `--layout-json`: the scenes that were drawn, `{"pages": [...]}`, for a preview the sheet
/// they were placed on (`"sheet"`), for a PDF review export the bookmarks it adds
/// (`"bookmarks"`) and the rest of its plan (`"review"`, ``ReviewPlan``), keys sorted so the
/// same render writes the same bytes.
enum LayoutFile {
    private struct Document: Encodable {
        var pages: [Scene]
        var sheet: PreviewSheet?
        var bookmarks: [Bookmark]?
        var review: ReviewPlan?
    }

    static func write(_ scenes: [Scene], sheet: PreviewSheet? = nil, bookmarks: [Bookmark]? = nil,
                      review: ReviewPlan? = nil, to path: String, name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(pages: scenes, sheet: sheet, bookmarks: bookmarks, review: review))
        guard FileManager.default.createFile(atPath: path, contents: data + Data("\n".utf8)) else {
            throw OutputError(file: name, reason: "cannot create the file")
        }
    }
}
