import Foundation
import Testing
import PinRenderGraphics

/// `pinrender diff` counts the same pixels as pixelmatch (its port on PyPI, installed by
/// `make test`) on real renders full of anti-aliasing, at several thresholds.
@Suite struct PixelmatchConformanceTests {
    @Test func countsMatchPixelmatch() throws {
        let check = try Support.run("/usr/bin/env", ["python3", "-c", "import pixelmatch"])
        try #require(check.status == 0, "pixelmatch is not installed: pip install pixelmatch (make test does)")
        let dir = try Support.scratch()
        var moved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Support.path("samples/pins/floorplan-few.json")))) as! [String: Any]
        var list = moved["pins"] as! [[String: Any]]
        list[0]["relativeX"] = (list[0]["relativeX"] as! Double) + 0.004
        moved["pins"] = list
        try JSONSerialization.data(withJSONObject: moved).write(to: dir.appendingPathComponent("moved.json"))
        func render(_ name: String, _ pins: String, _ extra: [String]) throws -> String {
            let out = dir.appendingPathComponent(name).path
            #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--page", "1", "--dpi", "30",
                                               "--pins", pins, "-o", out] + extra))
            return out
        }
        let few = Support.path("samples/pins/floorplan-few.json")
        let pairs = [
            (try render("a.png", few, []), try render("b.png", dir.appendingPathComponent("moved.json").path, [])),
            (try render("c.png", few, ["--tooltips", "none"]), try render("d.png", few, ["--tooltips", "all"])),
        ]
        for (first, second) in pairs {
            let x = try PixelBuffer(pngAt: first), y = try PixelBuffer(pngAt: second)
            let rawA = dir.appendingPathComponent("a.rgba"), rawB = dir.appendingPathComponent("b.rgba")
            try Data(x.rgba).write(to: rawA)
            try Data(y.rgba).write(to: rawB)
            for (threshold, includeAA) in [(0.1, false), (0.05, false), (0.3, false), (0.1, true)] {
                let reference = try Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/pixelmatch_counts.py"),
                                                                 rawA.path, rawB.path, "\(x.width)", "\(x.height)",
                                                                 "\(threshold)", includeAA ? "1" : "0"])
                let expected = try #require(Int(reference.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(reference.stderr)")
                var arguments = ["diff", first, second, "--json", "--threshold", "\(threshold)"]
                if includeAA { arguments.append("--include-aa") }
                let ours = try Support.pinrender(arguments)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(ours.stdout.utf8)) as? [String: Any])
                #expect(object["diffPixels"] as? Int == expected,
                        "threshold \(threshold), AA counted \(includeAA): pinrender \(object["diffPixels"] ?? "-"), pixelmatch \(expected)")
                #expect(expected > 0)
            }
        }
    }
}
