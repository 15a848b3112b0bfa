import Foundation

/// The comments of a W3C Web Annotation document (JSON-LD: one Annotation, an AnnotationPage,
/// an AnnotationCollection with its first page embedded, or an array of annotations).
///
/// A target is placed by a FragmentSelector (`xywh=percent:` or `xywh=pixel:` of Media
/// Fragments, `page=N` of RFC 3778, also as the source's `#page=N`), IIIF's PointSelector or
/// an SvgSelector (the centre of its shape), refinements followed; a reply is an annotation
/// whose motivation is `replying` and whose target is another annotation of the document.
///
///     let document = try WebAnnotationDocument(data, source: "notes.jsonld", baseURL: nil)
public struct WebAnnotationDocument: Sendable {
    public var comments: [ExchangedComment]
    /// The content of the first annotation's target source (see ``WebAnnotationNames/contentId(fromIRI:baseURL:)``).
    public var contentId: String?

    /// Reads a document.
    /// - Parameters:
    ///   - data: its bytes, JSON.
    ///   - source: how messages name it.
    ///   - baseURL: the base URL its pinrender IRIs were exported under (`--base-url`), if any.
    /// - Throws: ``InputError`` naming the file, the annotation (`items[2]`) and the field.
    public init(_ data: Data, source: String, baseURL: String?) throws {
        guard data.count <= InterchangeLimits.maximumBytes else {
            throw InputError(source: source, location: "", problem: "larger than \(InterchangeLimits.maximumBytes >> 20) MiB")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw InputError(source: source, location: "", problem: "not valid JSON: \(error)")
        }
        let reader = Reader(source: source, baseURL: baseURL)
        let annotations = try reader.annotations(in: root, at: "")
        guard annotations.count <= InterchangeLimits.maximumComments else {
            throw InputError(source: source, location: "", problem: "more than \(InterchangeLimits.maximumComments) annotations")
        }
        let ids = Set(annotations.compactMap { ($0.object["id"] ?? $0.object["@id"])?.text })
        var contentId: String?
        comments = try annotations.enumerated().map { index, item in
            try reader.comment(item.object, at: item.location, index: index, annotationIds: ids, contentId: &contentId)
        }
        self.contentId = contentId
    }
}

private extension JSONValue {
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// One value or each of an array's.
    var each: [JSONValue] {
        if case .array(let items) = self { return items }
        return [self]
    }
}

/// Reads annotations and their parts, naming each place it fails at.
private struct Reader {
    let source: String
    let baseURL: String?

    func failure(_ location: String, _ problem: String) -> InputError {
        InputError(source: source, location: location, problem: problem)
    }

    func member(_ location: String, _ key: String) -> String {
        location.isEmpty ? key : location + "." + key
    }

    func types(_ object: JSONObject) -> [String] {
        (object["type"] ?? object["@type"])?.each.compactMap(\.text) ?? []
    }

    /// The annotations of a document, with where each is.
    func annotations(in value: JSONValue, at location: String) throws -> [(object: JSONObject, location: String)] {
        if case .array(let items) = value {
            return try items.enumerated().flatMap { try annotations(in: $1, at: "\(location)[\($0)]") }
        }
        guard let object = value.object else {
            throw failure(location, "expected an Annotation, an AnnotationPage or an AnnotationCollection, found \(value.typeName)")
        }
        let kinds = types(object)
        if kinds.contains("Annotation") || kinds.contains("oa:Annotation") { return [(object, location)] }
        if kinds.contains("AnnotationPage") {
            guard let items = object["items"], case .array = items else { throw failure(member(location, "items"), "missing (expected an array)") }
            return try annotations(in: items, at: member(location, "items"))
        }
        if kinds.contains("AnnotationCollection") {
            switch object["first"] {
            case .object?: return try annotations(in: object["first"]!, at: member(location, "first"))
            case .string(let iri)?:
                throw failure(member(location, "first"), "the collection's first page is only linked (\(iri)): import the page itself")
            default: throw failure(member(location, "first"), "missing (expected the collection's first AnnotationPage)")
            }
        }
        throw failure(member(location, "type"), "expected Annotation, AnnotationPage or AnnotationCollection, found \(kinds.isEmpty ? "none" : kinds.joined(separator: ", "))")
    }

