import Foundation
import PinRender

/// What `pinrender pins` is asked to do.
struct PinsOptions: Sendable {
    var store = ""
    var server: URL?
    var token: String?
    var content: String?
    var text: String?
    var point: (x: Double, y: Double)?
    var page: Int?
    var author = ProcessInfo.processInfo.environment["USER"] ?? "me"
    var json = false
    var retries = 5
}

extension OptionGroup<PinsOptions> {
    /// The store, and which of its contents.
    static var store: Self {
        OptionGroup(title: "OPTIONS", options: [
            Option("--store", value: "FILE", help: "the local store (created when missing)", isPath: true) { text, options in
                options.store = text
            }.required(),
            Option("--content", value: "ID", help: "the content (needed while the store holds none,\nor several)") { text, options in
                options.content = text
            },
        ])
    }

    /// What a change says: add, reply, edit; and how list prints.
    static var changes: Self {
        OptionGroup(title: nil, options: [
            Option("--text", value: "TEXT", help: "the comment (add, reply, edit)") { text, options in options.text = text },
            Option("--at", value: "X,Y", help: "the point, 0 to 1 of the width and height from\nthe top left (add, edit)") { text, options in
                let numbers = try OptionValue.numbers(text, count: 2, needs: "X,Y between 0 and 1, e.g. 0.25,0.6")
                guard numbers.allSatisfy({ (0...1).contains($0) }) else { throw OptionProblem.predicate("needs X,Y between 0 and 1, e.g. 0.25,0.6") }
                options.point = (numbers[0], numbers[1])
            },
            Option("--page", value: "N", help: "the page, from 1 (add, edit; default 1)") { text, options in
                options.page = try OptionValue.whole(text, needs: "a page number from 1") { $0 >= 1 }
            },
            Option("--author", value: "ID", help: "the author's id (default $USER)") { text, options in options.author = text },
            Option("--json", help: "list: {\"pins\": [...]} with each pin's version and\npendingSync") { _, options in
                options.json = true
            },
        ])
    }

    /// The pin service: sync and watch.
    static var server: Self {
        OptionGroup(title: nil, options: [
            Option("--server", value: "URL", help: "the pin service, e.g. http://127.0.0.1:8080 (sync, watch)") { text, options in
                guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                    throw OptionProblem.predicate("needs an http(s) URL, e.g. http://127.0.0.1:8080")
                }
                options.server = url
            },
            Option("--token", value: "TOKEN", help: "the bearer token of the service's --tokens file") { text, options in
                options.token = text
            },
            Option("--retries", value: "N", help: "sync: tries again after a network or server failure, with\nbackoff (default 5)") { text, options in
                options.retries = try OptionValue.whole(text, needs: "a whole number from 0") { $0 >= 0 }
            },
        ])
    }
}
