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
        }.map { object(of: $0, contentId: contentId, baseURL: baseURL) }
        let page: [String: Any] = [
            "@context": context,
            "id": WebAnnotationNames.containerIRI(contentId: contentId, baseURL: baseURL),
            "type": "AnnotationPage",
            "items": items,
        ]
        return try json(page)
    }

    /// The `@context` of what pinrender writes: the model's, then pinrender's terms.
    public static var context: [Any] {
        [WebAnnotationNames.modelContext, Dictionary(uniqueKeysWithValues: WebAnnotationNames.terms.map { ($0.term, ["@id": $0.iri]) })]
    }

    /// A JSON object as pinrender writes JSON-LD: keys sorted, pretty, slashes as they are,
    /// a line end after it.
    public static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) + Data("\n".utf8)
    }

    /// One pin as an annotation (without `@context`): a root is `commenting`, its target its
    /// page (`page=N`) refined by its point (`xywh=percent:x,y,0,0`), with `resolved`; a reply
    /// is `replying`, its target its root's IRI.
    public static func object(of pin: Pin, contentId: String, baseURL: String?) -> [String: Any] {
        var item = annotation(pin, iri: WebAnnotationNames.pinIRI(contentId: contentId, pinId: pin.id, baseURL: baseURL))
        if let parent = pin.parentId {
            item["motivation"] = "replying"
            item["target"] = WebAnnotationNames.pinIRI(contentId: contentId, pinId: parent, baseURL: baseURL)
            return item
        }
        item["motivation"] = "commenting"
        let (x, y) = (DecimalText.string((pin.relativeX ?? 0) * 100, decimals: 6), DecimalText.string((pin.relativeY ?? 0) * 100, decimals: 6))
        item["target"] = ["type": "SpecificResource", "source": WebAnnotationNames.contentIRI(contentId: contentId, baseURL: baseURL),
                          "selector": [
                              "type": "FragmentSelector", "conformsTo": "http://tools.ietf.org/rfc/rfc3778", "value": "page=\(pin.page)",
                              "refinedBy": ["type": "FragmentSelector", "conformsTo": "http://www.w3.org/TR/media-frags/",
                                            "value": "xywh=percent:\(x),\(y),0,0"],
                          ] as [String: Any]] as [String: Any]
        item["resolved"] = pin.resolved
        return item
    }

    /// What every annotation of a pin has: id, type, creator, date, body.
    private static func annotation(_ pin: Pin, iri: String) -> [String: Any] {
        var creator: [String: Any] = ["id": WebAnnotationNames.authorIRI(pin.authorId), "type": "Person"]
        if let name = pin.authorName { creator["name"] = name }
        var bodies: [[String: Any]] = [["type": "TextualBody", "value": pin.text, "format": "text/plain"]]
        if let audio = pin.audio, pin.kind == .voice {
            bodies.append(["id": audio.url, "type": "Sound", "durationMs": audio.durationMs])
        }
        return ["id": iri, "type": "Annotation", "created": ISODate.string(pin.createdAt), "creator": creator,
                "body": bodies.count == 1 ? bodies[0] : bodies]
    }
}
