import Foundation
import PinRenderCore

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
            the expected image faded to gray, differing pixels red and
            anti-aliasing yellow (pixelmatch's diff image)
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

    /// `--alpha A`: pixelmatch's `alpha`.
    public static var alpha: Self {
        Option("--alpha", value: "A", help: "opacity of the faded expected image in the diff image, 0 to 1 (default 0.1)") { text, job in
            job.options.alpha = try OptionValue.number(text, needs: "a number from 0 to 1") { (0...1).contains($0) }
        }
    }

    /// `--diff-color R,G,B`: pixelmatch's `diffColor`.
    public static var diffColor: Self {
        Option("--diff-color", value: "R,G,B", help: "differing pixels in the diff image (default 255,0,0)") { text, job in
            job.options.diffColor = try color(text)
        }
    }

    /// `--diff-color-alt R,G,B`: pixelmatch's `diffColorAlt`.
    public static var diffColorAlt: Self {
        Option("--diff-color-alt", value: "R,G,B", help: """
            differing pixels that are darker in ACTUAL, to tell added ink from
            removed (default: --diff-color)
            """) { text, job in
            job.options.diffColorAlt = try color(text)
        }
    }

    /// `--aa-color R,G,B`: pixelmatch's `aaColor`.
    public static var aaColor: Self {
        Option("--aa-color", value: "R,G,B", help: "anti-aliased pixels in the diff image (default 255,255,0)") { text, job in
            job.options.aaColor = try color(text)
        }
    }

    /// `--diff-mask`: pixelmatch's `diffMask`.
    public static var diffMask: Self {
        Option("--diff-mask", help: "the diff image shows differing pixels alone, over transparency") { _, job in
            job.options.diffMask = true
        }
    }

    /// `--background white|checkerboard`: what translucent pixels are compared over.
    public static var background: Self {
        Option("--background", value: "white|checkerboard", help: """
            what translucent pixels are blended over when compared: white
            (pixelmatch 5 and 6, the default) or checkerboard (pixelmatch 7)
            """) { text, job in
            job.options.background = try OptionValue.choice(text, of: ImageDiff.Background.self)
        }
    }

    private static func color(_ text: String) throws -> ImageDiff.RGB {
        let channels = try OptionValue.numbers(text, count: 3, needs: "R,G,B, each a whole number from 0 to 255")
        guard channels.allSatisfy({ $0 == $0.rounded() && (0...255).contains($0) }) else {
            throw OptionProblem.predicate("needs R,G,B, each a whole number from 0 to 255")
        }
        return ImageDiff.RGB(UInt8(channels[0]), UInt8(channels[1]), UInt8(channels[2]))
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
                                                .maxDiffRatio, .ignore, .includeAA, .composite, .alpha, .diffColor,
                                                .diffColorAlt, .aaColor, .diffMask, .background, .dpi, .maxPixels]) { given, job in
            // A ratio alone is the only budget.
            if given.contains("--max-diff-ratio") && !given.contains("--max-diff-pixels") { job.maxDiffPixels = .max }
            if job.composite && job.output == nil {
                throw OptionProblem.statement("\(given.name("--composite")) needs \(given.name("-o")) DIFF.png")
            }
            if job.composite && job.options.diffMask {
                throw OptionProblem.statement("\(given.name("--diff-mask")) is a diff image alone: it does not go with \(given.name("--composite"))")
            }
        }
    }
}
