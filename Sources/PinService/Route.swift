import PinRender
import PinRenderCore

/// What a request asks for, from its method and path; what role it needs, on which content.
enum Route: Equatable {
    /// `GET /`: the live page (``LivePage``).
    case page
    case health
    /// `GET /healthz`: liveness, the loop answers.
    case healthz
    /// `GET /readyz`: readiness, the server takes work.
    case readyz
    /// `GET /metrics`: Prometheus' text format.
    case metrics
    case openAPI
    case listContents
    case content(String)
    case upload(String)
    case listPins(String)
    case createPin(String)
    case pin(String, String)
    case editPin(String, String)
    case deletePin(String, String)
    case changes(String)
    case sync
    case render(String, format: String)
    /// `GET /v1/contents/{id}/viewport`: where a device render puts the page.
    case viewport(String)
    case events(String)
    /// `POST /v1/contents/{id}/import`: a PDF's comments, an XFDF or a W3C document as pins.
    case importComments(String)
    /// `GET /v1/contents/{id}/pins.xfdf`, `.../pins.jsonld`: the pins as `pinrender export` writes them.
    case exportPins(String, format: InterchangeFormat)
    /// `POST /v1/contents/{id}/revisions`: a new revision of the document, the pins carried to it.
    case uploadRevision(String)
    /// `GET /v1/contents/{id}/revisions`: the revisions, oldest first.
    case listRevisions(String)
    /// `GET /v1/contents/{id}/revisions/{n}`: one revision and its carry report.
    case revision(String, Int)
    /// `GET` or `HEAD /annotations/{id}/`: the W3C Web Annotation Protocol's container of a content.
    case annotationContainer(String)
    /// `POST /annotations/{id}/`: an annotation created.
    case createAnnotation(String)
    /// `GET` or `HEAD /annotations/{id}/{pin}`: one annotation.
    case annotation(String, String)
    /// `PUT /annotations/{id}/{pin}`: an annotation replaced.
    case replaceAnnotation(String, String)
    /// `DELETE /annotations/{id}/{pin}`.
    case deleteAnnotation(String, String)
    /// `OPTIONS` on a container (pin nil) or an annotation: its methods, and a browser's
    /// CORS preflight.
    case annotationOptions(String, String?)

