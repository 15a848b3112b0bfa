import Foundation
import PinRenderCore

/// `--layout-json`: the scenes that were drawn, `{"pages": [...]}`, and for a preview the
/// sheet they were placed on (`"sheet"`), keys sorted so the same render writes the same bytes.
enum LayoutFile {
    private struct Document: Encodable {
        var pages: [Scene]
        var sheet: PreviewSheet?
    }

    static func write(_ scenes: [Scene], sheet: PreviewSheet? = nil, to path: String, name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(pages: scenes, sheet: sheet))
        guard FileManager.default.createFile(atPath: path, contents: data + Data("\n".utf8)) else {
            throw OutputError(file: name, reason: "cannot create the file")
        }
    }
}
