import Foundation
import Testing
import PinRenderGraphics

/// The command line as scripts use it: help, version, stdin, page naming, layout JSON,
/// byte-identical output.
@Suite struct CLITests {
    @Test func helpAndVersion() throws {
        let help = try Support.pinrender(["render", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("EXAMPLES") && help.stdout.contains("--tooltips auto|all|margin|none"))
        let version = try Support.pinrender(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("pinrender "))
        let unknown = try Support.pinrender(["frobnicate"])
        #expect(unknown.status == 2 && unknown.stderr.contains("frobnicate"))
    }

    /// Every command's help has an example and lists the flags of the CLI contract; every
    /// option it lists is one the command takes.
    @Test func everyHelpListsOptionsTheCommandTakes() throws {
        let contract = [
            "render": ["--pins", "-o", "--page", "--pages", "--dpi", "--width", "--scale", "--device", "--zoom", "--offset",
                       "--tooltips", "--cluster", "--theme", "--layout-json", "--canvas"],
            "preview": ["--pins", "--devices", "-o"],
            "diff": ["-o", "--threshold", "--max-diff-pixels", "--max-diff-ratio", "--json"],
            "cluster": ["--zoom", "--max-zoom", "--radius", "--extent", "--min-points", "--json"],
            "snapshot": ["--record", "--dir", "--artifacts", "--only"],
        ]
        for (command, flags) in contract {
            let help = try Support.pinrender([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("EXAMPLE"), "\(command)")
            let listed = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  -") }.flatMap { line in
                line.split(separator: " ").prefix { $0.hasPrefix("-") }.map { String($0.trimmingCharacters(in: [","])) }
            }
            #expect(Set(flags).isSubset(of: listed), "\(command): \(Set(flags).subtracting(listed)) not in its help")
            for flag in listed {
                let run = try Support.pinrender([command, flag])
                #expect(run.status == 2 && !run.stderr.contains("unknown option"), "\(command) \(flag): \(run.stderr)")
            }
        }
        let devices = try Support.pinrender(["devices", "--help"])
        #expect(devices.status == 0 && devices.stdout.contains("390x844@3"))
    }

    @Test func pinsFromStandardInputAndSeveralPagesToNumberedPNGs() throws {
        let dir = try Support.scratch()
        let pins = try Data(contentsOf: URL(fileURLWithPath: Support.pinsFile([(1, 0.5, 0.5), (2, 0.5, 0.5)], in: dir)))
        let out = dir.appendingPathComponent("plan.png").path
        let result = try Support.pinrender(["render", Support.path("samples/floorplan.pdf"), "--pins", "-",
                                            "--pages", "1-2", "--dpi", "30", "-o", out], input: pins)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ["pins.json", "plan-1.png", "plan-2.png"])
        let pattern = dir.appendingPathComponent("sheet-%d.png").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins", dir.appendingPathComponent("pins.json").path,
                                           "--pages", "2", "--dpi", "30", "-o", pattern]))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("sheet-%d.png").path)
                || FileManager.default.fileExists(atPath: dir.appendingPathComponent("sheet-2.png").path))
    }

    @Test func sameInputSameBytes() throws {
        let dir = try Support.scratch()
        let pins = Support.path("samples/pins/threads.json")
        for ext in ["png", "pdf"] {
            var outputs: [Data] = []
            for run in 0..<2 {
                let out = dir.appendingPathComponent("run\(run).\(ext)").path
                let json = dir.appendingPathComponent("run\(run)-\(ext).json").path
                var arguments = ["render", Support.path("samples/floorplan.pdf"), "--pins", pins, "--page", "1",
                                 "--tooltips", "all", "-o", out, "--layout-json", json]
                if ext == "png" { arguments += ["--dpi", "50"] }
                #expect(try Support.pinsrenderOK(arguments))
                outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)) + Data(contentsOf: URL(fileURLWithPath: json)))
            }
            #expect(outputs[0] == outputs[1], "\(ext) output differs between runs")
        }
    }

    /// Tall PNGs are compressed in stripes on every core: the bytes must not depend on how
    /// many cores there are.
    @Test func stripedPNGsAreTheSameOnOneCoreAndTwo() throws {
        let dir = try Support.scratch()
        var outputs: [Data] = []
        for (index, cores) in ["0", "0-1"].enumerated() {
            let out = dir.appendingPathComponent("tall\(index).png").path
            let result = try Support.run("/usr/bin/taskset", ["-c", cores, Support.binary, "render",
                                                              Support.path("samples/floorplan.pdf"), "--pins",
                                                              Support.path("samples/pins/floorplan-few.json"), "--page", "1",
                                                              "--dpi", "110", "-o", out])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(outputs[0] == outputs[1])
        let image = try PixelBuffer(pngAt: dir.appendingPathComponent("tall0.png").path)
        #expect(image.height == 1287 && image.width == 1820)
    }

    @Test func layoutJSONHasTheBriefsKeys() throws {
        let dir = try Support.scratch()
        let json = dir.appendingPathComponent("layout.json").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins",
                                           Support.path("samples/pins/threads.json"), "--page", "1", "--dpi", "72",
                                           "--tooltips", "all", "-o", dir.appendingPathComponent("t.png").path,
                                           "--layout-json", json]))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let page = try #require((root["pages"] as? [[String: Any]])?.first)
        #expect(page["page"] as? Int == 1)
        #expect(page["width"] as? Double == 1191 && page["height"] as? Double == 842)
        let markers = try #require(page["markers"] as? [[String: Any]])
        #expect(!markers.isEmpty)
        for key in ["id", "number", "x", "y", "radius", "resolved", "replies"] {
            #expect(markers.allSatisfy { $0[key] != nil }, "marker key \(key) missing")
        }
        #expect(page["clusters"] is [Any])
        let tooltips = try #require(page["tooltips"] as? [[String: Any]])
        for key in ["pinId", "x", "y", "width", "height"] {
            #expect(tooltips.allSatisfy { $0[key] != nil }, "tooltip key \(key) missing")
        }
        // Replies are counted on their root: the sample has a thread with replies.
        #expect(markers.contains { ($0["replies"] as? Int ?? 0) > 0 })
    }

    @Test func themeColorsAndFitWidth() throws {
        let dir = try Support.scratch()
        let theme = dir.appendingPathComponent("theme.json")
        try Data(##"{"markerFill": "#0A84FF", "markerRadius": 20}"##.utf8).write(to: theme)
        let pins = try Support.pinsFile([(1, 0.25, 0.5)], in: dir)
        let out = dir.appendingPathComponent("themed.png").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/screenshot.png"), "--pins", pins,
                                           "--theme", theme.path, "--width", "375", "--tooltips", "none", "-o", out]))
        let image = try PixelBuffer(pngAt: out)
        #expect(image.width == 375 && image.height == 667, "\(image)")
        let center = try #require(image.centerOfColor((0x0A, 0x84, 0xFF), near: (93.75, 333.5), window: 30))
        #expect(abs(center.x - 93.75) <= 1 && abs(center.y - 333.5) <= 1)
        #expect(image.count(of: markerFill) == 0, "the default color is still drawn")
        // The fill disk is the radius less the 2-point ring: about pi * 18^2 pixels.
        let filled = Double(image.count(of: (0x0A, 0x84, 0xFF)))
        #expect(filled > 0.8 * .pi * 18 * 18 && filled < 1.1 * .pi * 18 * 18, "\(filled) pixels")

        try Data(##"{"markerFil": "#0A84FF"}"##.utf8).write(to: theme)
        let bad = try Support.pinrender(["render", "--canvas", "100x100", "--pins", pins, "--theme", theme.path, "-o", out])
        #expect(bad.status == 2 && bad.stderr.contains("markerFil") && bad.stderr.contains("theme.json"))
    }
}

