import Foundation
import Testing

/// The review export's comment summary, read back as text by Poppler (`pdftotext`) and MuPDF
/// (PyMuPDF): what a reader copies is the text as written, emoji included.
@Suite struct SummaryTextTests {
    @Test func copyingTheSummaryGivesTheTextAsWritten() throws {
        let check = try Support.run("/usr/bin/env", ["python3", "-c", "import pymupdf"])
        try #require(check.status == 0, "PyMuPDF is not installed (make test installs it)")
        let dir = try Support.scratch()
        let texts = ["Looks good 👍🏽 ship it 🚀", "Привет мир, öffne die Tür", "Ламинат 🙂 и плинтус 📐"]
        var pins: [[String: Any]] = texts.enumerated().map { index, text in
            ["id": "p\(index)", "contentId": "floorplan", "page": 1, "relativeX": 0.2 + 0.2 * Double(index), "relativeY": 0.5,
             "authorId": "u\(index)", "authorName": ["Léa", "Олег", "Zoë 🎨"][index], "createdAt": "2026-11-16T10:00:00Z",
             "text": text, "resolved": false]
        }
        pins.append(["id": "h", "contentId": "floorplan", "page": 1, "relativeX": 0.5, "relativeY": 0.8, "authorId": "u9",
                     "authorName": "דנה כהן", "createdAt": "2026-11-16T10:00:00Z", "text": "שלום עולם — בדיקה של טקסט",
                     "resolved": false])
        let pinsFile = dir.appendingPathComponent("pins.json")
        try JSONSerialization.data(withJSONObject: ["pins": pins]).write(to: pinsFile)
        let pdf = dir.appendingPathComponent("review.pdf").path
        let run = try Support.pinrender(["render", Support.path("samples/floorplan.pdf"), "--pages", "1", "--pins", pinsFile.path, "-o", pdf])
        #expect(run.status == 0, "\(run.stderr)")
        let poppler = try Support.tool("pdftotext", ["-f", "2", "-l", "2", pdf, "-"])
        let mupdf = try Support.run("/usr/bin/env", ["python3", "-c", "import pymupdf,sys; print(pymupdf.open(sys.argv[1])[1].get_text())", pdf])
        // MuPDF breaks a line where the glyphs run out before an emoji; words are what count.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for text in texts {
            #expect(poppler.contains(text), "Poppler: \(poppler)")
            #expect(words(mupdf.stdout).contains(words(text)), "MuPDF: \(mupdf.stdout)")
        }
        #expect(poppler.contains("#4 · ● Open · page 1 · Zoë 🎨 · 2026-11-16 10:00"), "the header as written: \(poppler)")
        // Right-to-left text stays with its glyphs, which MuPDF reads back in logical order.
        #expect(mupdf.stdout.contains("שלום עולם — בדיקה של טקסט"), "MuPDF: \(mupdf.stdout)")
        #expect(!poppler.contains("\u{200E}") && !poppler.contains("\u{2068}"), "no invisible bidi marks in the copied text")
    }
}
