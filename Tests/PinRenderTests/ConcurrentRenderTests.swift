import Foundation
import Testing
import PinRender
import PinRenderCore
import PinRenderGraphics

/// Text is set on several threads at once (pages side by side, stripes side by side): every
/// thread must set it exactly as one thread alone does, so that the same input gives the same
/// bytes on one core or many, and nothing crashes.
@Suite struct ConcurrentRenderTests {
    private struct LayoutDocument: Decodable { var pages: [Scene] }

    /// Comments in several scripts and lengths, so that measuring them loads fonts (fallback
    /// included) and shapes many runs.
    static let texts: [String] = (0..<48).map { i in
        let words = ["Проверить высоту подоконника", "Entrance door swings", "קיר חיצוני", "الباب الرئيسي",
                     "emoji 🚧✅", "Ελληνικά γράμματα", "mixed 900 mm / 850 mm", "ÆØÅ æøå ß"]
        return (0...(i % 6)).map { words[(i + $0 * 3) % words.count] }.joined(separator: " ") + " #\(i)"
    }

    /// Measurers and canvases made on one thread and then used on several threads at once
    /// measure and draw as they do on one thread. Each round sets sizes not set before, so
    /// that the workers load fonts while they work.
    @Test func textSetOnManyThreadsAsOnOne() throws {
        struct Result: Equatable, Sendable {
            var sizes: [Double] = []
            var pixels: [UInt8] = []
        }
        @Sendable func setAll(_ measurer: PangoTextMeasurer, _ canvas: ImageCanvas, round: Int) -> Result {
            var result = Result()
            for (index, text) in Self.texts.enumerated() {
                let style = TextStyle(fontFamily: "DejaVu Sans", size: 9 + Double(round) * 0.75 + Double(index % 4),
                                      bold: index % 2 == 0, color: Color(red: 0, green: 0, blue: 0))
                let size = measurer.measure(text, style: style, maxWidth: 180)
                result.sizes += [size.width, size.height]
                canvas.drawText(text, at: CGPoint(x: 0, y: Double(index % 6) * 16), width: 180, style: style)
            }
            result.pixels = canvas.pixels().rgba
            return result
        }
        let workers = 4
        for round in 0..<8 {
            // All made here, on this thread, as a page layout made before the workers start is.
            let setters = try (0..<workers).map { _ in Exclusive((PangoTextMeasurer(), try ImageCanvas(width: 180, height: 100))) }
            let results = try WorkerPool(workers: workers).map(workers, context: { _ in }) { _, worker in
                setters[worker].use { setAll($0.0, $0.1, round: round) }
            }
            let expected = setAll(PangoTextMeasurer(), try ImageCanvas(width: 180, height: 100), round: round)
            for (worker, result) in results.enumerated() {
                let same = result == expected
                #expect(same, "round \(round): worker \(worker) set text differently")
            }
        }
    }

    /// A many-page document with tooltips on every page, rendered on all cores again and
    /// again: every run writes the bytes of each page rendered on its own.
    @Test func multiPageRendersAreTheSameEveryRun() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pageCount = 8
        // Pages with a line of text each, so that Poppler sets text on every worker too.
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [\((0..<pageCount).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(pageCount) >>",
                       "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
        for page in 1...pageCount {
            let content = "BT /F1 18 Tf 40 300 Td (Sheet \(page) of the plan) Tj ET 2 w 30 30 m 500 350 l S"
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 400] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * (page - 1)) 0 R >>")
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        let pdf = dir.appendingPathComponent("plan.pdf")
        try Support.writePDF(objects, to: pdf)
        let authors = ["Anna", "Дмитрий", "דנה", "سارة", "Zoë"]
        let pins = (0..<(pageCount * 6)).map { i -> [String: Any] in
            let u: Double = 0.1 + Double(i / pageCount) * 0.15
            let v: Double = i % 2 == 0 ? 0.2 : 0.75
            return ["id": "p\(i)", "contentId": "plan", "page": i % pageCount + 1, "relativeX": u, "relativeY": v,
                    "authorId": "u\(i % 5)", "authorName": authors[i % 5],
                    "createdAt": String(format: "2026-11-02T09:%02d:00Z", i), "text": Self.texts[i % Self.texts.count],
                    "resolved": i % 7 == 3, "parentId": NSNull()]
        }
        let pinsPath = dir.appendingPathComponent("pins.json").path
        try JSONSerialization.data(withJSONObject: ["pins": pins]).write(to: URL(fileURLWithPath: pinsPath))
        let common = ["--pins", pinsPath, "--dpi", "60", "--tooltips", "all", "--cluster", "off"]

        // Each page alone: one thread lays it out and draws it.
        var expected: [Data] = []
        for page in 1...pageCount {
            let out = dir.appendingPathComponent("alone-\(page).png").path
            let layout = dir.appendingPathComponent("alone-\(page).json")
            let run = try Support.pinrender(["render", pdf.path, "--page", String(page), "-o", out,
                                             "--layout-json", layout.path] + common)
            #expect(run.status == 0, "\(run.stderr)")
            expected.append(try Data(contentsOf: URL(fileURLWithPath: out)))
            let scene = try #require(try JSONDecoder().decode(LayoutDocument.self, from: Data(contentsOf: layout)).pages.first)
            #expect(scene.tooltips.count >= 3, "page \(page): tooltips are what this test sets text for")
        }
        for attempt in 1...6 {
            let out = dir.appendingPathComponent("all-\(attempt).png").path
            let run = try Support.pinrender(["render", pdf.path, "-o", out] + common)
            // Six long tooltips on a small page do not all fit: said once a page, nothing else.
            let said = run.stderr.split(separator: "\n").filter { !$0.contains("tooltips,") }
            #expect(run.status == 0 && said.isEmpty, "run \(attempt): \(run.stderr)")
            for page in 1...pageCount {
                let written = try Data(contentsOf: URL(fileURLWithPath: PageFiles.path(out, page: page)))
                // (A Bool: a failing comparison of the Data itself would diff megabytes.)
                let same = written == expected[page - 1]
                #expect(same, "run \(attempt), page \(page) differs from the page rendered alone")
            }
        }
    }
}
