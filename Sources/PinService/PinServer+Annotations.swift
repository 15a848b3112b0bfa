import Foundation
import PinPlatform
import PinRenderCore
import PinServiceCore

/// The W3C Web Annotation Protocol over the same store, operations and tokens as the rest of
/// the API: a container per content at `/annotations/{id}/` (``AnnotationContainer``), each
/// pin an annotation at `/annotations/{id}/{pin}`, mapped with the export's W3C mapping
/// (``WebAnnotationDocument``) and read back with the import's (``CommentImport``). A pin
/// created, replaced or deleted here is created, edited or deleted by ``ReviewService``, so
/// it has the events and checks of any other.
extension PinServer {
    /// `GET` or `HEAD /annotations/{id}/[?iris=0|1][&page=N]`: the container as `Prefer` asks
    /// (`iris` wins over its IRIs or descriptions), or one of its pages. A refusal of the
    /// container (not of a page) carries its ETag.
    func annotationContainer(_ request: HTTPRequest, contentId: String) {
        let (accept, query, base) = (request.header("Accept"), request.query, baseURL(of: request))
        let preference = AnnotationProtocol.Preference(header: request.header("Prefer"))
        let refusalHeaders: (@Sendable () -> [(String, String)])? = query["page"] != nil ? nil : { @Sendable [service] in
            Self.containerETag(service, contentId: contentId, baseURL: base)
        }
        answer(request, on: .readers, { [service] () throws -> ContainerAnswer in
            let representation = try Self.representation(accept)
            let options = try QueryOptions.parse(query, as: .annotations)
            let iris = options.iris ?? preference.iris
            let container = try AnnotationContainer(contentId: contentId, baseURL: base, live: try service.pins(of: contentId).pins.map(\.pin))
            let object = try options.page.map { try container.page($0, iris: iris, embedded: false) }
                ?? container.container(iris: iris, minimal: preference.minimal)
            return ContainerAnswer(body: try representation.body(WebAnnotationDocument.json(object)), type: representation.mediaType,
                                   location: options.page.map { container.pageIRI($0, iris: iris) } ?? container.representationIRI(iris: iris),
                                   isPage: options.page != nil)
        }, refusalHeaders: refusalHeaders) { request, answer in
            let etag = AnnotationContainer.etag(of: answer.body)
            var headers = answer.isPage ? AnnotationProtocol.pageHeaders(etag: etag, location: answer.location)
                                        : AnnotationProtocol.containerHeaders(etag: etag, location: answer.location)
            if preference.applied, !answer.isPage { headers.append(("Preference-Applied", "return=representation")) }
            if request.header("If-None-Match") == etag { return request.respond(304, headers: headers) }
            request.respond(200, body: answer.body, type: answer.type, headers: headers)
        }
    }

    /// `GET` or `HEAD /annotations/{id}/{pin}`: the annotation; a deleted one is 410.
    func showAnnotation(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        let representation = try Self.representation(request.header("Accept"))
        let base = baseURL(of: request)
        answer(request, on: .readers, { [service] in try service.pin(pinId, of: contentId) }) { request, stored in
            let etag = AnnotationProtocol.etag(of: stored, as: representation)
            if request.header("If-None-Match") == etag {
                return request.respond(304, headers: AnnotationProtocol.annotationHeaders(etag: etag))
            }
            try Self.respond(request, 200, stored, baseURL: base, as: representation)
        }
    }

