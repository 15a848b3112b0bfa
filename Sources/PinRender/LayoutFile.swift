import Foundation
import PinRenderCore

/// `--layout-json`: the scenes that were drawn, `{"pages": [...]}`, keys sorted so the
/// same render writes the same bytes.
enum LayoutFile {
    private struct Document: Encodable {
        var pages: [Scene]
    }

    static func write(_ scenes: [Scene], to path: String, name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(pages: scenes))
        guard FileManager.default.createFile(atPath: path, contents: data + Data("\n".utf8)) else {
            throw OutputError(file: name, reason: "cannot create the file")
        }
    }
}
