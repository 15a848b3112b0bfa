import Foundation
import PinRenderCore

extension OptionGroup<CarryJob> {
    /// `--pins`, `-o`, `--report`, `--overlay`, `--pages`, `--dpi`, `--max-pixels`.
    public static var carry: Self {
        OptionGroup(title: "OPTIONS", options: [
            Option("--pins", value: "PINS", help: "the review's pins on OLD (- for standard input)", isPath: true) { text, job in
                job.pins = text
            }.required(),
            Option("-o", "--output", value: "CARRIED.json", help: "the pins carried to NEW, each with its verdict (- for standard output)",
                   isPath: true) { text, job in
                job.output = text
            }.required(),
            Option("--report", value: "REPORT.json", help: "how pages were paired and registered, and each pin's verdict",
                   isPath: true) { text, job in
                job.report = text
            },
            Option("--overlay", value: "OVERLAY.png", help: """
                the new page with the old one registered onto it (old red, new cyan),
                each pin's arrow, rings round those to look at (-N per old page)
                """, isPath: true) { text, job in
                job.overlay = text
            },
            Option("--pages", value: "OLD:NEW,...", help: "pair these pages (the others are paired by label, sheet number, order)") { text, job in
                job.pages = try pagePairs(text)
            },
            Option("--dpi", value: "D", help: "the resolution of the pixel work on PDF pages (default 150)") { text, job in
                job.dpi = try OptionValue.number(text, needs: "a number from 36 to 600") { (36...600).contains($0) }
            },
            Option("--max-pixels", value: "N", help: "the most pixels of one page's raster (default 100000000)") { text, job in
                job.pixelLimit = try OptionValue.pixelLimit(text)
            },
        ])
    }

    /// `1:1,2:3`: each old page once, each new page once.
    static func pagePairs(_ text: String) throws -> [Int: Int] {
        var pairs: [Int: Int] = [:]
        var used = Set<Int>()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let old = Int(parts[0]), let new = Int(parts[1]), old >= 1, new >= 1 else {
                throw OptionProblem.predicate("needs OLD:NEW page pairs such as 1:1,2:3 (pages from 1)")
            }
            guard pairs[old] == nil, used.insert(new).inserted else {
                throw OptionProblem.predicate("pairs each page once (\(item))")
            }
            pairs[old] = new
        }
        return pairs
    }
}
