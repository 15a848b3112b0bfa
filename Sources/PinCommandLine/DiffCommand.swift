import Foundation
import PinRender
import PinRenderCore

/// `pinrender diff`: parses arguments, compares, prints the verdict.
enum DiffCommand: Command {
    /// What a diff is asked for: the comparison, and how to report it.
    struct Request {
        var job = DiffJob(expected: "", actual: "")
        var json = false
        var layout = false
    }

    static let parser = OptionParser<Request>(command: "diff", groups: [
        OptionGroup<DiffJob>.comparison.pullback(\.job),
        OptionGroup(title: nil, options: [
            Option("--json", help: "print the verdict as one JSON object") { _, request in request.json = true },
            Option("--layout", help: "compare two --layout-json files instead of images") { _, request in request.layout = true },
        ]) { given, _ in
            if given.contains("--layout"), let other = given.names.first(where: { $0 != "--layout" && $0 != "--json" }) {
                throw OptionProblem.statement("\(given.name("--layout")) compares layouts: \(given.name(other)) does not apply")
            }
        },
    ])

    static var manual: Manual {
        Manual(pinrender: "diff", summary: "compare two renders (PNG, JPEG, or PDF page by page), or two layouts", synopsis: [
            """
            pinrender diff EXPECTED ACTUAL [-o DIFF.png] [--threshold T] [--max-diff-pixels N]
                           [--max-diff-ratio R] [--ignore X,Y,W,H]... [--include-aa] [--composite]
                           [--dpi D] [--json]
            """,
            "pinrender diff --layout EXPECTED.json ACTUAL.json [--json]",
        ], description: [
            .paragraph("""
                Pixels are compared as pixelmatch 6.x does, with its defaults: YIQ color distance
                against 35215 x T^2, alpha blended over white (pixelmatch 7.x: --background
                checkerboard); anti-aliased pixels (judged from the 3x3 neighbourhood in both images)
                are counted apart unless --include-aa.
                """),
            .paragraph("""
                --layout compares two --layout-json files and says which pins moved (and how far),
                appeared, disappeared, changed status, number or replies, joined or left a cluster, or
                whose tooltip moved.
                """),
        ], options: parser.sections, exitStatus: [
            Manual.Definition("0", "within budget (default: no differing pixel)"),
            Manual.Definition("1", "different (or different sizes or page counts)"),
            Manual.Definition("2", "bad usage or input"),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example("""
                pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-few.json --page 1 --dpi 50 \\
                    -o out/few.png --layout-json out/few.json
                """),
            Manual.Example("""
                pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-edges.json --page 1 --dpi 50 \\
                    -o out/edges.png --layout-json out/edges.json
                """),
            Manual.Example("pinrender diff out/few.png out/few.png", comment: "the same image: exit status 0"),
            Manual.Example("pinrender diff out/few.png out/edges.png -o out/diff.png --max-diff-pixels 20 || test $? -eq 1",
                           comment: "other pins: exit status 1, and the differing pixels in red in out/diff.png"),
            Manual.Example("pinrender diff --layout out/few.json out/edges.json || test $? -eq 1",
                           comment: "which pins moved, appeared or disappeared"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var request = Request()
        let files = try parser.parse(words, into: &request)
        if request.layout {
            guard files.count == 2 else { throw InputError.usage("diff --layout needs EXPECTED.json ACTUAL.json") }
            return try layoutDiff(files[0], files[1], json: request.json)
        }
        guard files.count == 2 else { throw InputError.usage("diff needs EXPECTED and ACTUAL") }
        var job = request.job
        (job.expected, job.actual) = (files[0], files[1])
        job.exhaustive = request.json
        let report = try job.run()
        print(request.json ? DiffReportText.json(report, job: job) : DiffReportText.text(report, job: job))
        return report.withinBudget ? 0 : 1
    }

    private static func layoutDiff(_ expected: String, _ actual: String, json: Bool) throws -> Int32 {
        func read(_ path: String) throws -> Data {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw InputError(source: path, location: "", problem: "cannot read the layout file")
            }
            return data
        }
        let changes = try LayoutDiff.compare(expected: read(expected), actual: read(actual),
                                             expectedName: expected, actualName: actual)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            struct Output: Encodable { var verdict: String; var changes: [LayoutDiff.Change] }
            let data = try encoder.encode(Output(verdict: changes.isEmpty ? "same" : "different", changes: changes))
            print(String(decoding: data, as: UTF8.self))
        } else if changes.isEmpty {
            print("same: no pin changed")
        } else {
            print("different: \(changes.count) change\(changes.count == 1 ? "" : "s")")
            for change in changes { print("  \(change)") }
        }
        return changes.isEmpty ? 0 : 1
    }
}