/// `pinrender diff` as CI scripts call it.
@Suite struct DiffCommandTests {
    @Test func verdictsBudgetsJSONAndPages() throws {
        let dir = try Support.scratch()
        let pins = Support.path("samples/pins/floorplan-few.json")
        func render(_ name: String, _ extra: [String]) throws -> String {
            let out = dir.appendingPathComponent(name).path
            let size = extra.contains("--width") ? [] : ["--dpi", "40"]
            #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins", pins, "--page", "1",
                                               "-o", out] + size + extra))
            return out
        }
        let a = try render("a.png", []), b = try render("b.png", ["--tooltips", "none"])
        let same = try Support.pinrender(["diff", a, a, "--json"])
        #expect(same.status == 0 && same.stdout.contains("\"verdict\":\"same\""))
        let different = try Support.pinrender(["diff", a, b, "--json", "-o", dir.appendingPathComponent("d.png").path])
        #expect(different.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(different.stdout.utf8)) as? [String: Any])
        for key in ["verdict", "width", "height", "diffPixels", "aaPixels", "ratio", "regions"] {
            #expect(object[key] != nil, "no \(key)")
        }
        let count = try #require(object["diffPixels"] as? Int)
        #expect(count > 100 && object["verdict"] as? String == "different")
        #expect(try PixelBuffer(pngAt: dir.appendingPathComponent("d.png").path).width == 662)
        // Budgets: within passes, exceeded fails.
        #expect(try Support.pinrender(["diff", a, b, "--max-diff-pixels", "\(count)"]).status == 0)
        #expect(try Support.pinrender(["diff", a, b, "--max-diff-pixels", "\(count - 1)"]).status == 1)
        #expect(try Support.pinrender(["diff", a, b, "--max-diff-ratio", "0.5"]).status == 0)
        // Ignoring everything leaves nothing.
        #expect(try Support.pinrender(["diff", a, b, "--ignore", "0,0,662,468"]).status == 0)
        // Sizes.
        let small = try render("small.png", ["--width", "300"])
        let size = try Support.pinrender(["diff", a, small])
        #expect(size.status == 1 && size.stdout.contains("expected 662x468, got 300x213"), "\(size.stdout)")
        let sizeJSON = try Support.pinrender(["diff", a, small, "--json"])
        #expect(sizeJSON.stdout.contains("\"verdict\":\"size\""))
        // PDFs page by page, and page counts.
        let pdf1 = dir.appendingPathComponent("one.pdf").path, pdf2 = dir.appendingPathComponent("two.pdf").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins", pins, "-o", pdf1]))
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins", pins, "--pages", "1-2", "-o", pdf2]))
        #expect(try Support.pinrender(["diff", pdf1, pdf1, "--dpi", "20"]).status == 0)
        let pages = try Support.pinrender(["diff", pdf1, pdf2, "--dpi", "20"])
        #expect(pages.status == 1 && pages.stdout.contains("expected 5 pages, got 3"), "\(pages.stdout)")
    }

    @Test func layoutDiffSaysWhichPinChanged() throws {
        let dir = try Support.scratch()
        var pins = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Support.path("samples/pins/floorplan-few.json")))) as! [String: Any]
        var list = pins["pins"] as! [[String: Any]]
        let p2 = list.firstIndex { $0["id"] as? String == "p2" }!
        list[p2]["resolved"] = true
        pins["pins"] = list
        let changed = dir.appendingPathComponent("changed.json")
        try JSONSerialization.data(withJSONObject: pins).write(to: changed)
        for (name, source) in [("a", Support.path("samples/pins/floorplan-few.json")), ("b", changed.path)] {
            #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins", source, "--page", "1",
                                               "--dpi", "40", "-o", dir.appendingPathComponent("\(name).png").path,
                                               "--layout-json", dir.appendingPathComponent("\(name).json").path]))
        }
        let result = try Support.pinrender(["diff", "--layout", dir.appendingPathComponent("a.json").path,
                                            dir.appendingPathComponent("b.json").path])
        #expect(result.status == 1 && result.stdout.contains("pin p2 was resolved"), "\(result.stdout)")
    }
}
