import Foundation
import Testing

/// No output may land on a file the command reads or on another output, however the path
/// is spelled: `./x` and `x`, through a symbolic link, a hard link, or as the numbered file
/// of one page of a PNG export. Such a command exits 2 with one line naming the option and
/// the path, and changes no file.
@Suite struct OutputPathTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// Arguments after `render`; `{dir}` is the scratch directory, which holds `plan.pdf`
        /// (a copy of the sample), `pins.json`, `theme.json` and the links made by `setup`.
        var arguments: [String]
        /// Links to make in the scratch directory: (link, target, symbolic).
        var links: [(String, String, Bool)] = []
        /// The option and the file the message must name.
        var option: String
        var file: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "layout JSON onto the input PDF", arguments: ["{dir}/plan.pdf", "-o", "{dir}/out.png", "--page", "1",
                                                                 "--layout-json", "{dir}/plan.pdf"],
             option: "--layout-json", file: "plan.pdf"),
        Case(name: "summary JSON onto the pins file", arguments: ["{dir}/plan.pdf", "-o", "{dir}/out.png", "--page", "1",
                                                                  "--summary-json", "{dir}/pins.json"],
             option: "--summary-json", file: "pins.json"),
        Case(name: "summary CSV onto the output", arguments: ["{dir}/plan.pdf", "-o", "{dir}/out.pdf", "--summary-csv", "{dir}/out.pdf"],
             option: "--summary-csv", file: "out.pdf"),
        Case(name: "layout JSON onto the theme, spelled differently",
             arguments: ["{dir}/plan.pdf", "-o", "{dir}/out.png", "--page", "1", "--theme", "{dir}/theme.json",
                         "--layout-json", "{dir}/sub/../theme.json"],
             option: "--layout-json", file: "theme.json"),
        Case(name: "output onto the input through a symbolic link",
             arguments: ["{dir}/plan.pdf", "-o", "{dir}/link.pdf"], links: [("link.pdf", "plan.pdf", true)],
             option: "-o", file: "link.pdf"),
        Case(name: "layout JSON onto the pins through a hard link",
             arguments: ["{dir}/plan.pdf", "-o", "{dir}/out.png", "--page", "1", "--layout-json", "{dir}/hard.json"],
             links: [("hard.json", "pins.json", false)], option: "--layout-json", file: "hard.json"),
        Case(name: "layout JSON onto the PNG of page 3", arguments: ["{dir}/plan.pdf", "-o", "{dir}/out.png", "--pages", "1-3",
                                                                     "--layout-json", "{dir}/out-3.png"],
             option: "--layout-json", file: "out-3.png"),
        Case(name: "summary CSV onto the page of a %d pattern",
             arguments: ["{dir}/plan.pdf", "-o", "{dir}/page-%d.png", "--pages", "1,2", "--summary-csv", "{dir}/page-2.png"],
             option: "--summary-csv", file: "page-2.png"),
        Case(name: "the PNG of page 2 onto the pins file",
             arguments: ["{dir}/plan.pdf", "-o", "{dir}/pins.png", "--pins", "{dir}/pins-2.png"],
             links: [("pins-2.png", "pins.json", true)], option: "-o", file: "pins-2.png"),
    ]

    @Test(arguments: cases)
    func refusedWithOneLineAndNothingChanged(_ c: Case) throws {
        let dir = try Support.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Support.path("samples/floorplan.pdf"), toPath: dir.appendingPathComponent("plan.pdf").path)
        _ = try Support.pinsFile([(1, 0.5, 0.5), (2, 0.5, 0.5), (3, 0.5, 0.5)], in: dir)
        try Data(#"{"markerRadius": 12}"#.utf8).write(to: dir.appendingPathComponent("theme.json"))
        try Data("previous output".utf8).write(to: dir.appendingPathComponent("out.pdf"))
        for (link, target, symbolic) in c.links {
            let path = dir.appendingPathComponent(link).path
            if symbolic {
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            } else {
                try FileManager.default.linkItem(atPath: dir.appendingPathComponent(target).path, toPath: path)
            }
        }
        let before = try snapshot(dir)
        var arguments = ["render"] + c.arguments.map { $0.replacingOccurrences(of: "{dir}", with: dir.path) }
        if !arguments.contains("--pins") { arguments += ["--pins", dir.appendingPathComponent("pins.json").path] }
        let result = try Support.pinrender(arguments + ["--dpi", "20"].filter { _ in arguments.contains { $0.hasSuffix(".png") } })
        #expect(result.status == 2, "\(c.name): status \(result.status), \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(c.name): \(result.stderr)")
        #expect(result.stderr.contains(c.option + " ") && result.stderr.contains(c.file), "\(c.name): \(result.stderr)")
        #expect(try snapshot(dir) == before, "\(c.name): files changed")
    }

    /// Pins read from standard input redirected from a file: that file is read too.
    @Test func pinsFromAFileOnStandardInput() throws {
        let dir = try Support.scratch()
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let before = try snapshot(dir)
        let command = "exec '\(Support.binary)' render --canvas 200x100 --pins - -o '\(dir.path)/out.png' "
            + "--layout-json '\(pins)' < '\(pins)'"
        let result = try Support.run("/bin/sh", ["-c", command])
        #expect(result.status == 2 && result.stderr.contains("--layout-json") && result.stderr.contains("pins.json"), "\(result.stderr)")
        #expect(try snapshot(dir) == before)
    }

    @Test func previewOntoItsInputImage() throws {
        let dir = try Support.scratch()
        let image = dir.appendingPathComponent("screen.png").path
        try FileManager.default.copyItem(atPath: Support.path("samples/screenshot.png"), toPath: image)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let before = try snapshot(dir)
        let result = try Support.pinrender(["preview", image, "--pins", pins, "--devices", "iphone-se",
                                            "-o", dir.path + "/./screen.png"])
        #expect(result.status == 2 && result.stderr.contains("-o ") && result.stderr.contains("screen.png"), "\(result.stderr)")
        #expect(try snapshot(dir) == before)
    }

    @Test func diffImageOntoWhatItCompares() throws {
        let dir = try Support.scratch()
        let expected = dir.appendingPathComponent("expected.png").path, actual = dir.appendingPathComponent("actual.png").path
        try FileManager.default.copyItem(atPath: Support.path("samples/screenshot.png"), toPath: expected)
        try FileManager.default.copyItem(atPath: Support.path("samples/screenshot.png"), toPath: actual)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.png").path, withDestinationPath: "actual.png")
        let before = try snapshot(dir)
        for output in [expected, dir.appendingPathComponent("link.png").path] {
            let result = try Support.pinrender(["diff", expected, actual, "-o", output])
            #expect(result.status == 2 && result.stderr.contains("-o ") && result.stderr.contains(output), "\(result.stderr)")
        }
        #expect(try snapshot(dir) == before)
    }

    /// A snapshot case whose input is its own reference would be overwritten while recording.
    @Test func snapshotRecordingOntoACaseInput() throws {
        let dir = try Support.scratch()
        let references = dir.appendingPathComponent("__snapshots__")
        try FileManager.default.createDirectory(at: references, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Support.path("samples/screenshot.png"),
                                         toPath: references.appendingPathComponent("shot.png").path)
        _ = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let manifest = dir.appendingPathComponent("snapshots.json")
        try Data(#"{"cases": [{"name": "shot", "input": "__snapshots__/shot.png", "pins": "pins.json"}]}"#.utf8).write(to: manifest)
        let before = try snapshot(dir)
        let result = try Support.pinrender(["snapshot", manifest.path, "--record", "all"])
        #expect(result.status == 2 && result.stderr.contains("shot.png"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(try snapshot(dir) == before)
    }

    /// Every file below `dir` (links as links) and its bytes.
    func snapshot(_ dir: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        for name in try manager.subpathsOfDirectory(atPath: dir.path) {
            let path = dir.appendingPathComponent(name).path
            if let target = try? manager.destinationOfSymbolicLink(atPath: path) {
                files[name] = Data(("-> " + target).utf8)
            } else if let data = manager.contents(atPath: path) {
                files[name] = data
            } else {
                files[name] = Data()
            }
        }
        return files
    }
}
