import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// Checks a review export against its input page by page, as two renderers show them:
/// Poppler (`pdftoppm`) and MuPDF (PyMuPDF, `Tests/Fixtures/realworld/render_mupdf.py`).
///
/// - Annotations off, every page of the export is the input's, pixel for pixel: the pins
///   (an annotation) are gone and nothing else on the page moved.
/// - Annotations on, the pixels that differ from the input's all lie where the plan drew
///   something (a marker, a cluster, a tooltip, widened by a few points for shadows and
///   anti-aliasing): the page's own annotations are drawn as before.
/// - Annotations on, every pin's marker colour is centred on the pin's point, within a
///   pixel and a half, unless the pin is listed as `covered` for that renderer.
struct ExportPageCheck {
    enum Renderer: String, CaseIterable {
        case poppler, mupdf
    }

    var input: String
    var export: String
    var password: String?
    /// The export's `--layout-json`: the scenes of its pages, in points.
    var scenes: [Scene]
    /// Pin ids, per renderer, that the renderer draws something over by design (MuPDF draws
    /// form fields after every other annotation, over pins on them when the form sets
    /// /NeedAppearances and they cannot be raised).
    var covered: [Renderer: Set<String>] = [:]
    var dpi = 72.0

    /// Runs the three checks with both renderers; `pins` are (id, page, relativeX, relativeY).
    func run(pins: [(id: String, page: Int, u: Double, v: Double)], in dir: URL) throws {
        for renderer in Renderer.allCases {
            let renders = try render([(input, false), (export, false), (input, true), (export, true)], renderer, dir: dir)
            let (inputOff, exportOff, inputOn, exportOn) = (renders[0], renders[1], renders[2], renders[3])
            #expect(exportOff.count >= inputOff.count, "\(renderer): the export has \(exportOff.count) pages")
            for (index, scene) in scenes.enumerated() where index < inputOff.count && index < exportOff.count {
                let page = scene.page
                let (a, b) = (inputOff[page - 1], exportOff[index])
                #expect(a.width == b.width && a.height == b.height, "\(renderer) page \(page): size changed")
                guard a.width == b.width && a.height == b.height else { continue }
                let changed = differing(a, b, outside: [])
                #expect(changed == 0, "\(renderer) page \(page), annotations off: \(changed) pixels changed")
                let masks = regions(of: scene)
                let away = differing(inputOn[page - 1], exportOn[index], outside: masks)
                #expect(away == 0, "\(renderer) page \(page), annotations on: \(away) pixels changed away from the pins")
                for pin in pins where pin.page == page && !(covered[renderer]?.contains(pin.id) ?? false) {
                    let scale = dpi / 72
                    let expected = (x: pin.u * scene.width * scale, y: pin.v * scene.height * scale)
                    let radius = (scene.markers.first { $0.id == pin.id }?.radius ?? 12) * scale
                    let found = exportOn[index].centerOfColor(markerFill, tolerance: 3, near: expected,
                                                              window: Int(radius) + 2)
                    #expect(found.map { abs($0.x - expected.x) <= 1.5 && abs($0.y - expected.y) <= 1.5 } == true,
                            "\(renderer) page \(page): pin \(pin.id)'s marker at \(String(describing: found)), expected \(expected)")
                }
            }
        }
    }

    /// What the scene draws, in pixels: markers and clusters (their circle, a badge and a
    /// shadow) and tooltips with their arrow or leader line (the core's bounds), widened by 4 points.
    private func regions(of scene: Scene) -> [CGRect] {
        let scale = dpi / 72, margin = 4.0
        let circles = scene.markers.map { ($0.x, $0.y, $0.radius) } + scene.clusters.map { ($0.x, $0.y, $0.radius) }
        let marks = circles.map { x, y, r in
            CGRect(x: x - 1.6 * r - margin, y: y - 1.6 * r - margin, width: 3.2 * r + 2 * margin, height: 3.2 * r + 2 * margin)
        }
        let boxes = scene.tooltips.map { $0.bounds(scene.strokes).cgRect.insetBy(dx: -margin, dy: -margin) }
        return (marks + boxes).map { CGRect(x: $0.minX * scale, y: $0.minY * scale, width: $0.width * scale, height: $0.height * scale) }
    }

    /// Pixels of `a` and `b` (same size) that differ by more than 2 in a channel, outside `masks`.
    private func differing(_ a: PixelBuffer, _ b: PixelBuffer, outside masks: [CGRect]) -> Int {
        a.rgba.withUnsafeBufferPointer { p in
            b.rgba.withUnsafeBufferPointer { q in
                // Most pages are identical: one memcmp (the loop below is slow in a debug build).
                if memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 { return 0 }
                var count = 0, i = 0
                while i < p.count {
                    let d = (Int(p[i]) - Int(q[i]), Int(p[i + 1]) - Int(q[i + 1]), Int(p[i + 2]) - Int(q[i + 2]))
                    if d.0 > 2 || d.0 < -2 || d.1 > 2 || d.1 < -2 || d.2 > 2 || d.2 < -2 {
                        let point = CGPoint(x: Double(i / 4 % a.width) + 0.5, y: Double(i / 4 / a.width) + 0.5)
                        if !masks.contains(where: { $0.contains(point) }) { count += 1 }
                    }
                    i += 4
                }
                return count
            }
        }
    }

    /// Every page of each PDF, rendered with annotations or without.
    private func render(_ jobs: [(pdf: String, annotations: Bool)], _ renderer: Renderer, dir: URL) throws -> [[PixelBuffer]] {
        let prefixes = jobs.indices.map { dir.appendingPathComponent("\(renderer)-\($0)").path }
        switch renderer {
        case .poppler:
            for (job, prefix) in zip(jobs, prefixes) {
                let arguments = ["-cropbox", "-r", "\(Int(dpi))", "-png"] + (job.annotations ? [] : ["-hide-annotations"])
                    + (password.map { ["-upw", $0] } ?? [])
                _ = try Support.tool("pdftoppm", arguments + [job.pdf, prefix])
            }
        case .mupdf:
            let arguments = zip(jobs, prefixes).flatMap { job, prefix in [job.pdf, prefix, job.annotations ? "1" : "0"] }
            let result = try Support.run("/usr/bin/env", ["python3", Support.path("Tests/Fixtures/realworld/render_mupdf.py"),
                                                          "\(Int(dpi))", password ?? ""] + arguments)
            #expect(result.status == 0, "MuPDF: \(result.stderr)")
        }
        // PREFIX-N.png, N zero-padded by pdftoppm when there are 10 pages or more.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        return try prefixes.map { prefix in
            let name = URL(fileURLWithPath: prefix).lastPathComponent + "-"
            let pages = files.filter { $0.hasPrefix(name) && $0.hasSuffix(".png") }
                .compactMap { file in Int(file.dropFirst(name.count).dropLast(4)).map { ($0, file) } }
                .sorted { $0.0 < $1.0 }
            return try pages.map { try PixelBuffer(pngAt: dir.appendingPathComponent($0.1).path) }
        }
    }
}
