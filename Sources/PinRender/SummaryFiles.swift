import Foundation
import PinRenderCore

/// `--summary-json` and `--summary-csv`: the exported comments, one row per thread, in the
/// order of the summary page (by number).
enum SummaryFiles {
    struct Row: Encodable {
        var number: Int
        var id: String
        var page: Int
        var status: String
        var author: String
        var createdAt: String
        var text: String
        var replies: Int
    }

    static func rows(_ threads: [CommentThread]) -> [Row] {
        threads.map { thread in
            Row(number: thread.number, id: thread.id, page: thread.root.page,
                status: thread.root.resolved ? "resolved" : "open", author: thread.root.displayAuthor,
                createdAt: ISO8601DateFormatter().string(from: thread.root.createdAt), text: thread.root.text,
                replies: thread.replies.count)
        }
    }

    static func writeJSON(_ threads: [CommentThread], to path: String, name: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try save(encoder.encode(["comments": rows(threads)]) + Data("\n".utf8), to: path, name: name)
    }

    /// RFC 4180: a header, commas, fields quoted when they hold a comma, quote or line break.
    /// A field of the comments' own text that a spreadsheet would read as a formula (it starts
    /// with `=`, `+`, `-`, `@`, a tab or a carriage return) starts with `'` instead, as OWASP
    /// advises against CSV injection: `=HYPERLINK(...)` is shown, not run.
    static func writeCSV(_ threads: [CommentThread], to path: String, name: String) throws {
        func field(_ text: String) -> String {
            let inert = text.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } == true ? "'" + text : text
            return inert.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
                ? "\"" + inert.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : inert
        }
        var lines = ["number,id,page,status,author,createdAt,replies,text"]
        for row in rows(threads) {
            lines.append([String(row.number), field(row.id), String(row.page), row.status, field(row.author),
                          row.createdAt, String(row.replies), field(row.text)].joined(separator: ","))
        }
        try save(Data((lines.joined(separator: "\r\n") + "\r\n").utf8), to: path, name: name)
    }

    private static func save(_ data: Data, to path: String, name: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw OutputError(file: name, reason: "cannot create the file")
        }
    }
}
