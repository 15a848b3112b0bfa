import Foundation
import Testing
import PinRenderGraphics

/// `pinrender draw`: a layout file drawn again over its document gives the render's bytes,
/// for every sample, PNG pages, device screens, preview sheets and PDF review exports; a bad
/// layout file is one line naming it and the field, exit status 2, nothing written.
@Suite struct DrawCommandTests {
    /// A render of the samples and the arguments `draw` takes after the layout file.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The render's arguments, without `-o` and `--layout-json`.
        var render: [String]
        /// INPUT for draw; nil for a canvas.
        var input: String?
        var output = "out.png"
        /// The files written besides OUT (a render of several pages to PNG).
        var pages: [Int] = []
        var testDescription: String { name }
    }

    static let plan = "samples/floorplan.pdf"

    static let cases: [Case] = [
        Case(name: "plan, every page (rotated, cropped)", render: ["render", plan, "--pins", "samples/pins/floorplan-few.json",
                                                                   "--dpi", "60", "--tooltips", "all"], input: plan, pages: [1, 2, 3, 4]),
        Case(name: "threads: Cyrillic, Hebrew, emoji", render: ["render", plan, "--pins", "samples/pins/threads.json", "--page", "1",
                                                               "--dpi", "100", "--tooltips", "all"], input: plan),
        Case(name: "crowd in clusters", render: ["render", plan, "--pins", "samples/pins/floorplan-crowd.json", "--page", "1",
                                                 "--dpi", "72"], input: plan),
        Case(name: "crowd unclustered, every tooltip", render: ["render", plan, "--pins", "samples/pins/floorplan-crowd.json",
                                                                "--page", "1", "--dpi", "72", "--cluster", "off", "--tooltips", "all"],
             input: plan),
        Case(name: "edges: leaning markers, margin column", render: ["render", plan, "--pins", "samples/pins/floorplan-edges.json",
                                                                     "--page", "1", "--dpi", "50", "--tooltips", "margin"], input: plan),
        Case(name: "thread panel", render: ["render", plan, "--pins", "samples/pins/threads.json", "--page", "1", "--dpi", "50",
                                            "--threads", "panel"], input: plan),
        Case(name: "photo, EXIF orientation", render: ["render", "samples/photo.jpg", "--pins", "samples/pins/photo.json",
                                                       "--scale", "0.5", "--tooltips", "all"], input: "samples/photo.jpg"),
        Case(name: "screenshot", render: ["render", "samples/screenshot.png", "--pins", "samples/pins/screenshot.json",
                                          "--tooltips", "all"], input: "samples/screenshot.png"),
        Case(name: "canvas", render: ["render", "--canvas", "390x844", "--pins", "samples/pins/screenshot.json",
                                      "--content-id", "screenshot", "--tooltips", "all"], input: nil),
        Case(name: "device screen, zoomed to a pin", render: ["render", plan, "--pins", "samples/pins/threads.json", "--page", "1",
                                                              "--device", "iphone-se", "--zoom", "3", "--focus", "p1"], input: plan),
        Case(name: "preview sheet", render: ["preview", plan, "--pins", "samples/pins/floorplan-crowd.json",
                                             "--devices", "iphone-se,ipad-pro-12.9@landscape", "--zooms", "1,3"], input: plan),
        Case(name: "review export of the plan", render: ["render", plan, "--pins", "samples/pins/threads.json",
                                                         "--tooltips", "all"], input: plan, output: "out.pdf"),
        Case(name: "review export of pages 2 and 4", render: ["render", plan, "--pins", "samples/pins/floorplan-few.json",
                                                              "--pages", "2,4"], input: plan, output: "out.pdf"),
        Case(name: "review export with the margin column", render: ["render", plan, "--pins", "samples/pins/floorplan-edges.json",
                                                                    "--page", "1", "--tooltips", "margin"], input: plan, output: "out.pdf"),
        Case(name: "review export of the photo", render: ["render", "samples/photo.jpg", "--pins", "samples/pins/photo.json",
                                                          "--tooltips", "all"], input: "samples/photo.jpg", output: "out.pdf"),
    ]

    @Test(arguments: cases)
    func drawingTheLayoutGivesTheRendersBytes(_ sample: Case) throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (rendered, layout, drawn) = (dir.appendingPathComponent("rendered-" + sample.output).path,
                                         dir.appendingPathComponent("layout.json").path,
                                         dir.appendingPathComponent("drawn-" + sample.output).path)
        let render = try Support.pinrender(sample.render.map { $0.hasPrefix("samples/") ? Support.path($0) : $0 }
                                           + ["-o", rendered, "--layout-json", layout])
        try #require(render.status == 0, "\(render.stderr)")
        let draw = try Support.pinrender(["draw", layout] + (sample.input.map { [Support.path($0)] } ?? []) + ["-o", drawn])
        try #require(draw.status == 0, "\(draw.stderr)")
        let files = sample.pages.isEmpty ? [(rendered, drawn)]
            : sample.pages.map { (Self.pageFile(rendered, $0), Self.pageFile(drawn, $0)) }
        for (expected, actual) in files {
            let (a, b) = (try Data(contentsOf: URL(fileURLWithPath: expected)), try Data(contentsOf: URL(fileURLWithPath: actual)))
            #expect(a.count > 1000 && a == b, "\(sample.name): \(actual) differs from \(expected) (\(b.count) bytes, \(a.count) rendered)")
        }
    }

    /// `out.png`'s page `page`: `out-3.png`.
    static func pageFile(_ path: String, _ page: Int) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingPathExtension().path + "-\(page)." + url.pathExtension
    }

    /// A layout of the screenshot, written by a render, as JSON to change.
    static func layout(in dir: URL) throws -> [String: Any] {
        let layout = dir.appendingPathComponent("layout.json").path
        let render = try Support.pinrender(["render", Support.path("samples/screenshot.png"), "--pins",
                                            Support.path("samples/pins/screenshot.json"), "--tooltips", "all",
                                            "-o", dir.appendingPathComponent("r.png").path, "--layout-json", layout])
        try #require(render.status == 0, "\(render.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: layout))) as? [String: Any])
    }

    /// Draws `layout` (changed by `change`) over the screenshot onto an existing OUT; returns
    /// the run, after checking OUT was left as it was.
    func drawing(changed change: (inout [String: Any]) -> Void, input: String? = "samples/screenshot.png",
                 output: String = "out.png") throws -> Support.Run {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var layout = try Self.layout(in: dir)
        change(&layout)
        let path = dir.appendingPathComponent("changed.json")
        try JSONSerialization.data(withJSONObject: layout).write(to: path)
        let out = dir.appendingPathComponent(output)
        try Data("old".utf8).write(to: out)
        let run = try Support.pinrender(["draw", path.path] + (input.map { [Support.path($0)] } ?? []) + ["-o", out.path])
        #expect(try Data(contentsOf: out) == Data("old".utf8), "OUT was changed: \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["changed.json", "layout.json", output, "r.png"].sorted())
        return run
    }

    @Test func aFieldOfTheWrongTypeIsNamed() throws {
        let run = try drawing(changed: Self.firstPage { page in
            var markers = page["markers"] as! [[String: Any]]
            markers[2]["x"] = "left"
            page["markers"] = markers
        })
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("changed.json: pages[0].markers[2].x: expected a number\n"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aColorThatIsNoColorIsNamed() throws {
        let run = try drawing(changed: Self.firstPage { page in
            var tooltips = page["tooltips"] as! [[String: Any]]
            tooltips[0]["ink"] = ["background": "white", "border": "#D0D5DD", "leader": "#667085"]
            page["tooltips"] = tooltips
        })
        #expect(run.status == 2)
        #expect(run.stderr.contains("changed.json: pages[0].tooltips[0].ink.background: \"white\" is not a color"), "\(run.stderr)")
    }

    @Test func aFileWithoutAVersionIsRefused() throws {
        let run = try drawing { $0["version"] = nil }
        #expect(run.status == 2)
        #expect(run.stderr.contains("changed.json: version: missing"), "\(run.stderr)")
    }

    /// The drawing follows the plan and nothing else: a marker's ring recolored and its snap
    /// moved in the layout file are drawn so, and only there.
    @Test func anEditedLayoutIsDrawnAsEdited() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var layout = try Self.layout(in: dir)
        var pages = layout["pages"] as! [[String: Any]]
        var markers = pages[0]["markers"] as! [[String: Any]]
        var snap = markers[0]["snap"] as! [String: Any], ink = markers[0]["ink"] as! [String: Any]
        // Moved by four radii toward the middle: where it was is out of the reach of where it is.
        let radius = markers[0]["radius"] as! Double, width = pages[0]["width"] as! Double
        let shift = ((snap["x"] as! Double) > width / 2 ? -4 : 4) * radius
        let (x, y) = ((snap["x"] as! Double) + shift, snap["y"] as! Double)
        snap["x"] = x
        snap["badges"] = (snap["badges"] as! [[String: Any]]).map { var badge = $0; badge["x"] = (badge["x"] as! Double) + shift; return badge }
        ink["stroke"] = "#00FF00"
        (markers[0]["snap"], markers[0]["ink"]) = (snap, ink)
        // No tooltip over where it goes (a box lets 5% of what is under it through).
        (pages[0]["markers"], pages[0]["tooltips"], pages[0]["buried"]) = (markers, [Any](), nil)
        layout["pages"] = pages
        let path = dir.appendingPathComponent("edited.json")
        try JSONSerialization.data(withJSONObject: layout).write(to: path)
        let out = dir.appendingPathComponent("edited.png").path
        let run = try Support.pinrender(["draw", path.path, Support.path("samples/screenshot.png"), "-o", out])
        try #require(run.status == 0, "\(run.stderr)")
        let (before, after) = (try PixelBuffer(pngAt: dir.appendingPathComponent("r.png").path), try PixelBuffer(pngAt: out))
        func green(_ image: PixelBuffer) -> [(Int, Int)] {
            var found: [(Int, Int)] = []
            for py in 0..<image.height {
                for px in 0..<image.width {
                    let p = image.pixel(x: px, y: py)
                    if p.g > 200 && p.r < 60 && p.b < 60 { found.append((px, py)) }
                }
            }
            return found
        }
        let ring = green(after)
        #expect(green(before).isEmpty && !ring.isEmpty)
        #expect(ring.allSatisfy { hypot(Double($0.0) + 0.5 - x, Double($0.1) + 0.5 - y) <= 2 * radius + 3 }, "green outside the moved marker and its badges")
    }

    /// `layout` with its first page changed by `change`.
    static func firstPage(_ change: @escaping (inout [String: Any]) -> Void) -> (inout [String: Any]) -> Void {
        { layout in
            var pages = layout["pages"] as! [[String: Any]]
            change(&pages[0])
            layout["pages"] = pages
        }
    }

    @Test func aPageSizePastThePixelLimitIsRefusedBeforeDrawing() throws {
        let run = try drawing(changed: Self.firstPage { page in (page["width"], page["height"]) = (32767, 32767) })
        #expect(run.status == 2)
        #expect(run.stderr.contains("changed.json: pages[0]: 32767 x 32767 is past the pixel limit"), "\(run.stderr)")
    }

    @Test func aPageTheInputDoesNotHaveIsNamed() throws {
        let run = try drawing(changed: Self.firstPage { $0["page"] = 3 })
        #expect(run.status == 2)
        #expect(run.stderr.contains("changed.json: pages[0].page: page 3, but"), "\(run.stderr)")
    }

    @Test func anInputOfAnotherKindIsRefused() throws {
        let pdf = try drawing(changed: { _ in }, input: "samples/floorplan.pdf")
        #expect(pdf.status == 2 && pdf.stderr.contains("floorplan.pdf: is a PDF, but"), "\(pdf.stderr)")
        let none = try drawing(changed: { _ in }, input: nil)
        #expect(none.status == 2 && none.stderr.contains("draw needs INPUT"), "\(none.stderr)")
    }

    @Test func aPNGLayoutDrawnToAPDFIsRefused() throws {
        let run = try drawing(changed: { _ in }, output: "out.pdf")
        #expect(run.status == 2)
        #expect(run.stderr.contains("out.pdf: ") && run.stderr.contains("draw it to a .png"), "\(run.stderr)")
    }

    @Test func notJSONIsSaidSo() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("layout.json")
        try Data("{\"pages\": [".utf8).write(to: path)
        let run = try Support.pinrender(["draw", path.path, Support.path("samples/screenshot.png"), "-o",
                                         dir.appendingPathComponent("out.png").path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("layout.json: not JSON"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.png").path))
    }
}
