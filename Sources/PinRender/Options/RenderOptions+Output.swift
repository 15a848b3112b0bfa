extension Option<RenderOptions> {
    /// `-o, --output OUT`: `.png` or `.pdf`.
    public static var output: Self {
        Option("-o", "--output", value: "OUT", help: """
            .png or .pdf. A PDF from a PDF keeps the document as it is (text,
            links, bookmarks, forms) with the pins drawn over the selected pages
            (in document order), every comment as a real PDF comment (replies
            threaded, resolved ones marked), and a comment summary at the end,
            linked both ways with the pins.
            Several pages to PNG write one file per page: OUT-N.png (plan.png ->
            plan-3.png), or put %d in OUT to place the page number yourself
            (page-%d.png).
            """, isPath: true) { text, options in
            options.output = text
        }.required()
    }

    /// `--layout-json FILE`
    public static var layoutJSON: Self {
        Option("--layout-json", value: "FILE", help: "write what was drawn, in output pixels, per page", isPath: true) { text, options in
            options.layoutJSON = text
        }
    }

    /// `--summary-json FILE`
    public static var summaryJSON: Self {
        Option("--summary-json", value: "FILE", help: """
            the exported comments (number, page, status, author, replies,
            text), in the order of the summary
            """, isPath: true) { text, options in
            options.summaryJSON = text
        }
    }

    /// `--summary-csv FILE`
    public static var summaryCSV: Self {
        Option("--summary-csv", value: "FILE", help: "the same as CSV", isPath: true) { text, options in
            options.summaryCSV = text
        }
    }

    /// `--threads panel|none`
    public static var threads: Self {
        Option("--threads", value: "panel|none", help: """
            panel: a PNG gets the thread panel beside the page (the apps' bottom
            sheet): each thread's number, status, text and replies
            """) { text, options in
            options.threadsPanel = try OptionValue.choice(text, among: ["panel", "none"]) == "panel"
        }
    }
}

extension OptionGroup<RenderOptions> {
    /// What is written: `-o`, the layout and the summaries.
    public static var outputs: Self {
        OptionGroup(title: "OUTPUT", options: [.output, .layoutJSON, .summaryJSON, .summaryCSV])
    }

    /// `--threads panel`: the thread panel beside a PNG.
    public static var threads: Self {
        OptionGroup(title: nil, options: [.threads])
    }
}
