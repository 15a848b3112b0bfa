import Foundation

extension WebAnnotationDocument {
    /// A W3C Web Annotation AnnotationPage (JSON-LD) of `threads`: a root is a `commenting`
    /// annotation whose target is its page (`page=N`, RFC 3778) refined by its point
    /// (`xywh=percent:x,y,0,0`, Media Fragments); a reply is a `replying` annotation whose
    /// target is its root; `resolved` and a voice comment's `durationMs` are pinrender's terms
    /// (``WebAnnotationNames/terms``), defined in the page's context. The ids are stable
    /// (``WebAnnotationNames``); keys are sorted, so the same pins give the same bytes.
    /// - Parameters:
    ///   - threads: the threads, all of `contentId`.
    ///   - contentId: the content they are on.
    ///   - baseURL: the base of the ids, nil for `urn:pinrender:` ones.
    public static func data(threads: [CommentThread], contentId: String, baseURL: String?) throws -> Data {
        let items = threads.flatMap { thread in
            [thread.root] + thread.replies.map { reply in
                var reply = reply
                reply.parentId = thread.root.id
                return reply
            }
        }.map { WrittenAnnotation($0, contentId: contentId, baseURL: baseURL) }
        let page = WrittenPage(id: WebAnnotationNames.containerIRI(contentId: contentId, baseURL: baseURL), items: items)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(page) + Data("\n".utf8)
    }

    /// One pin as an annotation (without `@context`), as ``data(threads:contentId:baseURL:)``
    /// writes it in a page (a reply's target is its `parentId`'s IRI): what the service's
    /// protocol container holds.
    public static func object(of pin: Pin, contentId: String, baseURL: String?) throws -> [String: Any] {
        let data = try JSONEncoder().encode(WrittenAnnotation(pin, contentId: contentId, baseURL: baseURL))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// The `@context` of what pinrender writes: the model's, then pinrender's terms.
    public static var context: [Any] {
        [WebAnnotationNames.modelContext, WebAnnotationNames.termsContext]
    }

    /// A JSON object as pinrender writes JSON-LD: keys sorted, pretty, slashes as they are,
    /// a line end after it (the bytes of ``data(threads:contentId:baseURL:)``'s encoder).
    public static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) + Data("\n".utf8)
    }
}

/// An AnnotationPage as ``WebAnnotationDocument/data(threads:contentId:baseURL:)`` writes it.
private struct WrittenPage: Encodable {
    let id: String
    let items: [WrittenAnnotation]

    private enum CodingKeys: String, CodingKey {
        case context = "@context", id, type, items
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var context = container.nestedUnkeyedContainer(forKey: .context)
        try context.encode(WebAnnotationNames.modelContext)
        try context.encode(WebAnnotationNames.termsContext)
        try container.encode(id, forKey: .id)
        try container.encode("AnnotationPage", forKey: .type)
        try container.encode(items, forKey: .items)
    }
}

/// One pin as an Annotation: id, type, creator, date, body, motivation, target, a root's
/// `resolved`, and `canonical` and `via` when the pin has them.
private struct WrittenAnnotation: Encodable {
    /// What it annotates: a point of a page, or (a reply) its root.
    enum Target: Encodable {
        case point(source: String, page: Int, fragment: String)
        case annotation(String)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .annotation(let iri):
                var container = encoder.singleValueContainer()
                try container.encode(iri)
            case .point(let source, let page, let fragment):
                let refined = Selector(value: fragment, conformsTo: "http://www.w3.org/TR/media-frags/", refinedBy: nil)
                try Resource(source: source, selector: Selector(value: "page=\(page)", conformsTo: "http://tools.ietf.org/rfc/rfc3778",
                                                                refinedBy: refined)).encode(to: encoder)
            }
        }
    }

    struct Resource: Encodable {
        var type = "SpecificResource"
        let source: String
        let selector: Selector
    }

    final class Selector: Encodable {
        let type = "FragmentSelector"
        let value: String
        let conformsTo: String
        let refinedBy: Selector?

        init(value: String, conformsTo: String, refinedBy: Selector?) {
            (self.value, self.conformsTo, self.refinedBy) = (value, conformsTo, refinedBy)
        }
    }

    struct Creator: Encodable {
        let id: String
        var type = "Person"
        let name: String?
    }

    struct Body: Encodable {
        var id: String?
        let type: String
        var value: String?
        var format: String?
        var durationMs: Int?
    }

    let id: String
    var type = "Annotation"
    let created: String
    let creator: Creator
    let bodies: [Body]
    let motivation: String
    let target: Target
    let resolved: Bool?
    let canonical: String?
    let via: String?

    /// A root `commenting` at its point, a reply `replying` to its `parentId`.
    init(_ pin: Pin, contentId: String, baseURL: String?) {
        let iri = WebAnnotationNames.pinIRI(contentId: contentId, pinId: pin.id, baseURL: baseURL)
        if let parent = pin.parentId {
            self.init(pin, iri: iri, motivation: "replying",
                      target: .annotation(WebAnnotationNames.pinIRI(contentId: contentId, pinId: parent, baseURL: baseURL)), resolved: nil)
        } else {
            let (x, y) = (DecimalText.string((pin.relativeX ?? 0) * 100, decimals: 6), DecimalText.string((pin.relativeY ?? 0) * 100, decimals: 6))
            let source = WebAnnotationNames.contentIRI(contentId: contentId, baseURL: baseURL)
            self.init(pin, iri: iri, motivation: "commenting",
                      target: .point(source: source, page: pin.page, fragment: "xywh=percent:\(x),\(y),0,0"), resolved: pin.resolved)
        }
    }

    init(_ pin: Pin, iri: String, motivation: String, target: Target, resolved: Bool?) {
        id = iri
        created = ISODate.string(pin.createdAt)
        creator = Creator(id: WebAnnotationNames.authorIRI(pin.authorId), name: pin.authorName)
        var bodies = [Body(type: "TextualBody", value: pin.text, format: "text/plain")]
        if let audio = pin.audio, pin.kind == .voice {
            bodies.append(Body(id: audio.url, type: "Sound", durationMs: audio.durationMs))
        }
        self.bodies = bodies
        self.motivation = motivation
        self.target = target
        self.resolved = resolved
        (canonical, via) = (pin.canonical, pin.via)
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, created, creator, body, motivation, target, resolved, canonical, via
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(created, forKey: .created)
        try container.encode(creator, forKey: .creator)
        if bodies.count == 1 { try container.encode(bodies[0], forKey: .body) } else { try container.encode(bodies, forKey: .body) }
        try container.encode(motivation, forKey: .motivation)
        try container.encode(target, forKey: .target)
        try container.encodeIfPresent(resolved, forKey: .resolved)
        try container.encodeIfPresent(canonical, forKey: .canonical)
        try container.encodeIfPresent(via, forKey: .via)
    }
}
