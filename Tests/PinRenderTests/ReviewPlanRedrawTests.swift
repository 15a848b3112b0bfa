import Foundation
import Testing
import PinRenderCore
@testable import PinRender

/// A PDF review export's plan, as `--layout-json` writes it (the pages' scenes, `review` and
/// `bookmarks`), is the whole of it: handed to ``ReviewDrawing`` as it was read back, it gives
/// the same bytes as the render that wrote it.
@Suite struct ReviewPlanRedrawTests {
    struct Layout: Decodable {
        var pages: [Scene]
        var review: ReviewPlan
        var bookmarks: [Bookmark]
    }

    @Test(arguments: [
        ("samples/floorplan.pdf", "samples/pins/floorplan-few.json", [String]()),
        ("samples/floorplan.pdf", "samples/pins/floorplan-edges.json", ["--tooltips", "margin", "--pages", "1,3"]),
        ("Tests/Fixtures/realworld/annotations.pdf", "Tests/Fixtures/realworld/annotations.pins.json", []),
        ("samples/photo.jpg", "samples/pins/photo.json", []),
    ])
    func theLayoutFilesPlanRedrawsTheSameBytes(input: String, pins: String, options: [String]) throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rendered = dir.appendingPathComponent("rendered.pdf").path, json = dir.appendingPathComponent("layout.json").path
        #expect(try Support.pinsrenderOK(["render", Support.path(input), "--pins", Support.path(pins), "-o", rendered,
                                          "--layout-json", json] + options))
        let layout = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        if input.hasSuffix(".pdf") { #expect(layout.review.pages.count == layout.pages.count) }
        if input.hasSuffix("annotations.pdf") { #expect(layout.review.pages.contains { !$0.buttons.isEmpty }) }

        let document = try SourceDocument.open(path: Support.path(input), password: nil, pixelLimit: 400_000_000, forEditing: true)
        let drawing = ReviewDrawing(document: document, documentName: input, password: nil,
                                    deadline: Deadline(seconds: 600, maxMemory: .max, subject: input, clock: .monotonic))
        let plan = ReviewDrawing.Plan(scenes: layout.pages, review: layout.review, bookmarks: layout.bookmarks)
        let scratch = dir.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let redrawn = dir.appendingPathComponent("redrawn.pdf").path
        _ = try drawing.write(plan, over: drawing.openInput(keeping: layout.pages.map(\.page)), to: redrawn, name: "redrawn.pdf",
                              overlay: scratch.appendingPathComponent("drawn.pdf").path)
        let (a, b) = (try Data(contentsOf: URL(fileURLWithPath: rendered)), try Data(contentsOf: URL(fileURLWithPath: redrawn)))
        #expect(a == b, "\(input) \(options): the redrawn export differs (\(a.count) and \(b.count) bytes)")
    }
}
