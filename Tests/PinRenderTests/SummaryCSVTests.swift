import Foundation
import Testing

/// `--summary-csv` opened in a spreadsheet: no cell of the comments' own text may start a
/// formula (OWASP CSV injection), and the file still parses to the same fields.
@Suite struct SummaryCSVTests {
    @Test func cellsThatWouldStartAFormulaAreNeutralised() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hostile = ["=HYPERLINK(\"http://evil.example\",\"click\")", "+1+1", "-2+3", "@SUM(A1:A2)", "\tleading tab",
                       "\r=1", "plain, with \"quotes\"", "a = b", "two\r\nlines"]
        let pins = hostile.enumerated().map { index, text in
            ["id": index == 3 ? "=id" : "p\(index)", "contentId": "doc", "relativeX": 0.1 + 0.1 * Double(index),
             "relativeY": 0.5, "authorId": "u", "authorName": index == 0 ? "@author" : "Ann",
             "createdAt": String(format: "2026-11-02T09:%02d:00Z", index), "text": text, "resolved": false,
             "number": index + 1] as [String: Any]
        }
        let pinsFile = dir.appendingPathComponent("pins.json")
        try JSONSerialization.data(withJSONObject: pins).write(to: pinsFile)
        let csv = dir.appendingPathComponent("s.csv")
        #expect(try Support.pinsrenderOK(["render", "--canvas", "800x600", "--pins", pinsFile.path, "--tooltips", "none",
                                           "-o", dir.appendingPathComponent("o.png").path, "--summary-csv", csv.path]))
        // Python's csv module reads it as a spreadsheet would split it.
        let parsed = try Support.run("/usr/bin/python3", ["-c", """
            import csv, json, sys
            print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))
            """, csv.path])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String]], "\(parsed.stderr)")
        #expect(rows.first == ["number", "id", "page", "status", "author", "createdAt", "replies", "text"])
        #expect(rows.count == hostile.count + 1)
        for row in rows.dropFirst() {
            for cell in row {
                #expect(!(cell.first.map { "=+-@\t\r".contains($0) } ?? false), "a cell starts a formula: \(cell.debugDescription)")
            }
        }
        let texts = rows.dropFirst().map { $0[7] }
        let expected = hostile.map { "=+-@\t\r".contains($0.first!) ? "'" + $0 : $0 }
        #expect(texts == expected)
        #expect(rows[4][1] == "'=id" && rows[1][4] == "'@author" && rows[2][4] == "Ann")
    }
}
