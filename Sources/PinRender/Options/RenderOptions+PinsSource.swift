extension Option<RenderOptions> {
    /// `--pins PINS`: a file, `-`, or an http(s) URL.
    public static var pins: Self {
        Option("--pins", value: "PINS", help: """
            the pins JSON ({"pins": [...]} or an array), - for standard input,
            store:FILE for a pinrender pins store (pending changes included), or
            an http(s) URL of a REST endpoint (GET). Redirects: at most 10, http
            and https only, never https to http
            """, isPath: true) { text, options in
            options.pins = text
        }.required()
    }

    /// `--header 'NAME: VALUE'`, repeatable.
    public static var header: Self {
        Option("--header", value: "'NAME: VALUE'", repeated: true, help: """
            a request header for a pins URL, e.g. 'Authorization: Bearer ...'
            (repeatable); the headers go only to the URL's own scheme, host and port
            """) { text, options in
            options.headers.append(text)
        }
    }

    /// `--timeout SECONDS`: the whole command's deadline.
    public static var timeout: Self {
        Option("--timeout", value: "SECONDS", help: """
            the most the whole command may take: fetching a pins URL
            (connection, redirects and body), reading, drawing and
            writing; past it, it stops with a clear error, exit status 2,
            and writes nothing (default: 60 for a pins URL, 600 in all)
            """) { text, options in
            options.timeout = try OptionValue.number(text, needs: "seconds, e.g. 10") { $0 > 0 && $0 <= 3600 }
        }
    }

    /// `--max-response BYTES`
    public static var maxResponse: Self {
        Option("--max-response", value: "BYTES", help: """
            refuse a pins URL's answer longer than this, decompressed
            (default 67108864, 64 MiB)
            """) { text, options in
            options.maxResponse = try OptionValue.whole(text, needs: "a positive number of bytes") { $0 > 0 }
        }
    }
}

extension OptionGroup<RenderOptions> {
    /// Where the pins come from, and the limits of fetching them.
    public static var pinsSource: Self {
        OptionGroup(title: "PINS", options: [.pins, .header, .timeout, .maxResponse])
    }
}
