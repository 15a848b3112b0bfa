import Foundation
import Testing

/// The table of pin fields in docs/PINS.md says which are required, and the decoder agrees: a
/// pin without a field marked required is refused naming it, without another it is drawn.
@Suite struct PinFieldsTableTests {
    @Test func theTableOfPinFieldsMatchesWhatIsRefused() throws {
        let page = try String(contentsOfFile: Support.path("docs/PINS.md"), encoding: .utf8)
        // Rows of the table under "## Fields": | `a`, `b` | yes... | type | meaning |
        let section = try #require(page.components(separatedBy: "\n## Fields\n").dropFirst().first?
            .components(separatedBy: "\n## ").first, "docs/PINS.md has no section ## Fields")
        var required: [String: Bool] = [:]
        for row in section.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            for name in cells[0].split(separator: ",") {
                required[name.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"])] = cells[1].hasPrefix("yes")
            }
        }
        #expect(Set(required.keys) == ["id", "contentId", "relativeX", "relativeY", "authorId", "createdAt", "text", "resolved",
                                       "parentId", "page", "authorName", "number", "kind", "audio", "canonical", "via"])
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pin: [String: Any] = ["id": "p1", "contentId": "doc", "relativeX": 0.5, "relativeY": 0.5, "authorId": "u",
                                  "createdAt": "2026-11-02T09:00:00Z", "text": "t", "resolved": false, "parentId": NSNull(),
                                  "page": 1, "authorName": "Ann", "number": 3, "kind": "voice",
                                  "audio": ["url": "a.m4a", "durationMs": 1000], "canonical": "urn:uuid:c1",
                                  "via": "https://elsewhere.example/a/1"]
        let pins = dir.appendingPathComponent("pins.json")
        for (field, isRequired) in required.sorted(by: { $0.key < $1.key }) {
            var without = pin
            without[field] = nil
            try JSONSerialization.data(withJSONObject: [without]).write(to: pins)
            let run = try Support.pinrender(["render", "--canvas", "100x100", "--pins", pins.path,
                                             "-o", dir.appendingPathComponent("o.png").path])
            if isRequired {
                #expect(run.status == 2 && run.stderr.contains("pins[0].\(field): missing"), "\(field): \(run.stderr)")
            } else {
                #expect(run.status == 0, "\(field) is optional in docs/PINS.md: \(run.stderr)")
            }
        }
    }
}
