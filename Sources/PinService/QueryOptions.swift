import PinRender
import PinRenderCore

/// The query of the routes that read one but a render's (whose query is the render
/// command's options, ``RenderService``): read by the CLI's ``OptionParser`` from the
/// query's fields, so a value is checked and refused as an option's is (`since: needs a
/// cursor, ...`), and a field the route does not take is refused naming the ones it does.
/// `access_token` is the token's, read by ``PinServer/token(of:)``.
///
///     let query = try QueryOptions.parse(request.query, as: .changes)
struct QueryOptions: Sendable {
    /// `since`: the cursor after which changes are wanted.
    var since = 0
    /// `limit`: the most changes of one answer.
    var limit = 1000
    /// `batch`: the events WebSocket sends the events of one commit as one JSON array.
    var batch = false
    /// `version`: the version of the pin a delete was made on (any when nil).
    var version: Int?
    /// `format`: an import's format (nil: from the body's type or its first bytes).
    var format: InterchangeFormat?
    /// `page`: a page of an annotation container, from 0 (nil: the container itself).
    var page: Int?
    /// `iris`: 1 for the annotation container's representation with IRIs, 0 with
    /// descriptions (nil: as `Prefer` asks).
    var iris: Bool?

    /// The routes that take a query, each with its options.
    enum Use {
        case changes
        case events
        case delete
        case importing
        case annotations

        fileprivate var parser: OptionParser<QueryOptions> {
            switch self {
            case .changes: OptionParser(command: "changes", groups: [OptionGroup(title: nil, options: [.since, .limit])])
            case .events: OptionParser(command: "events", groups: [OptionGroup(title: nil, options: [.since, .batch])])
            case .delete: OptionParser(command: "delete", groups: [OptionGroup(title: nil, options: [.version])])
            case .importing: OptionParser(command: "import", groups: [OptionGroup(title: nil, options: [.format])])
            case .annotations: OptionParser(command: "annotations", groups: [OptionGroup(title: nil, options: [.page, .iris])])
            }
        }
    }

    /// The query's fields as the options of `use`.
    static func parse(_ query: [String: String], as use: Use) throws -> QueryOptions {
        var options = QueryOptions()
        try use.parser.parse(fields: query.mapValues { FieldValue.text($0) }, into: &options, source: "query", location: "",
                             ignoring: ["access_token"])
        return options
    }
}

extension Option<QueryOptions> {
    static var since: Self {
        Option("--since", value: "CURSOR", help: "the seq of the last change seen (0: every change)") { text, options in
            options.since = try OptionValue.whole(text, needs: "a cursor, a whole number from 0 (the seq of the last change seen)") {
                $0 >= 0
            }
        }
    }

    static var limit: Self {
        Option("--limit", value: "N", help: "the most changes of one answer (1 to 10000, default 1000)") { text, options in
            options.limit = try OptionValue.whole(text, needs: "a whole number from 1 to 10000") { (1...10_000).contains($0) }
        }
    }

    static var batch: Self {
        Option("--batch", help: "the events of one commit as one JSON array") { _, options in
            options.batch = true
        }
    }

    static var version: Self {
        Option("--version", value: "N", help: "the version of the pin deleted (any when absent)") { text, options in
            options.version = try OptionValue.whole(text, needs: "a whole number from 1") { $0 >= 1 }
        }
    }

    static var format: Self {
        Option("--format", value: "pdf|xfdf|w3c", help: "the body's format (default: its type, else its first bytes)") { text, options in
            options.format = try OptionValue.choice(text, of: InterchangeFormat.self)
        }
    }

    static var page: Self {
        Option("--page", value: "N", help: "a page of the container's annotations, from 0") { text, options in
            options.page = try OptionValue.whole(text, needs: "a page number, a whole number from 0") { $0 >= 0 }
        }
    }

    static var iris: Self {
        Option("--iris", value: "0|1", help: "1: the annotations' IRIs (PreferContainedIRIs); 0: their descriptions") { text, options in
            options.iris = try OptionValue.choice(text, among: ["0", "1"]) == "1"
        }
    }
}
