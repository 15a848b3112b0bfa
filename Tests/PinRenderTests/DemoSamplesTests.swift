import Foundation
import Testing
import PinRenderGraphics

/// `samples/demo/` (what `make demo` and the documentation's pictures draw) holds the
/// calibrated plan and photo without their magenta targets: no pixel of it is magenta, and
/// drawn side by side with the calibrated file it differs only where a target was.
@Suite struct DemoSamplesTests {
    /// Where targets were, in normalized displayed coordinates, and the half side of the
    /// square around each (in output pixels) outside which the two drawings must agree.
    struct Targets {
        var points: [[Double]]
        var halfSide: Double
    }

    /// The calibrated file and the demo one drawn with no pins; every pixel that differs
    /// lies within a target's square, and no pixel of the demo one is magenta.
    func checkSameButTargets(_ name: String, options: [String], targets: Targets) throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = dir.appendingPathComponent("none.json")
        try Data("[]".utf8).write(to: pins)
        var drawn: [PixelBuffer] = []
        for input in ["samples/\(name)", "samples/demo/\(name)"] {
            let out = dir.appendingPathComponent("\(drawn.count).png").path
            let run = try Support.pinrender(["render", Support.path(input), "--pins", pins.path, "-o", out] + options)
            try #require(run.status == 0, "\(input): \(run.stderr)")
            drawn.append(try PixelBuffer(pngAt: out))
        }
        let (calibrated, demo) = (drawn[0], drawn[1])
        try #require(calibrated.width == demo.width && calibrated.height == demo.height)
        let (width, height) = (Double(demo.width), Double(demo.height))
        func nearTarget(_ x: Int, _ y: Int) -> Bool {
            targets.points.contains { abs(Double(x) + 0.5 - $0[0] * width) <= targets.halfSide
                && abs(Double(y) + 0.5 - $0[1] * height) <= targets.halfSide }
        }
        var magenta = 0, differing = 0, differingAtTargets = 0
        for y in 0..<demo.height {
            for x in 0..<demo.width {
                let i = (y * demo.width + x) * 4
                let (r, g, b) = (demo.rgba[i], demo.rgba[i + 1], demo.rgba[i + 2])
                if r > 200 && g < 80 && b > 200 { magenta += 1 }
                guard (0..<3).contains(where: { calibrated.rgba[i + $0] != demo.rgba[i + $0] }) else { continue }
                if nearTarget(x, y) { differingAtTargets += 1 } else { differing += 1 }
            }
        }
        #expect(magenta == 0, "\(name) \(options): \(magenta) magenta pixels in samples/demo/\(name)")
        #expect(differing == 0, "\(name) \(options): \(differing) pixels differ away from the targets")
        #expect(differingAtTargets > 0, "\(name) \(options): the calibrated file shows no target")
    }

    @Test(arguments: [1, 2, 3, 4])
    func theDemoPlanIsThePlanWithoutItsTargets(page: Int) throws {
        let sample = try SampleTargets.load().floorplan.pages[page - 1]
        // 36 dpi: a target's 8 pt side is 4 px; anti-aliasing reaches a pixel further.
        try checkSameButTargets("floorplan.pdf", options: ["--page", "\(page)", "--dpi", "36"],
                                targets: Targets(points: sample.targets, halfSide: 3.5))
    }

    @Test func theDemoPhotoIsThePhotoWithoutItsTargets() throws {
        let photo = try SampleTargets.load().photo
        // At a quarter of its size: a target's half side, and JPEG's 16 px blocks around it.
        try checkSameButTargets("photo.jpg", options: ["--scale", "0.25"],
                                targets: Targets(points: photo.targets, halfSide: (photo.targetSidePx / 2 + 16) / 4))
    }
}
