import Foundation
import Testing
import PinRender
import PinRenderCore

/// A snapshot manifest's cases are read by the same option parser as the command line:
/// the same settings give the same options, and a bad field is named with its case.
@Suite struct SnapshotManifestTests {
    /// Writes `json` as `m.json` in a fresh directory and returns its path.
    func manifest(_ json: String) throws -> String {
        let path = try Support.scratch().appendingPathComponent("m.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The one line refusing the manifest `json`, with its path shown as `m.json`.
    func refusal(_ json: String) throws -> String? {
        let path = try manifest(json)
        do {
            _ = try SnapshotManifest.load(path)
            return nil
        } catch {
            return "\(error)".replacingOccurrences(of: path, with: "m.json")
        }
    }

    @Test func theManifestAndTheCommandLineGiveTheSameOptions() throws {
        let path = try manifest("""
            {"cases": [{"name": "every-field", "input": "plan.pdf", "pins": "pins.json", "page": 2, "dpi": 72,
                        "tooltips": "all", "cluster": "off", "include": "open", "threads": "panel", "theme": "theme.json",
                        "timezone": "Europe/Berlin", "contentId": "doc-1", "device": "iphone-15@landscape", "zoom": 3,
                        "offset": "10,20", "focus": "p1", "safeArea": true, "maxPixels": 1000000, "password": "pw",
                        "header": ["A: 1", "B: 2"], "timeout": 5.5, "maxResponse": 4096},
                       {"name": "canvas", "canvas": "390x844", "pins": "https://api.example/pins", "width": 300, "height": 200,
                        "safeArea": false}]}
            """)
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent()
        try Data(##"{"markerRadius": 20}"##.utf8).write(to: dir.appendingPathComponent("theme.json"))
        func file(_ name: String) -> String { dir.appendingPathComponent(name).path }
        let cases = try SnapshotManifest.load(path).cases
        #expect(cases.map(\.name) == ["every-field", "canvas"])

        let parser = OptionParser<RenderOptions>(command: "render", groups: [
            .document, .page, .pinsSource, .threads, .size, .drawing, .device, .view,
        ])
        var everyField = RenderOptions.unset
        _ = try parser.parse([file("plan.pdf"), "--pins", file("pins.json"), "--page", "2", "--dpi", "72",
                              "--tooltips", "all", "--cluster", "off", "--include", "open", "--threads", "panel",
                              "--theme", file("theme.json"), "--timezone", "Europe/Berlin", "--content-id", "doc-1",
                              "--device", "iphone-15@landscape", "--zoom", "3", "--offset", "10,20", "--focus", "p1",
                              "--safe-area", "--max-pixels", "1000000", "--password", "pw", "--header", "A: 1",
                              "--header", "B: 2", "--timeout", "5.5", "--max-response", "4096"], into: &everyField)
        #expect(cases[0].options == everyField)
        #expect(everyField.theme.markerRadius == 20 && everyField.size == .dpi(72) && everyField.pages == .list([2]))

        var canvas = RenderOptions.unset
        _ = try parser.parse(["--canvas", "390x844", "--pins", "https://api.example/pins", "--width", "300", "--height", "200"],
                             into: &canvas)
        // A case draws one page: the first unless it says.
        canvas.pages = .list([1])
        #expect(cases[1].options == canvas)
    }

    @Test func aBadFieldIsNamedWithItsCase() throws {
        let good = #"{"name": "a", "canvas": "100x100", "pins": "p.json"}"#
        func cases(_ last: String) -> String {
            #"{"cases": [\#(good), {"name": "b", "canvas": "10x10", "pins": "p.json"}, {"name": "c", "canvas": "20x20", "pins": "p.json"}, \#(last)]}"#
        }
        let refused: [(String, String)] = [
            (#"{"name": "d", "canvas": "0x10", "pins": "p.json"}"#, "m.json: cases[3].canvas: needs WxH, e.g. 390x844"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "dpi": 0}"#, "m.json: cases[3].dpi: needs a positive number"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "width": 10.5}"#,
             "m.json: cases[3].width: needs a positive whole number of pixels"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "page": 0}"#, "m.json: cases[3].page: needs a page number from 1"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "tooltips": "some"}"#,
             "m.json: cases[3].tooltips: takes auto, all, margin or none"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "threads": "side"}"#, "m.json: cases[3].threads: takes panel or none"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "device": "nokia"}"#,
             #"m.json: cases[3].device: unknown device "nokia" (see pinrender devices, or give WxH@S like 390x844@3)"#),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "zoom": 2}"#,
             "m.json: cases[3]: zoom, offset, focus and safeArea need device"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "dpi": 72, "scale": 2}"#,
             "m.json: cases[3]: use one of dpi, scale, width/height"),
            (#"{"name": "d", "canvas": "100x100", "input": "plan.pdf", "pins": "p.json"}"#,
             "m.json: cases[3]: give either input or canvas, not both"),
            (#"{"name": "d", "pins": "p.json"}"#, "m.json: cases[3]: needs one input document (or canvas WxH)"),
            (#"{"name": "d", "canvas": "100x100"}"#, "m.json: cases[3].pins: missing"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "dpi": [72]}"#,
             "m.json: cases[3].dpi: needs one text, number or boolean"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "safeArea": "yes"}"#, "m.json: cases[3].safeArea: needs true or false"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "-o": "x.png"}"#, "m.json: cases[3].-o: unknown field"),
            (#"{"name": "d", "canvas": "100x100", "pins": "p.json", "layoutJson": "x.json"}"#, "m.json: cases[3].layoutJson: unknown field"),
            (#"{"name": "a/b", "canvas": "100x100", "pins": "p.json"}"#, "m.json: cases[3].name: must be a file name (no /)"),
            (#"{"name": "b", "canvas": "100x100", "pins": "p.json"}"#, #"m.json: cases[3].name: "b" is also the name of cases[1]"#),
            (#"{"canvas": "100x100", "pins": "p.json"}"#, "m.json: cases[3].name: missing"),
            (#"[1]"#, "m.json: cases[3]: needs an object"),
        ]
        for (last, message) in refused {
            let line = try #require(try refusal(cases(last)), "\(last) was accepted")
            #expect(line.hasPrefix(message), "\(last): \(line)")
        }
        #expect(try refusal(cases(#"{"name": "d", "canvas": "100x100", "pins": "p.json"}"#)) == nil)
        #expect(try refusal(#"{"threshold": 2, "cases": []}"#) == "m.json: threshold: needs a number from 0 to 1")
        #expect(try refusal(#"{"maxDiffPixels": -1, "cases": []}"#) == "m.json: maxDiffPixels: needs a whole number")
        #expect(try refusal(#"{"cases": {}}"#) == "m.json: cases: needs a list of cases")
        #expect(try refusal(#"{"case": []}"#) == "m.json: cases: missing")
    }

    @Test func theComparisonSettings() throws {
        let loaded = try SnapshotManifest.load(try manifest(#"{"threshold": 0.25, "maxDiffPixels": 12, "cases": []}"#))
        #expect(loaded.diff.threshold == 0.25 && loaded.maxDiffPixels == 12)
        let defaults = try SnapshotManifest.load(try manifest(#"{"cases": []}"#))
        #expect(defaults.diff == ImageDiff.Options() && defaults.maxDiffPixels == 0)
    }
}
