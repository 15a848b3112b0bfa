import Foundation
import PinRender
import PinRenderCore

/// `pinrender diff`: parses arguments, compares, prints the verdict.
enum DiffCommand {
    static let help = """
    pinrender diff: compare two renders (PNG, JPEG, or PDF page by page), or two layouts

    USAGE
      pinrender diff EXPECTED ACTUAL [-o DIFF.png] [--threshold T] [--max-diff-pixels N]
                     [--max-diff-ratio R] [--ignore X,Y,W,H]... [--include-aa] [--composite]
                     [--dpi D] [--max-pixels N] [--json]
      pinrender diff --layout EXPECTED.json ACTUAL.json [--json]

    Pixels are compared as pixelmatch does: YIQ color distance against 35215 x T^2 (T 0.1 by
    default), alpha blended over white; anti-aliased pixels (judged from the 3x3 neighbourhood
    in both images) are counted apart unless --include-aa. -o writes the expected image faded
    to gray with differing pixels red (actual darker) or green (lighter) and anti-aliasing
    yellow; --composite puts expected | actual | diff side by side. --ignore skips a rectangle
    in both images (repeatable). PDFs are rendered at --dpi (72) and compared page by page.
    Images of more than --max-pixels (400000000) pixels are refused from their headers.

    --layout compares two --layout-json files and says which pins moved (and how far),
    appeared, disappeared, changed status, number or replies, joined or left a cluster, or
    whose tooltip moved.

    EXIT STATUS
      0 within budget (default: no differing pixel); 1 different (or different sizes or page
      counts); 2 bad usage or input

    EXAMPLES
      pinrender diff golden.png out.png -o diff.png --max-diff-pixels 20
      pinrender diff --layout golden.json out.json
    """

    static func run(_ words: [String]) throws -> Int32 {
        var arguments = try Arguments.parse(words, valued: ["-o", "--output", "--threshold", "--max-diff-pixels",
                                                            "--max-diff-ratio", "--ignore", "--dpi", "--max-pixels"])
        if arguments.flag("--help", "-h") {
            print(help)
            return 0
        }
        let json = arguments.flag("--json")
        if arguments.flag("--layout") {
            try arguments.finish()
            guard arguments.positionals.count == 2 else { throw usage("diff --layout needs EXPECTED.json ACTUAL.json") }
            return try layoutDiff(arguments.positionals[0], arguments.positionals[1], json: json)
        }
        guard arguments.positionals.count == 2 else { throw usage("diff needs EXPECTED and ACTUAL") }
        var job = DiffJob(expected: arguments.positionals[0], actual: arguments.positionals[1])
        job.output = arguments.value("-o", "--output")
        if let t = arguments.value("--threshold") {
            guard let value = Double(t), (0...1).contains(value) else { throw usage("--threshold needs a number from 0 to 1") }
            job.options.threshold = value
        }
        let pixelBudget = arguments.value("--max-diff-pixels")
        if let n = pixelBudget {
            guard let value = Int(n), value >= 0 else { throw usage("--max-diff-pixels needs a whole number") }
            job.maxDiffPixels = value
        }
        if let r = arguments.value("--max-diff-ratio") {
            guard let value = Double(r), (0...1).contains(value) else { throw usage("--max-diff-ratio needs a number from 0 to 1") }
            job.maxDiffRatio = value
            // A ratio alone is the only budget.
            if pixelBudget == nil { job.maxDiffPixels = .max }
        }
        if let d = arguments.value("--dpi") {
            guard let value = Double(d), value > 0, value <= 2400 else { throw usage("--dpi needs a positive number") }
            job.dpi = value
        }
        if let limit = arguments.value("--max-pixels") {
            guard let value = Int(limit), value > 0 else { throw usage("--max-pixels needs a positive whole number") }
            job.pixelLimit = value
        }
        job.options.ignore = try arguments.values(["--ignore"]).map { text in
            let parts = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, parts[2] >= 0, parts[3] >= 0 else { throw usage("--ignore needs X,Y,W,H in pixels") }
            return CGRect(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
        }
        job.options.includeAA = arguments.flag("--include-aa")
        job.composite = arguments.flag("--composite")
        job.exhaustive = json
        try arguments.finish()
        if job.composite && job.output == nil { throw usage("--composite needs -o DIFF.png") }
        let report = try job.run()
        print(json ? DiffReportText.json(report, job: job) : DiffReportText.text(report, job: job))
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
