import Foundation

extension Option {
    /// `--threshold T`: pixelmatch's color threshold, for `pinrender diff` and a manifest.
    public static func threshold(_ path: WritableKeyPath<Target, Double> & Sendable) -> Self {
        Option("--threshold", value: "T", help: "YIQ color distance counted as different, 0 to 1 (default 0.1)") { text, target in
            target[keyPath: path] = try OptionValue.number(text, needs: "a number from 0 to 1") { (0...1).contains($0) }
        }
    }

    /// `--max-diff-pixels N`: the differing pixels allowed, for `pinrender diff` and a manifest.
    public static func maxDiffPixels(_ path: WritableKeyPath<Target, Int> & Sendable) -> Self {
        Option("--max-diff-pixels", value: "N", help: "differing pixels allowed (default 0)") { text, target in
            target[keyPath: path] = try OptionValue.whole(text, needs: "a whole number") { $0 >= 0 }
        }
    }
}

extension Option<DiffJob> {
    /// `-o, --output DIFF.png`
    public static var output: Self {
        Option("-o", "--output", value: "DIFF.png", help: """
            the expected image faded to gray with differing pixels red (actual
            darker) or green (lighter) and anti-aliasing yellow
            """, isPath: true) { text, job in
            job.output = text
        }
    }

    /// `--max-diff-ratio R`
    public static var maxDiffRatio: Self {
        Option("--max-diff-ratio", value: "R", help: """
            fraction of pixels allowed to differ (alone, the only budget;
            with --max-diff-pixels, both must hold)
            """) { text, job in
            job.maxDiffRatio = try OptionValue.number(text, needs: "a number from 0 to 1") { (0...1).contains($0) }
        }
    }

    /// `--ignore X,Y,W,H`, repeatable.
    public static var ignore: Self {
        Option("--ignore", value: "X,Y,W,H", repeated: true,
               help: "skip this rectangle of pixels in both images (repeatable)") { text, job in
            let rect = try OptionValue.numbers(text, count: 4, needs: "X,Y,W,H in pixels")
            guard rect[2] >= 0, rect[3] >= 0 else { throw OptionProblem.predicate("needs X,Y,W,H in pixels") }
            job.options.ignore.append(CGRect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
        }
    }

    /// `--include-aa`
    public static var includeAA: Self {
        Option("--include-aa", help: "count anti-aliased pixels as different too") { _, job in
            job.options.includeAA = true
        }
    }

    /// `--composite`
    public static var composite: Self {
        Option("--composite", help: "-o shows expected | actual | diff side by side") { _, job in
            job.composite = true
        }
    }

    /// `--dpi D`: the resolution PDF pages are compared at.
    public static var dpi: Self {
        Option("--dpi", value: "D", help: "the resolution PDFs are rendered at, page by page (default 72)") { text, job in
            job.dpi = try OptionValue.number(text, needs: "a positive number") { $0 > 0 && $0 <= 2400 }
        }
    }

    /// `--max-pixels N`: images larger than this are refused from their headers.
    public static var maxPixels: Self {
        Option("--max-pixels", value: "N", help: "refuse images of more than N pixels, from their headers (default 400000000)") { text, job in
            job.pixelLimit = try OptionValue.pixelLimit(text)
        }
    }
}

extension OptionGroup<DiffJob> {
    /// How two images are compared, the budgets, and the diff image.
    public static var comparison: Self {
        OptionGroup(title: "OPTIONS", options: [.output, .threshold(\.options.threshold), .maxDiffPixels(\.maxDiffPixels),
                                                .maxDiffRatio, .ignore, .includeAA, .composite, .dpi, .maxPixels]) { given, job in
            // A ratio alone is the only budget.
            if given.contains("--max-diff-ratio") && !given.contains("--max-diff-pixels") { job.maxDiffPixels = .max }
            if job.composite && job.output == nil {
                throw OptionProblem.statement("\(given.name("--composite")) needs \(given.name("-o")) DIFF.png")
            }
        }
    }
}
