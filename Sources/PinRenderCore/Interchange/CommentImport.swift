import Foundation

/// Turns the comments of a PDF, an XFDF or a W3C document into pins, by the rules of
/// docs/INTERCHANGE.md: a sticky note's point is the upper-left corner of its rectangle in
/// the page's user space (where its icon's top-left corner is, upright, on a page displayed
/// with any CropBox and /Rotate), other markup's the centre of its shape; replies join their root
/// (through ``ThreadBuilder``, as for any pins); a group's other annotations are its primary's
/// comment, not pins; a review state resolves or reopens its thread;
/// `/StateModel /Marked` resolves nothing; a comment that cannot be placed is left out with
/// a warning, never guessed.
///
///     let result = try CommentImport(source: "plan.pdf", contentId: "plan", pages: geometries)
///         .pins(from: comments)
public struct CommentImport: Sendable {
    /// How messages name the input.
    public var source: String
    /// The `contentId` of every pin.
    public var contentId: String
    /// Each page's boxes and rotation, or (for an image) its size as a page; nil when the
    /// document is not known, when only fractions of the page can be placed.
    public var pages: [PageGeometry]?

    /// Review states that resolve a thread; `None` reopens it.
    public static let resolvingStates: Set<String> = ["Completed", "Accepted", "Rejected", "Cancelled"]

    public init(source: String, contentId: String, pages: [PageGeometry]?) {
        self.source = source
        self.contentId = contentId
        self.pages = pages
    }

    /// The pins of `comments`, in their order, and the warnings (one line each).
    public func pins(from comments: [ExchangedComment]) throws -> (pins: [ImportedPin], warnings: [String]) {
        var warnings: [String] = []
        let comments = uniqueIds(comments, warnings: &warnings)
        let replied = Set(comments.filter { $0.link == .reply }.compactMap(\.inReplyTo))
        var imported: [ImportedPin] = []
        var undated = 0
        for comment in comments where comment.state == nil || comment.inReplyTo == nil {
            // A group's other annotations (a Caret's StrikeOut) are its primary's comment.
            if comment.link == .group, comment.inReplyTo != nil { continue }
            let isReply = comment.link == .reply && comment.inReplyTo != nil
            if !isReply, comment.subtype != "Text", comment.text.isEmpty, !replied.contains(comment.id) { continue }
            guard let created = comment.created ?? comment.modified else { undated += 1; continue }
            switch pin(of: comment, created: created, isReply: isReply) {
            case .success(let item): imported.append(item)
            case .failure(let reason): warnings.append("\(source): \(comment.location): \(reason.reason); left out")
            }
        }
        if undated > 0 {
            warnings.append("\(source): \(undated) comment\(undated == 1 ? "" : "s") without a date (no creation or modification date); left out")
        }
        let (threads, left) = try ThreadBuilder(source: source).build(imported.map(\.pin))
        warnings += left.map { "\(source): \($0)" }
        var rootOf: [String: String] = [:]
        for thread in threads {
            rootOf[thread.id] = thread.id
            for reply in thread.replies { rootOf[reply.id] = thread.id }
        }
        var index: [String: Int] = [:]
        imported = imported.filter { rootOf[$0.pin.id] != nil }
        for (position, item) in imported.enumerated() { index[item.pin.id] = position }
        for position in imported.indices where !imported[position].pin.isRoot {
            let root = imported[index[rootOf[imported[position].pin.id]!]!].pin
            imported[position].pin.parentId = root.id
            imported[position].pin.page = root.page
        }
        applyStates(comments, to: &imported, index: index, rootOf: rootOf, warnings: &warnings)
        return (imported, warnings)
    }

    /// One annotation on its own (sent to the W3C protocol's container) as a pin: a root
    /// placed by the rules of an import, a reply (its link a reply) naming the pin it
    /// replies to, which the store joins to its root; created at `created` when it says no
    /// date. Throws an ``InputError`` naming the annotation's target when it cannot be placed.
    public func pin(from comment: ExchangedComment, created: Date) throws -> ImportedPin {
        switch pin(of: comment, created: comment.created ?? comment.modified ?? created,
                   isReply: comment.link == .reply && comment.inReplyTo != nil) {
        case .success(let item): return item
        case .failure(let reason):
            throw InputError(source: source, location: comment.location == "annotation" ? "target" : comment.location + ".target",
                             problem: reason.reason)
        }
    }

    /// A comment as a pin, placed unless it is a reply, or why it cannot be placed.
    private func pin(of comment: ExchangedComment, created: Date, isReply: Bool) -> Result<ImportedPin, PlacementFailure> {
        var pin = Pin(id: comment.id, contentId: contentId, authorId: comment.author, authorName: comment.authorName,
                      createdAt: created, text: comment.text, resolved: comment.resolved ?? false,
                      parentId: isReply ? comment.inReplyTo : nil, canonical: comment.canonical, via: comment.via)
        if let audio = comment.audio { (pin.kind, pin.audio) = (.voice, audio) }
        if !isReply {
            switch place(comment) {
            case .success(let (page, point)): (pin.page, pin.relativeX, pin.relativeY) = (page, point.x, point.y)
            case .failure(let reason): return .failure(reason)
            }
        }
        return .success(ImportedPin(pin: pin, subtype: comment.subtype == "Text" ? nil : comment.subtype,
                                    modified: comment.modified, language: comment.language))
    }

