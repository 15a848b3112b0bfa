import Foundation
import Testing

/// `--timeout` limits the whole command: a job that takes longer stops with exit status 2
/// and one line saying what it was doing, leaves no temporary file (beside the outputs or in
/// the temporary directory) and leaves an existing output as it was.
@Suite struct TimeoutTests {
    /// What a timed-out job may have been doing.
    static let activities = ["drawing page ", "laying out ", "drawing the comment summary", "stamping the pages",
                             "adding the PDF comments", "writing "]

    /// Runs `render` with `arguments` and `-o out.<kind>` in `dir`, where `existing` holds an
    /// old output, with a temporary directory of its own; checks the refusal and returns
    /// its message.
    func expectTimeout(_ arguments: [String], kind: String, existing: String, in dir: URL,
                       keeping inputs: [String]) throws -> String {
        let temporary = dir.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let old = dir.appendingPathComponent(existing)
        try Data("old output".utf8).write(to: old)
        let result = try Support.pinrender(["render"] + arguments + ["-o", dir.appendingPathComponent("out.\(kind)").path],
                                           environment: ["TMPDIR": temporary.path])
        #expect(result.status == 2, "status \(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("--timeout"), "\(result.stderr)")
        #expect(Self.activities.contains { result.stderr.contains("while " + $0) }, "\(result.stderr)")
        #expect(try String(contentsOf: old, encoding: .utf8) == "old output")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == (inputs + [existing, "tmp"]).sorted(), "left \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
        return result.stderr
    }

    /// Thousands of pins with every tooltip, to a PDF: seconds of work over 4 pages, stopped
    /// after 2 s, not after 2 s a page.
    @Test func aPDFExportStopsAtTheLimitOfTheWholeJob() throws {
        let dir = try Support.scratch()
        let points = (0..<4000).map { (i: Int) -> (page: Int, u: Double, v: Double) in
            (i % 4 + 1, Double(i % 97) / 97, Double(i % 89) / 89)
        }
        let pins = try Support.pinsFile(points, in: dir, text: "Проверить размер проёма и отметку низа; see the note on sheet A-201")
        let message = try expectTimeout([Support.path("samples/floorplan.pdf"), "--pins", pins, "--tooltips", "all",
                                         "--timeout", "2"], kind: "pdf", existing: "out.pdf", in: dir, keeping: ["pins.json"])
        #expect(message.contains("floorplan.pdf") && message.contains("2 s"), "\(message)")
    }

    /// 40 pages to PNG, none slow on its own: the limit is for all of them.
    @Test func aMultiPagePNGExportStopsAtTheLimitOfTheWholeJob() throws {
        let dir = try Support.scratch()
        let pages = 40
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [\((0..<pages).map { "\(3 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pages) >>"]
        for page in 0..<pages {
            let content = "0.5 w 40 40 m 560 \(100 + 10 * page) l S BT /F1 24 Tf 60 700 Td (Sheet \(page + 1)) Tj ET"
            objects += ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents \(4 + 2 * page) 0 R "
                        + "/Resources << /Font << /F1 \(3 + 2 * pages) 0 R >> >> >>",
                        "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"]
        }
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let document = dir.appendingPathComponent("sheets.pdf")
        try Support.writePDF(objects, to: document)
        let points = (0..<pages * 30).map { (i: Int) -> (page: Int, u: Double, v: Double) in
            (i % pages + 1, Double(i % 13) / 13, Double(i % 11) / 11)
        }
        let pins = try Support.pinsFile(points, in: dir)
        let message = try expectTimeout([document.path, "--pins", pins, "--dpi", "150", "--tooltips", "all", "--timeout", "1"],
                                        kind: "png", existing: "out-1.png", in: dir, keeping: ["pins.json", "sheets.pdf"])
        #expect(message.contains("sheets.pdf") && message.contains("while drawing page "), "\(message)")
    }
}
