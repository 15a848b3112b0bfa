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

    /// Translucent and transparent pixels, where a premultiplied round trip would lose the
    /// small colour changes under a low alpha (it did: 196 counted where pixelmatch counts 198).
    @Test func translucentPixelsCountAsPixelmatchCounts() throws {
        let pair = try TranslucentPair()
        for (threshold, includeAA) in [(0.1, false), (0.05, false), (0.005, false), (0.3, false), (0.1, true)] {
            let expected = try pair.reference(["\(threshold)", includeAA ? "1" : "0"])
            var arguments = ["diff", pair.a, pair.b, "--json", "--threshold", "\(threshold)"]
            if includeAA { arguments.append("--include-aa") }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(Support.pinrender(arguments).stdout.utf8)) as? [String: Any])
            #expect(object["diffPixels"] as? Int == expected, "threshold \(threshold), AA counted \(includeAA)")
            #expect(expected > 0)
        }
    }

    /// The diff image, with pixelmatch's options, is pixelmatch's, byte for byte: the faded
    /// base of translucent pixels, the colours, and the mask (differences over transparency).
    @Test func diffImageEqualsPixelmatchsWithItsOptions() throws {
        let pair = try TranslucentPair()
        let cases: [(ours: [String], theirs: [String])] = [
            ([], []),
            (["--alpha", "0.3", "--aa-color", "0,255,255", "--diff-color", "0,0,255"],
             ["--alpha", "0.3", "--aa-color", "0,255,255", "--diff-color", "0,0,255"]),
            (["--diff-mask", "--diff-color", "10,20,30"], ["--diff-mask", "--diff-color", "10,20,30"]),
        ]
        for (index, (ours, theirs)) in cases.enumerated() {
            let raw = pair.directory.appendingPathComponent("theirs-\(index).rgba").path
            let count = try pair.reference(["0.1", "0", "--output", raw] + theirs)
            let png = pair.directory.appendingPathComponent("ours-\(index).png").path
            let run = try Support.pinrender(["diff", pair.a, pair.b, "-o", png, "--json"] + ours)
            #expect(run.status == 1, "\(run.stderr)")
            let image = try PixelBuffer(pngAt: png)
            let reference = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
            let differing = (0..<image.width * image.height).filter { image.rgba[$0 * 4..<$0 * 4 + 4] != reference[$0 * 4..<$0 * 4 + 4] }
            #expect(differing.isEmpty, "\(ours): \(differing.count) pixels differ from pixelmatch's, first at \(differing.first.map { ($0 % image.width, $0 / image.width) } as Any)")
            #expect(count > 0)
        }
    }

    /// Two images with translucent pixels, written by Tests/Fixtures/translucent_pair.py as
    /// PNG (for pinrender) and raw RGBA (for pixelmatch).
    struct TranslucentPair {
        let directory: URL
        let width: Int, height: Int
        var a: String { directory.appendingPathComponent("a.png").path }
        var b: String { directory.appendingPathComponent("b.png").path }

        init() throws {
            let check = try Support.run("/usr/bin/env", ["python3", "-c", "import pixelmatch"])
            try #require(check.status == 0, "pixelmatch is not installed: pip install pixelmatch (make test does)")
            directory = try Support.scratch()
            let made = try Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/translucent_pair.py"), directory.path])
            let size = made.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            try #require(size.count == 2, "\(made.stderr)")
            (width, height) = (size[0], size[1])
        }

        /// pixelmatch's count with THRESHOLD INCLUDE_AA and options (see pixelmatch_counts.py).
        func reference(_ arguments: [String]) throws -> Int {
            let run = try Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/pixelmatch_counts.py"),
                                                       directory.appendingPathComponent("a.rgba").path,
                                                       directory.appendingPathComponent("b.rgba").path,
                                                       "\(width)", "\(height)"] + arguments)
            return try #require(Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(run.stderr)")
        }
    }
}
