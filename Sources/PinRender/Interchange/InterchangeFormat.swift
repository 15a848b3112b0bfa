import Foundation
import PinRenderCore

/// The formats of `pinrender import` and `export`: a PDF's own comments, XFDF, and the W3C
/// Web Annotation data model (JSON-LD).
public enum InterchangeFormat: String, Sendable, CaseIterable {
    case pdf, xfdf, w3c

    /// The format of a file by its first bytes: `%PDF-` in its first kilobyte, an XML `<`, or
    /// JSON's `{` or `[`.
    /// - Parameter source: how the message names the file when it is none of them.
    public static func detect(_ data: Data, source: String) throws -> InterchangeFormat {
        let head = data.prefix(1024)
        if head.range(of: Data("%PDF-".utf8)) != nil { return .pdf }
        let first = head.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }.dropFirst(head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0).first
        switch first {
        case UInt8(ascii: "<"): return .xfdf
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .w3c
        default:
            throw InputError(source: source, location: "", problem: "is neither a PDF, XFDF nor W3C JSON-LD (give --format pdf|xfdf|w3c)")
        }
    }
}

/// The output of `import` or `export`, written all or nothing (a temporary file renamed
/// over it), or to standard output for `-`.
enum InterchangeOutput {
    static func write(_ data: Data, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        try OutputFiles.checkDirectory(of: path)
        let files = OutputFiles()
        let temporary = files.temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw OutputError(file: path, reason: "cannot be written")
        }
        try files.commit()
    }
}
