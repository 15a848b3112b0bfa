import Foundation
import PinRenderCore

/// Which pages to render: `--page 3` or `--pages 1,3-5` (1-based), or all of them.
public enum PageSelection: Sendable, Equatable {
    case all
    case list([Int])

    /// Parses `1,3-5` into pages in the order given, without repeats.
    public init(parsing text: String, option: String) throws {
        var pages: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count),
                  let first = Int(bounds[0].trimmingCharacters(in: .whitespaces)),
                  let last = Int(bounds.last!.trimmingCharacters(in: .whitespaces)),
                  first >= 1, last >= first else {
                throw InputError(source: option, location: "",
                                 problem: "\"\(text)\" is not a page list (1-based, like 1,3-5)")
            }
            for page in first...last where !pages.contains(page) { pages.append(page) }
        }
        self = .list(pages)
    }

    /// The selected pages of a document of `count` pages, checked against it.
    public func pages(of count: Int, file: String) throws -> [Int] {
        switch self {
        case .all:
            return Array(1...max(count, 1))
        case .list(let pages):
            if let missing = pages.first(where: { $0 > count }) {
                throw InputError(source: file, location: "",
                                 problem: "page \(missing) does not exist (the document has \(count) page\(count == 1 ? "" : "s"))")
            }
            return pages
        }
    }
}