    /// The route of `method` and `path` as the client wrote it (percent-encoded: each segment
    /// is decoded after the split, so `a%2Fb` is one segment); throws 404 for an unknown path,
    /// 405 for a method the path does not take, 400 for a content or pin id that cannot be one.
    init(method: String, path: String) throws(ServiceError) {
        var parts: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let part = segment.removingPercentEncoding else {
                throw ServiceError(status: 400, message: "path: \(path.prefix(200)) has a %-escape that is not UTF-8 text")
            }
            parts.append(part)
        }
        func only(_ allowed: String..., route: Route) throws(ServiceError) -> Route {
            guard allowed.contains(method) || (method == "HEAD" && allowed.contains("GET")) else {
                throw ServiceError(status: 405, message: "\(path) takes \(allowed.joined(separator: ", ")), not \(method)",
                                   headers: [("Allow", (allowed + (allowed.contains("GET") ? ["HEAD"] : [])).joined(separator: ", "))])
            }
            return route
        }
        switch parts.count {
        case 1 where parts[0] == "":
            self = try only("GET", route: .page)
            return
        case 1 where parts[0] == "health":
            self = try only("GET", route: .health)
            return
        case 1 where parts[0] == "healthz":
            self = try only("GET", route: .healthz)
            return
        case 1 where parts[0] == "readyz":
            self = try only("GET", route: .readyz)
            return
        case 1 where parts[0] == "metrics":
            self = try only("GET", route: .metrics)
            return
        case 2 where parts == ["v1", "openapi.json"]:
            self = try only("GET", route: .openAPI)
            return
        case 2 where parts == ["v1", "contents"]:
            self = try only("GET", route: .listContents)
            return
        case 2 where parts == ["v1", "sync"]:
            self = try only("POST", route: .sync)
            return
        default: break
        }
        if parts.first == "annotations", parts.count >= 2 {
            self = try Self.annotations(method: method, path: path, parts: Array(parts.dropFirst()))
            return
        }
        guard parts.count >= 3, parts.count <= 5, parts[0] == "v1", parts[1] == "contents" else {
            throw ServiceError(status: 404, message: "no such path: \(path.prefix(200)) (see /v1/openapi.json)")
        }
        let id = parts[2]
        try Self.check(contentId: id)
        switch (parts.count, parts.count > 3 ? parts[3] : "") {
        case (3, _):
            self = method == "PUT" ? .upload(id) : try only("GET", "PUT", route: .content(id))
        case (4, "pins"):
            self = method == "POST" ? .createPin(id) : try only("GET", "POST", route: .listPins(id))
        case (5, "pins"):
            let pinId = parts[4]
            try Self.check(pinId: pinId)
            switch method {
            case "PATCH": self = .editPin(id, pinId)
            case "DELETE": self = .deletePin(id, pinId)
            default: self = try only("GET", "PATCH", "DELETE", route: .pin(id, pinId))
            }
        case (4, "changes"): self = try only("GET", route: .changes(id))
        case (4, "events"): self = try only("GET", route: .events(id))
        case (4, "render.png"): self = try only("GET", route: .render(id, format: "png"))
        case (4, "render.pdf"): self = try only("GET", route: .render(id, format: "pdf"))
        case (4, "viewport"): self = try only("GET", route: .viewport(id))
        case (4, "import"): self = try only("POST", route: .importComments(id))
        case (4, "pins.xfdf"): self = try only("GET", route: .exportPins(id, format: .xfdf))
        case (4, "pins.jsonld"): self = try only("GET", route: .exportPins(id, format: .w3c))
        case (4, "revisions"):
            self = method == "POST" ? .uploadRevision(id) : try only("GET", "POST", route: .listRevisions(id))
        case (5, "revisions"):
            guard let number = Int(parts[4]), number >= 1, String(number) == parts[4] else {
                throw ServiceError(status: 404, message: "no such path: \(path.prefix(200)) (a revision is a number from 1)")
            }
            self = try only("GET", route: .revision(id, number))
        default:
            throw ServiceError(status: 404, message: "no such path: \(path.prefix(200)) (see /v1/openapi.json)")
        }
    }

    /// The protocol's routes under `/annotations/`: `{id}/` (a container's IRI ends with a
    /// slash; without it, 308 to it) and `{id}/{pin}`; the methods each takes (`Allow`,
    /// ``AnnotationProtocol``).
    private static func annotations(method: String, path: String, parts: [String]) throws(ServiceError) -> Route {
        let id = parts[0]
        try check(contentId: id)
        let allowed: [String]
        switch parts.count {
        case 1:
            throw ServiceError(status: 308, message: "an annotation container's IRI ends with a slash: \(path.prefix(200))/",
                               headers: [("Location", "/annotations/\(id)/")])
        case 2 where parts[1].isEmpty:
            allowed = AnnotationProtocol.containerMethods
            switch method {
            case "GET", "HEAD": return .annotationContainer(id)
            case "POST": return .createAnnotation(id)
            case "OPTIONS": return .annotationOptions(id, nil)
            default: break
            }
        case 2:
            let pinId = parts[1]
            try check(pinId: pinId)
            allowed = AnnotationProtocol.annotationMethods
            switch method {
            case "GET", "HEAD": return .annotation(id, pinId)
            case "PUT": return .replaceAnnotation(id, pinId)
            case "DELETE": return .deleteAnnotation(id, pinId)
            case "OPTIONS": return .annotationOptions(id, pinId)
            default: break
            }
        default:
            throw ServiceError(status: 404, message: "no such path: \(path.prefix(200)) (see /v1/openapi.json)")
        }
        throw ServiceError(status: 405, message: "\(path.prefix(200)) takes \(allowed.joined(separator: ", ")), not \(method)",
                           headers: [("Allow", allowed.joined(separator: ", "))])
    }

    /// Whether the route is one of the W3C Web Annotation Protocol's (CORS is granted there).
    var isAnnotationProtocol: Bool {
        switch self {
        case .annotationContainer, .createAnnotation, .annotation, .replaceAnnotation, .deleteAnnotation, .annotationOptions: true
        default: false
        }
    }

    /// The role the route needs and the content it concerns (nil: none, or named in the body).
    var access: (role: AccessTokens.Role, contentId: String?)? {
        switch self {
        case .page, .health, .healthz, .readyz, .metrics, .openAPI, .annotationOptions: return nil
        case .listContents: return (.read, nil)
        case .sync: return (.comment, nil)
        case .upload(let id), .uploadRevision(let id): return (.admin, id)
        case .createPin(let id), .editPin(let id, _), .deletePin(let id, _), .importComments(let id), .createAnnotation(let id),
             .replaceAnnotation(let id, _), .deleteAnnotation(let id, _):
            return (.comment, id)
        case .content(let id), .listPins(let id), .pin(let id, _), .changes(let id), .render(let id, _), .events(let id),
             .viewport(let id), .exportPins(let id, _), .annotationContainer(let id), .annotation(let id, _),
             .listRevisions(let id), .revision(let id, _):
            return (.read, id)
        }
    }

    /// The largest body the route takes (0: none).
    func bodyLimit(_ limits: ServiceConfiguration) -> Int {
        switch self {
        case .upload, .uploadRevision, .importComments: return limits.maxUpload
        case .createPin, .editPin, .sync, .createAnnotation, .replaceAnnotation: return limits.maxJSON
        default: return 0
        }
    }

    /// The media types the route's body may be sent as (none: it takes no body). Writes need
    /// one of them, so that a page of another site cannot make a browser send one: the types a
    /// form or a plain `fetch` sends without asking the server first (`text/plain`, forms) are
    /// never among them.
    var bodyTypes: [String] {
        switch self {
        case .upload, .uploadRevision: return ["application/pdf", "image/png", "image/jpeg"]
        case .createPin, .editPin, .sync: return ["application/json"]
        case .importComments: return InterchangeTypes.accepted
        case .createAnnotation, .replaceAnnotation: return ["application/ld+json", "application/json"]
        default: return []
        }
    }

    /// Whether the route takes the token as `?access_token=` too: the ones a browser reaches
    /// without headers, the events WebSocket and the renders (an image).
    var takesQueryToken: Bool {
        switch self {
        case .events, .render: return true
        default: return false
        }
    }


    /// A refused id as a message shows it: its first 100 characters without control
    /// characters (a NUL would end the text in a PostgreSQL column, where sync refusals are kept).
    static func shown(_ id: String) -> String {
        PinSource.printable(String(id.prefix(100)))
    }

    /// Throws 400 unless `id` is a content id (``WireIdentifier``: a content id names a file
    /// on the server, a pin id is a segment of a URL as it is).
    static func check(contentId id: String) throws(ServiceError) {
        guard WireIdentifier.isValid(id) else {
            throw ServiceError(status: 400, message: "contentId: \"\(shown(id))\" is not a content id (\(WireIdentifier.rule))")
        }
    }

    /// Throws 400 unless the URL's `id` is a pin id (``WireIdentifier``).
    static func check(pinId id: String) throws(ServiceError) {
        guard WireIdentifier.isValid(id) else {
            throw ServiceError(status: 400, message: "pinId: \"\(shown(id))\" is not a pin id (\(WireIdentifier.rule))")
        }
    }
}