    func comment(_ object: JSONObject, at location: String, index: Int, annotationIds: Set<String>,
                 contentId: inout String?) throws -> ExchangedComment {
        let iri = (object["id"] ?? object["@id"])?.text
        var comment = ExchangedComment(location: location.isEmpty ? "annotation" : location,
                                       id: iri.map { WebAnnotationNames.pinId(fromIRI: $0, baseURL: baseURL) } ?? "annotation-\(index + 1)")
        let motivations = object["motivation"]?.each.compactMap(\.text) ?? []
        if let target = object["target"]?.each.first {
            if let targetIRI = target.text ?? target.object?["id"]?.text, target.object?["source"] == nil,
               annotationIds.contains(targetIRI) || motivations.contains("replying") {
                comment.inReplyTo = WebAnnotationNames.pinId(fromIRI: targetIRI, baseURL: baseURL)
            } else if let sourceIRI = target.text {
                // A source with a fragment of its own (IIIF's `canvas#xywh=...`).
                contentId = contentId ?? WebAnnotationNames.contentId(fromIRI: sourceIRI, baseURL: baseURL)
                comment.page = page(inIRI: sourceIRI)
                if let hash = sourceIRI.firstIndex(of: "#"),
                   let xywh = sourceIRI[sourceIRI.index(after: hash)...].split(separator: "&").first(where: { $0.hasPrefix("xywh=") }) {
                    comment.placement = try mediaFragment(String(xywh.dropFirst(5)), at: member(location, "target"))
                }
            } else if let resource = target.object {
                let targetLocation = member(location, "target")
                guard let sourceIRI = resource["source"]?.text ?? resource["source"]?.object?["id"]?.text else {
                    throw failure(member(targetLocation, "source"), "missing (expected the IRI of the annotated content)")
                }
                contentId = contentId ?? WebAnnotationNames.contentId(fromIRI: sourceIRI, baseURL: baseURL)
                comment.page = page(inIRI: sourceIRI)
                if let selector = resource["selector"] {
                    try select(selector, at: member(targetLocation, "selector"), into: &comment)
                }
            }
        }
        try readBodies(object, at: location, into: &comment)
        if let creator = object["creator"]?.each.first {
            if let text = creator.text {
                comment.author = WebAnnotationNames.authorId(fromIRI: text)
            } else if let agent = creator.object {
                comment.author = (agent["id"]?.text).map(WebAnnotationNames.authorId(fromIRI:)) ?? agent["nickname"]?.text
                    ?? agent["name"]?.each.first?.text ?? ""
                comment.authorName = agent["name"]?.each.first?.text
            }
        }
        comment.created = try date(object, "created", at: location)
        comment.modified = try date(object, "modified", at: location)
        comment.canonical = try linkedIRI(object, "canonical", at: location)
        // A copy of an annotation of elsewhere names it in `via` (the model's provenance).
        if let iri, WebAnnotationNames.pinId(fromIRI: iri, baseURL: baseURL) == iri, AbsoluteIRI.isValid(iri) {
            comment.via = iri
        } else {
            comment.via = try linkedIRI(object, "via", at: location)
        }
        if let resolved = object["resolved"] {
            guard case .bool(let flag) = resolved else { throw failure(member(location, "resolved"), "expected true or false, found \(resolved.typeName)") }
            comment.resolved = flag
        }
        return comment
    }

