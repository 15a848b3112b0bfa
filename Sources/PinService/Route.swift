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
        default:
            throw ServiceError(status: 404, message: "no such path: \(path.prefix(200)) (see /v1/openapi.json)")
        }
    }

    /// The role the route needs and the content it concerns (nil: none, or named in the body).
    var access: (role: AccessTokens.Role, contentId: String?)? {
        switch self {
        case .page, .health, .healthz, .readyz, .metrics, .openAPI: return nil
        case .listContents: return (.read, nil)
        case .sync: return (.comment, nil)
        case .upload(let id): return (.admin, id)
        case .createPin(let id), .editPin(let id, _), .deletePin(let id, _): return (.comment, id)
        case .content(let id), .listPins(let id), .pin(let id, _), .changes(let id), .render(let id, _), .events(let id),
             .viewport(let id):
            return (.read, id)
        }
    }

    /// The largest body the route takes (0: none).
    func bodyLimit(_ limits: ServiceConfiguration) -> Int {
        switch self {
        case .upload: return limits.maxUpload
        case .createPin, .editPin, .sync: return limits.maxJSON
        default: return 0
        }
    }

    /// The media types the route's body may be sent as (none: it takes no body). Writes need
    /// one of them, so that a page of another site cannot make a browser send one: the types a
    /// form or a plain `fetch` sends without asking the server first (`text/plain`, forms) are
    /// never among them.
    var bodyTypes: [String] {
        switch self {
        case .upload: return ["application/pdf", "image/png", "image/jpeg"]
        case .createPin, .editPin, .sync: return ["application/json"]
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