    /// `POST /annotations/{id}/` with one Annotation: a pin (a reply when its motivation is
    /// `replying` and its target an annotation of the container), its id the `Slug` when
    /// that is a free pin id, else a new one (the body's own `id` is not kept: the server
    /// names it, and the `id` goes to `via`); its `canonical` kept; created at its `created`,
    /// else now; by its `creator`, else the token's name. 201 with `Location` and the
    /// annotation as stored.
    func createAnnotation(_ request: HTTPRequest, contentId: String) {
        let accept = request.header("Accept")
        // RFC 5023's Slug, percent-encoded, and quoted as the protocol's own example sends it.
        let slug = request.header("Slug")?.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).removingPercentEncoding
        let (body, base) = (request.body, baseURL(of: request))
        let author = configuration.tokens.name(of: Self.token(of: request)) ?? "anonymous"
        answer(request, on: .writer, { [service] in
            let representation = try Self.representation(accept)
            let content = try service.content(contentId)
            let id = slug.flatMap { Self.isFree($0, of: contentId, in: service) ? $0 : nil } ?? UUID().uuidString.lowercased()
            let pin = try Self.pin(fromAnnotation: body, id: id, content: content, baseURL: base, author: author, created: Date(),
                                   resolved: false)
            return (try service.create(pin).pin, representation)
        }, refusalHeaders: { [service] in Self.containerETag(service, contentId: contentId, baseURL: base) }) { request, created in
            let (stored, representation) = created
            try Self.respond(request, 201, stored, baseURL: base, as: representation, extra: [
                ("Location", WebAnnotationNames.pinIRI(contentId: contentId, pinId: stored.pin.id, baseURL: base)),
                AnnotationProtocol.containerLink])
        }
    }

    /// `PUT /annotations/{id}/{pin}` with the annotation whole: its text, and for a root its
    /// place and `resolved` (kept when absent), become the pin's (``ReviewService/edit(_:of:_:)``);
    /// its author, date and thread stay, and its `canonical` and `via` once set (a change is a
    /// 409). `If-Match` other than its ETag is a 412; a body whose
    /// `id` is another annotation's, or that makes a root a reply (or the reverse), is a 400.
    func replaceAnnotation(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        let representation = try Self.representation(request.header("Accept"))
        let (body, base, ifMatch) = (request.body, baseURL(of: request), request.header("If-Match"))
        answer(request, on: .writer, { [service] in
            let content = try service.content(contentId)
            let current = try service.pin(pinId, of: contentId)
            try Self.check(ifMatch: ifMatch, current)
            let new = try Self.pin(fromAnnotation: body, id: pinId, content: content, baseURL: base, author: current.pin.authorId,
                                   created: current.pin.createdAt, resolved: current.pin.resolved, replacing: true)
            try Self.checkKept(new, current)
            guard new.isRoot == current.pin.isRoot else {
                throw InputError(source: "request", location: "target", problem: current.pin.isRoot
                    ? "a root annotation stays one: its target is the content, not another annotation"
                    : "a reply stays one: its target is the annotation it replies to")
            }
            return try service.edit(pinId, of: contentId, PinEdit(version: current.version) { pin in
                var pin = pin
                pin.text = new.text
                (pin.canonical, pin.via) = (pin.canonical ?? new.canonical, pin.via ?? new.via)
                if pin.isRoot { (pin.page, pin.relativeX, pin.relativeY, pin.resolved) = (new.page, new.relativeX, new.relativeY, new.resolved) }
                return pin
            })
        }) { request, stored in try Self.respond(request, 200, stored, baseURL: base, as: representation) }
    }

    /// `DELETE /annotations/{id}/{pin}`: 204; a root's replies go with it. `If-Match` other
    /// than its ETag is a 412.
    func deleteAnnotation(_ request: HTTPRequest, contentId: String, pinId: String) {
        let ifMatch = request.header("If-Match")
        answer(request, on: .writer, { [service] in
            let current = try service.pin(pinId, of: contentId)
            try Self.check(ifMatch: ifMatch, current)
            _ = try service.delete(pinId, of: contentId, version: ifMatch == nil ? nil : current.version)
        }) { request, _ in
            request.respond(204, headers: [("Link", "<\(AnnotationProtocol.ldp)Resource>; rel=\"type\"")])
        }
    }

    /// `OPTIONS` on a container or an annotation: its methods, and for a browser's preflight
    /// (on a server with tokens) what it may send. A container's carries its ETag for a
    /// client that may read it (a preflight sends no token: it learns nothing of the content).
    func annotationOptions(_ request: HTTPRequest, contentId: String, container: Bool) {
        let methods = container ? AnnotationProtocol.containerMethods : AnnotationProtocol.annotationMethods
        var headers = [("Allow", methods.joined(separator: ", "))]
        if container { headers.append(("Accept-Post", AnnotationProtocol.mediaType)) }
        if !configuration.tokens.isOpen, request.header("Access-Control-Request-Method") != nil {
            headers += AnnotationProtocol.cors(origin: request.header("Origin"), preflight: true, methods: methods)
        }
        guard container, configuration.tokens.allows(Self.token(of: request), contentId: contentId) else {
            return request.respond(200, body: Data(), type: "text/plain", headers: headers)
        }
        let base = baseURL(of: request)
        answer(request, on: .readers, { [service] in Self.containerETag(service, contentId: contentId, baseURL: base) }) { request, etag in
            request.respond(200, body: Data(), type: "text/plain", headers: headers + etag)
        }
    }

    /// The headers every answer of the protocol's `route` has, set before the answer is known
    /// so that a refusal has them too: a container's `Link` (not a page's), and on a server with tokens the
    /// CORS headers for a browser of another origin.
    func protocolHeaders(_ request: HTTPRequest, _ route: Route) {
        switch route {
        // A page (`?page=`) is not a container.
        case .annotationContainer where request.query["page"] == nil, .createAnnotation, .annotationOptions(_, .none):
            request.addResponseHeaders([AnnotationProtocol.containerLink])
        default: break
        }
        guard !configuration.tokens.isOpen else { return }
        request.addResponseHeaders(AnnotationProtocol.cors(origin: request.header("Origin"), preflight: false, methods: []))
    }

    // MARK: Mapping

    /// An annotation's JSON as a new state of pin `id` of `content`, through the import's
    /// mapping and then the checks of any create (``PinRequest/newPin(_:contentId:at:)``).
    private static func pin(fromAnnotation body: Data, id: String, content: ContentRecord, baseURL: String, author: String,
                            created: Date, resolved: Bool, replacing: Bool = false) throws -> Pin {
        let fields = try PinRequest.object(body, at: "")
        let types: [String] = switch fields["type"] {
        case .text(let type)?: [type]
        case .list(let items)?: items.compactMap { if case .text(let type) = $0 { type } else { nil } }
        default: []
        }
        guard types.contains("Annotation") || types.contains("oa:Annotation") else {
            throw InputError(source: "request", location: "type", problem: """
                needs "Annotation" (a page or collection of them goes to POST /v1/contents/\(content.id)/import)
                """)
        }
        var comment = try WebAnnotationDocument(body, source: "request", baseURL: baseURL).comments[0]
        if replacing, fields["id"] != nil, comment.id != id {
            throw InputError(source: "request", location: "id", problem: "\"\(Route.shown(comment.id))\" is not this annotation (\(id))")
        }
        // The protocol's POST: the server names the annotation, and the IRI it had goes to `via`.
        if !replacing, case .text(let given)? = fields["id"], AbsoluteIRI.isValid(given) { comment.via = given }
        comment.id = id
        comment.location = "annotation"
        if comment.author.isEmpty { comment.author = author }
        if comment.resolved == nil { comment.resolved = resolved }
        let pages = content.pages.map { PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: $0.width, height: $0.height)) }
        let mapped = try CommentImport(source: "request", contentId: content.id, pages: pages).pin(from: comment, created: created).pin
        let wire = try JSONEncoder().encode(WirePin(mapped))
        return try PinRequest.newPin(try PinRequest.object(wire, at: ""), contentId: content.id, at: "")
    }

    /// Whether `id` is a pin id no pin (live or deleted) of the content has: a `Slug` to honour.
    private static func isFree(_ id: String, of contentId: String, in service: ReviewService) -> Bool {
        guard WireIdentifier.isValid(id) else { return false }
        do {
            _ = try service.pin(id, of: contentId)
            return false
        } catch .unknownPin {
            return true
        } catch {
            return false
        }
    }

    /// Throws 409 when a PUT changes the annotation's `canonical` or `via`, which the protocol
    /// keeps once set (leaving one out keeps it; one not set yet is taken).
    private static func checkKept(_ new: Pin, _ current: StoredPin) throws {
        for (name, given, kept) in [("canonical", new.canonical, current.pin.canonical), ("via", new.via, current.pin.via)] {
            if let given, let kept, given != kept {
                throw ServiceError(status: 409, message: """
                    \(name): "\(given.prefix(100))" is not the annotation's, "\(kept.prefix(100))": canonical and via stay as they were first set (send them unchanged or leave them out)
                    """, current: current)
            }
        }
    }

    /// The `ETag` of the container of `contentId` as a GET without preferences answers it, for
    /// its refusals and OPTIONS; none when the content is unknown or the store cannot be read.
    private static func containerETag(_ service: ReviewService, contentId: String, baseURL: String) -> [(String, String)] {
        guard let pins = try? service.pins(of: contentId).pins.map(\.pin),
              let container = try? AnnotationContainer(contentId: contentId, baseURL: baseURL, live: pins),
              let body = try? WebAnnotationDocument.json(container.container(iris: false, minimal: false)) else { return [] }
        return [("ETag", AnnotationContainer.etag(of: body))]
    }

    /// Throws 412 unless `If-Match` is absent, `*`, or names the annotation's ETag.
    private static func check(ifMatch: String?, _ current: StoredPin) throws {
        guard let ifMatch else { return }
        let etag = AnnotationProtocol.etag(of: current)
        let tags = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard tags.contains("*") || tags.contains(etag) || tags.contains(AnnotationProtocol.etag(of: current, as: .turtle)) else {
            throw ServiceError(status: 412, message: """
                If-Match: \(ifMatch.prefix(100)) is not the annotation's ETag, \(etag): it changed since; GET it again
                """)
        }
    }

    /// The representation the client's `Accept` asks for; 406 when it takes neither.
    private static func representation(_ accept: String?) throws -> AnnotationProtocol.Representation {
        guard let representation = AnnotationProtocol.representation(for: accept) else {
            throw ServiceError(status: 406, message: "Accept: \(accept?.prefix(100) ?? "") takes neither application/ld+json nor text/turtle, the representations served")
        }
        return representation
    }

    /// Answers an annotation as `representation`, with its headers.
    private static func respond(_ request: HTTPRequest, _ status: Int, _ stored: StoredPin, baseURL: String,
                                as representation: AnnotationProtocol.Representation, extra: [(String, String)] = []) throws {
        var object = try WebAnnotationDocument.object(of: stored.pin, contentId: stored.pin.contentId, baseURL: baseURL)
        object["@context"] = WebAnnotationDocument.context
        request.respond(status, body: try representation.body(WebAnnotationDocument.json(object)), type: representation.mediaType,
                        headers: AnnotationProtocol.annotationHeaders(etag: AnnotationProtocol.etag(of: stored, as: representation)) + extra)
    }
}

/// A representation of a container or of one of its pages, and its IRI (`Content-Location`).
private struct ContainerAnswer: Sendable {
    var body: Data
    /// Its `Content-Type`.
    var type: String
    var location: String
    var isPage: Bool
}