    /// Later comments with an id taken before get `id~2`, `id~3`... (pins' ids are unique);
    /// the first three are named in a warning each, the rest counted in one. A comment that
    /// names its target by position names it by its new id.
    private func uniqueIds(_ comments: [ExchangedComment], warnings: inout [String]) -> [ExchangedComment] {
        var seen: Set<String> = []
        // The next suffix to try for each id taken, so that an id used on every page costs
        // one look per use, not one per earlier use.
        var nextSuffix: [String: Int] = [:]
        var renamed = 0
        var unique = comments.map { comment in
            var comment = comment
            if !seen.insert(comment.id).inserted {
                var n = nextSuffix[comment.id, default: 2]
                while seen.contains("\(comment.id)~\(n)") { n += 1 }
                nextSuffix[comment.id] = n + 1
                renamed += 1
                if renamed <= 3 {
                    warnings.append("\(source): \(comment.location): the id \"\(comment.id)\" is taken; imported as \"\(comment.id)~\(n)\"")
                }
                comment.id = "\(comment.id)~\(n)"
                seen.insert(comment.id)
            }
            return comment
        }
        if renamed > 3 { warnings.append("\(source): \(renamed - 3) more comments with an id taken, renamed the same way") }
        for index in unique.indices {
            if let target = unique[index].inReplyToPosition, unique.indices.contains(target) {
                unique[index].inReplyTo = unique[target].id
            }
        }
        return unique
    }

    /// Review states, each on the root of the thread it names; the latest one (by its date,
    /// then its place in the file) decides.
    private func applyStates(_ comments: [ExchangedComment], to imported: inout [ImportedPin], index: [String: Int],
                             rootOf: [String: String], warnings: inout [String]) {
        var decided: [String: Date] = [:]
        for comment in comments {
            guard let state = comment.state, let target = comment.inReplyTo, state.model.lowercased() == "review" else { continue }
            guard let root = rootOf[target], let position = index[root] else {
                warnings.append("\(source): \(comment.location): a review state of \"\(target)\", which is not imported; left out")
                continue
            }
            let date = comment.modified ?? comment.created ?? .distantPast
            if let earlier = decided[root], earlier > date { continue }
            decided[root] = date
            imported[position].pin.resolved = Self.resolvingStates.contains(state.state)
            imported[position].reviewState = .init(state: state.state, author: comment.author, date: comment.modified ?? comment.created)
        }
    }

    /// The page and normalized point of a root comment, or why it has none.
    private func place(_ comment: ExchangedComment) -> Result<(Int, CGPoint), PlacementFailure> {
        let page = comment.page ?? 1
        if let pages, !(1...pages.count).contains(page) {
            return .failure(.init("page \(page) is not in the document (\(pages.count) page\(pages.count == 1 ? "" : "s"))"))
        }
        let geometry = pages?[page - 1]
        var point: CGPoint
        switch comment.placement {
        case .none:
            return .failure(.init("no place on a page (no rectangle or selector)"))
        case .normalizedRect(let rect):
            point = CGPoint(x: rect.midX, y: rect.midY)
        case .contentRect(let rect):
            guard let size = geometry?.displayedSize else {
                return .failure(.init("its place is in pixels or points: the document's size is needed (--document)"))
            }
            point = CGPoint(x: rect.midX / size.width, y: rect.midY / size.height)
        case .pageRect(let rect):
            guard let geometry else { return .failure(.init("its rectangle is in PDF user space: the PDF is needed (--document)")) }
            // A sticky note points with its icon's upper-left corner, the one PDF keeps in
            // place on a rotated page (the icon stays upright, NoRotate); a shape is where
            // its middle is.
            point = geometry.contentPoint(fromPageSpace: comment.subtype == "Text" ? CGPoint(x: rect.minX, y: rect.maxY)
                                                                                  : CGPoint(x: rect.midX, y: rect.midY))
            let size = geometry.displayedSize
            point = CGPoint(x: point.x / size.width, y: point.y / size.height)
        }
        let tolerance = 1e-6
        guard point.x.isFinite, point.y.isFinite, (-tolerance...1 + tolerance).contains(point.x),
              (-tolerance...1 + tolerance).contains(point.y) else {
            return .failure(.init(String(format: "its point (%.4g, %.4g of the page) is outside page %d", point.x, point.y, page)))
        }
        return .success((page, CGPoint(x: min(max(point.x, 0), 1), y: min(max(point.y, 0), 1))))
    }

    /// Why a comment has no place.
    private struct PlacementFailure: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
