import Foundation
import PinRenderCore

extension Option<RenderOptions> {
    /// `INPUT`: the document.
    public static var input: Self {
        Option(positional: "INPUT", help: """
            a PDF, PNG or JPEG (EXIF orientation honoured: pins refer to the image
            as displayed)
            """, isPath: true) { text, options in
            options.input = text
        }
    }

    /// `--canvas WxH`: a blank container instead of a document.
    public static var canvas: Self {
        Option("--canvas", value: "WxH", help: "a blank container of that size instead of INPUT, e.g. 390x844") { text, options in
            let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]),
                  width > 0, height > 0, width.isFinite, height.isFinite else {
                throw OptionProblem.predicate("needs WxH, e.g. 390x844")
            }
            options.canvas = CGSize(width: width, height: height)
        }
    }

    /// `--password PW`
    public static var password: Self {
        Option("--password", value: "PW", help: "for an encrypted PDF") { text, options in
            options.password = text
        }
    }

    /// `--max-pixels N`: the largest input image or output page.
    public static var maxPixels: Self {
        Option("--max-pixels", value: "N", help: """
            refuse images and outputs larger than N pixels (default 400000000,
            at most \(SizeRequest.maximumPixels): \(SizeRequest.maximumSide) x \(SizeRequest.maximumSide), the largest image Cairo draws)
            """) { text, options in
            options.pixelLimit = try OptionValue.pixelLimit(text)
        }
    }

    /// `--max-memory BYTES`: the most memory the job may take.
    public static var maxMemory: Self {
        Option("--max-memory", value: "BYTES", help: """
            the most memory the command may take (resident, all threads); past it,
            it stops with a clear error, exit status 2, and writes nothing
            (default \(RenderOptions.defaultMaxMemory), 4 GiB)
            """) { text, options in
            options.maxMemory = try OptionValue.whole(text, needs: "a number of bytes, at least 64 MiB (67108864)") { $0 >= 1 << 26 }
        }
    }

    /// `--page N`
    public static var page: Self {
        Option("--page", value: "N", help: "the page, from 1 (default: all)") { text, options in
            options.pages = .list([try OptionValue.whole(text, needs: "a page number from 1") { $0 >= 1 }])
        }
    }

    /// `--pages LIST`
    public static var pages: Self {
        Option("--pages", value: "LIST", help: "pages from 1, e.g. 1,3-5 (default: all)") { text, options in
            do {
                options.pages = try PageSelection(parsing: text, option: "--pages")
            } catch let error as InputError {
                throw OptionProblem.statement(error.problem)
            }
        }
    }
}

extension OptionGroup<RenderOptions> {
    /// The document, INPUT or `--canvas`, and its limits: `--password`, `--max-pixels`,
    /// `--max-memory`.
    public static var document: Self {
        OptionGroup(title: "INPUT", options: [.input, .canvas, .password, .maxPixels, .maxMemory]) { given, _ in
            let input = given.name("INPUT"), canvas = given.name("--canvas")
            switch (given.contains("INPUT"), given.contains("--canvas")) {
            case (true, true): throw OptionProblem.statement("give either \(input) or \(canvas), not both")
            case (false, false): throw OptionProblem.predicate("needs one \(input) document (or \(canvas) WxH)")
            default: break
            }
        }
    }

    /// `--page N` or `--pages LIST`.
    public static var pages: Self {
        OptionGroup(title: nil, options: [.page, .pages]) { given, _ in
            if given.contains("--page") && given.contains("--pages") {
                throw OptionProblem.statement("use \(given.name("--page")) or \(given.name("--pages")), not both")
            }
        }
    }

    /// `--page N` alone, for what draws one page (a preview, a snapshot case).
    public static var page: Self {
        OptionGroup(title: nil, options: [Option.page.described(help: "the page (default 1)")])
    }
}