    /// The IRI of `key` (a string, or an object's `id`), which must keep ``AbsoluteIRI/rule``.
    private func linkedIRI(_ object: JSONObject, _ key: String, at location: String) throws -> String? {
        guard let value = object[key]?.each.first else { return nil }
        guard let text = value.text ?? (value.object?["id"] ?? value.object?["@id"])?.text, AbsoluteIRI.isValid(text) else {
            throw failure(member(location, key), "expected \(AbsoluteIRI.rule), found \(value.text.map { "\"\($0.prefix(100))\"" } ?? value.typeName)")
        }
        return text
    }

    private func date(_ object: JSONObject, _ key: String, at location: String) throws -> Date? {
        guard let value = object[key] else { return nil }
        guard let text = value.text, let date = ISODate.parse(text) else {
            throw failure(member(location, key), "expected an ISO 8601 date-time (e.g. 2026-11-02T09:15:00Z), found \(value.text.map { "\"\($0)\"" } ?? value.typeName)")
        }
        return date
    }

    private func readBodies(_ object: JSONObject, at location: String, into comment: inout ExchangedComment) throws {
        if let value = object["bodyValue"]?.text { comment.text = value }
        guard let bodies = object["body"]?.each else { return }
        var texts: [(purpose: String?, text: String, language: String?)] = []
        for (index, body) in bodies.enumerated() {
            guard let fields = body.object else { continue }
            let kinds = types(fields)
            if kinds.contains("Sound") || kinds.contains("Audio"), let url = fields["id"]?.text {
                var duration = 0
                if case .number(let ms)? = fields["durationMs"], ms.isFinite, ms >= 0, ms < 1e15 { duration = Int(ms) }
                comment.audio = Pin.Audio(url: url, durationMs: duration)
            } else if kinds.contains("TextualBody") || fields["value"] != nil {
                guard let value = fields["value"]?.text else {
                    throw failure(member(location, bodies.count > 1 ? "body[\(index)].value" : "body.value"), "missing (expected a string)")
                }
                let html = (fields["format"]?.text ?? "").lowercased().contains("html")
                texts.append((fields["purpose"]?.each.first?.text, html ? Self.htmlText(value) : value,
                              fields["language"]?.each.first?.text))
            }
        }
        let commenting = texts.first { $0.purpose == nil || $0.purpose == "commenting" || $0.purpose == "replying" } ?? texts.first
        if let commenting { (comment.text, comment.language) = (commenting.text, commenting.language) }
    }

    /// `page=N` in a fragment of `iri`.
    private func page(inIRI iri: String) -> Int? {
        guard let hash = iri.firstIndex(of: "#") else { return nil }
        return page(inFragment: String(iri[iri.index(after: hash)...]))
    }

    private func page(inFragment fragment: String) -> Int? {
        for parameter in fragment.split(separator: "&") where parameter.hasPrefix("page=") {
            if let page = Int(parameter.dropFirst(5)), page >= 1 { return page }
        }
        return nil
    }

    /// Reads a selector (or the first of several that places the comment) and its refinements.
    private func select(_ value: JSONValue, at location: String, into comment: inout ExchangedComment) throws {
        if case .array(let alternatives) = value {
            for (index, alternative) in alternatives.enumerated() {
                try select(alternative, at: "\(location)[\(index)]", into: &comment)
                if comment.placement != .none { return }
            }
            return
        }
        guard let selector = value.object else { return }
        let kinds = types(selector)
        if kinds.contains("FragmentSelector"), let fragment = selector["value"]?.text {
            comment.page = page(inFragment: fragment) ?? comment.page
            if let xywh = fragment.split(separator: "&").first(where: { $0.hasPrefix("xywh=") }) {
                comment.placement = try mediaFragment(String(xywh.dropFirst(5)), at: member(location, "value"))
            }
        } else if kinds.contains("PointSelector") {
            guard case .number(let x)? = selector["x"], case .number(let y)? = selector["y"], x.isFinite, y.isFinite else {
                throw failure(location, "a PointSelector needs numbers x and y")
            }
            comment.placement = .contentRect(CGRect(x: x, y: y, width: 0, height: 0))
        } else if kinds.contains("SvgSelector") {
            guard let svg = selector["value"]?.text else { throw failure(member(location, "value"), "missing (expected the SVG of a shape)") }
            let shape = try MarkupElement.read(Data(svg.utf8), source: "\(source): \(location).value")
            guard let bounds = SVGShape.bounds(of: shape) else {
                throw failure(member(location, "value"), "no rect, circle, ellipse, polygon, polyline or path with absolute coordinates")
            }
            comment.placement = .contentRect(bounds)
        }
        if let refinement = selector["refinedBy"] {
            try select(refinement, at: member(location, "refinedBy"), into: &comment)
        }
    }

    /// `percent:x,y,w,h`, `pixel:x,y,w,h` or `x,y,w,h` (pixels), Media Fragments' spatial dimension.
    private func mediaFragment(_ text: String, at location: String) throws -> ExchangedComment.Placement {
        var body = Substring(text), percent = false
        if body.hasPrefix("percent:") { (body, percent) = (body.dropFirst(8), true) } else if body.hasPrefix("pixel:") { body = body.dropFirst(6) }
        let numbers = body.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
              [x, y, w, h].allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw failure(location, "\"xywh=\(text)\" is not a Media Fragments region (xywh=percent:x,y,w,h or xywh=pixel:x,y,w,h)")
        }
        let rect = CGRect(x: x, y: y, width: w, height: h)
        return percent ? .normalizedRect(CGRect(x: x / 100, y: y / 100, width: w / 100, height: h / 100)) : .contentRect(rect)
    }

    /// The text of an HTML body: tags removed, `<br>` and the ends of paragraphs as line ends,
    /// the common character references decoded.
    static func htmlText(_ html: String) -> String {
        var text = "", tag = "", inTag = false
        for character in html {
            if inTag {
                if character == ">" {
                    inTag = false
                    let name = tag.lowercased().trimmingCharacters(in: .whitespaces)
                    if name.hasPrefix("br") || name == "/p" || name == "/div" || name == "/li" { text += "\n" }
                } else {
                    tag.append(character)
                }
            } else if character == "<" {
                (inTag, tag) = (true, "")
            } else {
                text.append(character)
            }
        }
        while text.hasSuffix("\n") { text.removeLast() }
        return decodeReferences(text)
    }

    private static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        var result = "", rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            if let semicolon = rest.prefix(12).firstIndex(of: ";") {
                let name = rest[rest.index(after: rest.startIndex)..<semicolon]
                var scalar: Unicode.Scalar?
                if name.hasPrefix("#x") || name.hasPrefix("#X") { scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
                else if name.hasPrefix("#") { scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) }
                if let replacement = scalar.map({ String(Character($0)) }) ?? named[String(name)] {
                    result += replacement
                    rest = rest[rest.index(after: semicolon)...]
                    continue
                }
            }
            result.append("&")
            rest = rest.dropFirst()
        }
        return result + rest
    }
}
