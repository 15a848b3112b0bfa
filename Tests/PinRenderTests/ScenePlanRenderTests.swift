import Foundation
import Testing
import PinRenderGraphics

/// The plan in `--layout-json` is what was drawn: the thread panel, the page's placement and
/// the letterbox, checked against the PNG's pixels.
@Suite struct ScenePlanRenderTests {
    struct Layout: Decodable {
        struct Rect: Decodable { var x: Double; var y: Double; var width: Double; var height: Double }
        struct Fill: Decodable { var rect: Rect; var color: String }
        struct Placement: Decodable { var rect: Rect; var clip: Rect }
        struct Panel: Decodable { var rect: Rect; var background: String; var divider: Fill }
        struct Point: Decodable { var x: Double; var y: Double }
        struct Indicator: Decodable {
            var x: Double; var y: Double; var radius: Double; var angle: Double; var unresolved: Int
            var arrow: [Point]; var outline: [Point]
        }
        struct Page: Decodable {
            var width: Double; var height: Double
            var placement: Placement; var backdrop: Fill?; var panel: Panel?; var indicators: [Indicator]
        }
        var pages: [Page]
    }

    private func render(_ arguments: [String], pins: String = "threads.json") throws -> (Layout.Page, PixelBuffer) {
        let dir = try Support.scratch()
        let png = dir.appendingPathComponent("out.png").path, json = dir.appendingPathComponent("layout.json").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--page", "1",
                                          "--pins", Support.path("samples/pins/\(pins)"), "-o", png,
                                          "--layout-json", json] + arguments))
        let layout = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        return (try #require(layout.pages.first), try PixelBuffer(pngAt: png))
    }

    private func rgb(_ hex: String) -> (UInt8, UInt8, UInt8) {
        let v = UInt32(hex.dropFirst().prefix(6), radix: 16)!
        return (UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF))
    }

    @Test func thePanelIsDrawnWhereTheLayoutSays() throws {
        let (page, image) = try render(["--dpi", "60", "--threads", "panel"])
        let panel = try #require(page.panel, "no panel in the layout JSON")
        #expect(panel.rect.x == page.width && panel.rect.y == 0 && panel.rect.height == page.height)
        #expect(image.width == Int(panel.rect.x + panel.rect.width) && image.height == Int(page.height))
        let fill = rgb(panel.background), divider = rgb(panel.divider.color)
        #expect(fill == (0xF2, 0xF4, 0xF7) && divider == (0xD0, 0xD5, 0xDD))
        // The divider is the panel's left column, top to bottom; the panel's background its
        // bottom row, right of the divider (the entries are above it); none of it left of the panel.
        let x0 = Int(panel.rect.x), x1 = Int(panel.rect.x + panel.rect.width), dividerEnd = Int(panel.divider.rect.x + panel.divider.rect.width)
        #expect(Int(panel.divider.rect.x) == x0 && dividerEnd > x0)
        for y in 0..<image.height {
            let p = image.pixel(x: x0, y: y)
            #expect((p.r, p.g, p.b) == divider, "divider at row \(y): \(p)")
            if (p.r, p.g, p.b) != divider { break }
        }
        for x in dividerEnd..<x1 {
            let p = image.pixel(x: x, y: image.height - 1)
            #expect((p.r, p.g, p.b) == fill, "panel background at column \(x): \(p)")
            if (p.r, p.g, p.b) != fill { break }
        }
        let left = (0..<image.height).contains { y in
            let p = image.pixel(x: x0 - 1, y: y)
            return (p.r, p.g, p.b) == fill
        }
        #expect(!left, "the panel's background reaches left of its rectangle")
    }

    @Test func aPageWithoutPanelIsDrawnAtItsPlacement() throws {
        let (page, image) = try render(["--dpi", "60"])
        #expect(page.panel == nil && page.backdrop == nil)
        #expect(page.placement.clip.x == 0 && page.placement.clip.y == 0)
        #expect(Int(page.placement.clip.width) == image.width && Int(page.placement.clip.height) == image.height)
        #expect(abs(page.placement.rect.width - page.width) < 1 && abs(page.placement.rect.height - page.height) < 1)
    }

    @Test func aDeviceScreenIsLetterboxedAroundThePagesPlacement() throws {
        let (page, image) = try render(["--device", "iphone-se", "--tooltips", "none"])
        let backdrop = try #require(page.backdrop, "no backdrop in the layout JSON")
        #expect(backdrop.rect.x == 0 && backdrop.rect.y == 0 && backdrop.rect.width == page.width
                && backdrop.rect.height == page.height)
        let letterbox = rgb(backdrop.color)
        #expect(letterbox == (0xE4, 0xE7, 0xEC))
        // The landscape plan on a portrait phone: letterboxed above and below the page.
        let clip = page.placement.clip
        #expect(clip.x == 0 && clip.width == page.width && clip.y > 10 && clip.y + clip.height < page.height - 10)
        for (y, inBox) in [(Int(clip.y) - 2, true), (Int(clip.y + clip.height) + 2, true),
                           (Int(clip.y) + 2, false), (Int(clip.y + clip.height) - 3, false)] {
            let matching = (0..<image.width).filter { x in
                let p = image.pixel(x: x, y: y)
                return (p.r, p.g, p.b) == letterbox
            }.count
            #expect(inBox ? matching == image.width : matching < image.width / 2, "row \(y): \(matching) letterbox pixels")
        }
    }

    @Test func edgeIndicatorsAreDrawnWithTheArrowheadsTheLayoutGives() throws {
        let (page, image) = try render(["--device", "iphone-15", "--zoom", "3", "--focus", "p20", "--tooltips", "none"],
                                       pins: "floorplan-crowd.json")
        let open = page.indicators.filter { $0.unresolved > 0 }
        #expect(!open.isEmpty)
        for indicator in open {
            #expect(indicator.arrow.count == 3 && indicator.outline.count == 3)
            // The tip lies 1.55 radii out toward the pins; between the count's disc and the
            // tip, on the axis, the arrowhead's marker red.
            let (c, s) = (cos(indicator.angle), sin(indicator.angle))
            let tip = try #require(indicator.arrow.first)
            #expect(abs(tip.x - (indicator.x + c * indicator.radius * 1.55)) < 1e-9
                    && abs(tip.y - (indicator.y + s * indicator.radius * 1.55)) < 1e-9)
            let p = image.pixel(x: Int(indicator.x + c * indicator.radius * 1.3),
                                y: Int(indicator.y + s * indicator.radius * 1.3))
            #expect((p.r, p.g, p.b) == markerFill, "arrowhead of the indicator at (\(indicator.x), \(indicator.y)): \(p)")
        }
    }

    struct SheetLayout: Decodable {
        struct Cell: Decodable {
            struct Label: Decodable { var text: String; var x: Double; var y: Double }
            var screen: Layout.Rect; var bezel: Layout.Rect; var bezelColor: String; var label: Label
        }
        struct Sheet: Decodable { var width: Double; var height: Double; var cells: [[Cell]] }
        struct Page: Decodable { var width: Double; var height: Double }
        var pages: [Page]
        var sheet: Sheet
    }

    @Test func aPreviewSheetsLayoutHoldsItsCellsWhereTheyAreDrawn() throws {
        let dir = try Support.scratch()
        let png = dir.appendingPathComponent("sheet.png").path, json = dir.appendingPathComponent("sheet.json").path
        #expect(try Support.pinsrenderOK(["preview", Support.path("samples/floorplan.pdf"), "--pins",
                                          Support.path("samples/pins/floorplan-crowd.json"), "--devices", "iphone-se,pixel-8",
                                          "--zooms", "1,3", "-o", png, "--layout-json", json]))
        let layout = try JSONDecoder().decode(SheetLayout.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        let image = try PixelBuffer(pngAt: png)
        #expect(image.width == Int(layout.sheet.width) && image.height == Int(layout.sheet.height))
        // One scene per screen, rows by zoom; each cell's bezel drawn in its colour on the
        // left of the screen, halfway down.
        #expect(layout.pages.count == 4 && layout.sheet.cells.map(\.count) == [2, 2])
        for (cell, page) in zip(layout.sheet.cells.flatMap { $0 }, layout.pages) {
            #expect(cell.label.text.hasSuffix("x") && cell.label.y >= cell.bezel.y + cell.bezel.height)
            #expect(abs(cell.screen.width / cell.screen.height - page.width / page.height) < 0.01)
            let p = image.pixel(x: Int(cell.bezel.x + 3), y: Int(cell.bezel.y + cell.bezel.height / 2))
            #expect((p.r, p.g, p.b) == rgb(cell.bezelColor), "bezel at \(cell.bezel): \(p)")
        }
    }

    struct ExportLayout: Decodable {
        struct Annotation: Decodable {
            struct Entry: Decodable { var page: Int; var rect: Layout.Rect; var destination: Layout.Point }
            var threadId: String; var page: Int; var rect: Layout.Rect; var marker: Layout.Rect; var popup: Layout.Rect
            var destination: Layout.Point; var entry: Entry?
        }
        struct Page: Decodable { var annotations: [Annotation] }
        var pages: [Page]
    }

    @Test func aReviewExportsCommentsAndDestinationsAreWhereTheLayoutSays() throws {
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("review.pdf").path, json = dir.appendingPathComponent("review.json").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins",
                                          Support.path("samples/pins/threads.json"), "-o", out, "--layout-json", json]))
        let layout = try JSONDecoder().decode(ExportLayout.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        let pdf = try ReviewExportTests.Objects(pdf: out)
        func numbers(_ value: Any?) -> [Double] { (value as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue } }
        func corners(_ r: Layout.Rect) -> [Double] { [r.x, r.y, r.x + r.width, r.y + r.height] }
        func near(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 0.01 } }
        let notes = Dictionary(uniqueKeysWithValues: pdf.annotations("/Text").map { (ReviewExportTests.text($0.value["/NM"]), $0.value) })
        let destinations = pdf.dict(pdf.catalog["/Dests"]).values.map { numbers($0) }
        let annotations = layout.pages.flatMap(\.annotations)
        #expect(annotations.count == 5)
        for annotation in annotations {
            let note = try #require(notes[annotation.threadId], "no comment \(annotation.threadId)")
            #expect(near(numbers(note["/Rect"]), corners(annotation.rect)), "\(annotation.threadId): \(note["/Rect"] ?? "")")
            #expect(near(numbers(pdf.dict(note["/Popup"])["/Rect"]), corners(annotation.popup)))
            #expect(abs(annotation.popup.width - 220) < 1e-9 && abs(annotation.popup.height - 120) < 1e-9)
            #expect(destinations.contains { near($0, [annotation.destination.x, annotation.destination.y]) },
                    "no destination at \(annotation.destination)")
            let entry = try #require(annotation.entry)
            #expect(entry.page == layout.pages.count + 1 && destinations.contains { near($0, [entry.destination.x, entry.destination.y]) })
            #expect(pdf.annotations("/Link").contains { near(numbers($0.value["/Rect"]), corners(entry.rect)) })
            // The pin's link covers its whole marker.
            #expect(pdf.annotations("/Link").contains { near(numbers($0.value["/Rect"]), corners(annotation.marker)) })
        }
    }
}
