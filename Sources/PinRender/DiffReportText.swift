import Foundation

/// How `pinrender diff` states its verdict: a line for people, or one JSON object.
public enum DiffReportText {
    /// `same: ...` or `different: ...` with the regions, one line per page.
    public static func text(_ report: DiffJob.Report, job: DiffJob) -> String {
        if let counts = report.pageCounts {
            return "different: expected \(counts.expected) page\(counts.expected == 1 ? "" : "s"), got \(counts.actual)"
        }
        return report.pages.map { page in
            let prefix = report.pages.count > 1 ? "page \(page.page): " : ""
            if let size = page.actualSize {
                return prefix + "size: expected \(page.width)x\(page.height), got \(size.width)x\(size.height)"
            }
            let verdict = report.withinBudget ? "same" : "different"
            if page.stoppedEarly {
                return prefix + "\(verdict): more than \(page.diffPixels - 1) pixels differ (counting stopped at the budget; "
                    + "use --json or -o for the full count)"
            }
            var line = prefix + "\(verdict): \(page.diffPixels) pixel\(page.diffPixels == 1 ? "" : "s") differ"
                + String(format: " (%.4f%%)", page.ratio * 100) + ", \(page.aaPixels) anti-aliased"
            if !page.regions.isEmpty {
                line += "; regions " + page.regions.prefix(8).map { "\(Int($0.minX)),\(Int($0.minY)) \(Int($0.width))x\(Int($0.height))" }
                    .joined(separator: "; ")
                if page.regions.count > 8 { line += "; and \(page.regions.count - 8) more" }
            }
            return line
        }.joined(separator: "\n") + report.files.map { "\nwrote \($0)" }.joined()
    }

    /// `{"verdict": "same"|"different"|"size", "width", "height", "diffPixels", "aaPixels",
    /// "ratio", "regions": [{"x", "y", "width", "height"}]}`; for several pages the totals and
    /// `"pages"` with one such object each.
    public static func json(_ report: DiffJob.Report, job: DiffJob) -> String {
        func object(_ page: DiffJob.PageResult, verdict: String) -> [String: Any] {
            var result: [String: Any] = ["verdict": verdict, "width": page.width, "height": page.height,
                                         "diffPixels": page.diffPixels, "aaPixels": page.aaPixels, "ratio": page.ratio,
                                         "regions": page.regions.map { ["x": Int($0.minX), "y": Int($0.minY),
                                                                        "width": Int($0.width), "height": Int($0.height)] }]
            if let size = page.actualSize {
                result["verdict"] = "size"
                result["expected"] = ["width": page.width, "height": page.height]
                result["actual"] = ["width": size.width, "height": size.height]
            }
            return result
        }
        var root: [String: Any]
        if let counts = report.pageCounts {
            root = ["verdict": "pages", "expectedPages": counts.expected, "actualPages": counts.actual]
        } else if report.pages.count == 1 {
            root = object(report.pages[0], verdict: report.withinBudget ? "same" : "different")
        } else {
            let pages = report.pages.map { page -> [String: Any] in
                let within = page.diffPixels <= job.maxDiffPixels && (job.maxDiffRatio.map { page.ratio <= $0 } ?? true)
                return object(page, verdict: within ? "same" : "different")
            }
            let pixels = report.pages.map { $0.width * $0.height }.reduce(0, +)
            let diff = report.pages.map(\.diffPixels).reduce(0, +)
            root = ["verdict": report.withinBudget ? "same" : "different", "pages": pages, "diffPixels": diff,
                    "aaPixels": report.pages.map(\.aaPixels).reduce(0, +),
                    "ratio": pixels == 0 ? 0 : Double(diff) / Double(pixels),
                    "regions": [Any](), "width": report.pages.first?.width ?? 0, "height": report.pages.first?.height ?? 0]
        }
        if !report.files.isEmpty { root["files"] = report.files }
        let data = try! JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
