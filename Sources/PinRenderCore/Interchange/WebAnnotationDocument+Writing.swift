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
        let source = WebAnnotationNames.contentIRI(contentId: contentId, baseURL: baseURL)
        var items: [[String: Any]] = []
        for thread in threads {
            let rootIRI = WebAnnotationNames.pinIRI(contentId: contentId, pinId: thread.root.id, baseURL: baseURL)
            var root = annotation(thread.root, iri: rootIRI)
            root["motivation"] = "commenting"
            let (x, y) = (DecimalText.string((thread.root.relativeX ?? 0) * 100, decimals: 6),
                          DecimalText.string((thread.root.relativeY ?? 0) * 100, decimals: 6))
            let point = "xywh=percent:\(x),\(y),0,0"
            root["target"] = ["type": "SpecificResource", "source": source, "selector": [
                "type": "FragmentSelector", "conformsTo": "http://tools.ietf.org/rfc/rfc3778", "value": "page=\(thread.root.page)",
                "refinedBy": ["type": "FragmentSelector", "conformsTo": "http://www.w3.org/TR/media-frags/", "value": point],
            ] as [String: Any]] as [String: Any]
            root["resolved"] = thread.root.resolved
            items.append(root)
            for reply in thread.replies {
                var item = annotation(reply, iri: WebAnnotationNames.pinIRI(contentId: contentId, pinId: reply.id, baseURL: baseURL))
                item["motivation"] = "replying"
                item["target"] = rootIRI
                items.append(item)
            }
        }
        let context = Dictionary(uniqueKeysWithValues: WebAnnotationNames.terms.map { ($0.term, ["@id": $0.iri]) })
        let page: [String: Any] = [
            "@context": [WebAnnotationNames.modelContext, context] as [Any],
            "id": WebAnnotationNames.containerIRI(contentId: contentId, baseURL: baseURL),
            "type": "AnnotationPage",
            "items": items,
        ]
        return try JSONSerialization.data(withJSONObject: page, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) + Data("\n".utf8)
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
