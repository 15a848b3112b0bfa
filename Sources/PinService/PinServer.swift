import Foundation
import PinPlatform
import PinRender
import PinRenderCore
import PinServiceCore

/// The pin service: the HTTP API and the events WebSocket on libsoup's server over the
/// operations of a ``ReviewService`` (PinServiceCore), renders by ``RenderService``. The
/// handlers only decode requests, call the service and encode answers; errors become
/// answers in one place (``ServiceError``). The GLib main loop's thread moves the bytes;
/// the store's work of a request runs off it (``StoreQueues``: one writer, readers side by
/// side), and so do renders.
///
///     var configuration = ServiceConfiguration(dataDirectory: URL(fileURLWithPath: "data"))
///     configuration.port = 0
///     let server = try PinServer(configuration)
///     print("listening on", try server.start())
///     MainLoop().run()
public final class PinServer {
    public let configuration: ServiceConfiguration
    /// The operations, on the store.
    public let service: ReviewService
    let hub = EventHub()
    let renders: RenderService
    /// The JSON of each content's live pins, with the seq of its last change.
    let pinLists = PinListCache()
    /// Where the store's work of requests runs.
    let stores: StoreQueues
    /// The last change sent to the event hub: the heartbeats' cursor (loop thread only).
    var published = 0
    /// On PostgreSQL, the connection that hears the other servers' commits.
    var listener: PostgresListener?
    /// Whether ``publishCommittedSoon()`` has a reading scheduled, whether ``publishCommitted()``
    /// is reading, and whether another reading was asked for meanwhile (loop thread only).
    var publishScheduled = false
    var publishReading = false
    var publishAgain = false
    /// Held by tests: each of those readings waits for it (``TestGate``).
    let publishGate = TestGate("PINRENDER_TEST_PUBLISH_GATE")
    /// Held by tests: each revision's carry waits for it between reading the pins and
    /// carrying them (``TestGate``), so that a test edits pins while a carry runs.
    let carryGate = TestGate("PINRENDER_TEST_CARRY_GATE")
    var http: SoupHTTPServer?
    /// What the server measured, for `GET /metrics`.
    let metrics = Metrics(Metrics.service)
    /// The requests in flight, for the access log, the metrics and the drain.
    let inFlight: InFlightRequests
    /// The drain under way since SIGTERM; nil before (loop thread only).
    var drain: Drain?

    /// Opens the store; nothing listens before ``start()``.
    public init(_ configuration: ServiceConfiguration) throws {
        if configuration.tokens.isOpen && !configuration.isLoopback {
            throw ServiceError(status: 500, message: "--tokens FILE is needed to listen on \(configuration.host): without it anyone may do anything, which is allowed on loopback only")
        }
        self.configuration = configuration
        let store: PinStore
        do {
            store = try PinStore(directory: configuration.dataDirectory, postgres: configuration.postgres)
        } catch let error as StoreUnavailable {
            throw ServiceError(status: 503, message: error.message)
        }
        let relay = CommitRelay()
        var limits = ReviewService.Limits()
        limits.maxSyncChanges = configuration.maxSyncChanges
        service = ReviewService(store: store, limits: limits) { relay.deliver($0) }
        stores = StoreQueues(store: store, gate: TestGate("PINRENDER_TEST_WRITE_GATE"))
        renders = try RenderService(configuration)
        inFlight = InFlightRequests(log: try AccessLog(path: configuration.accessLog), metrics: metrics)
        let metrics = metrics
        store.timed = { kind, took in metrics.observe(Metrics.storeSeconds, ["kind": kind], took.seconds) }
        renders.metrics = metrics
        relay.server = self
    }

    /// The store of the service's contents and pins.
    public var store: PinStore { service.store }

    /// Listens and returns the port; call on the thread that will run the main loop.
    public func start() throws -> Int {
        HeapPolicy.returnLargeBlocks()
        let port: Int
        do throws(HTTPFailure) {
            let descriptors = FileLimit.raise()
            let setting = "--max-connections"
            let limits = HTTPConnections.Limits(
                maximum: try FileLimit.maximumConnections(requested: configuration.maxConnections, setting: setting,
                                                          descriptors: descriptors),
                headerSeconds: configuration.headerTimeout, idleSeconds: configuration.idleTimeout, setting: "serve \(setting)")
            let server = try SoupHTTPServer(handlers: .init(
                early: { [unowned self] in early($0) },
                handle: { [unowned self] in handle($0) },
                // Its connection taken from libsoup, the handshake gets no end from it: it ends here.
                websocket: { [unowned self] in
                    inFlight.ended($0)
                    openEvents($0, connection: $1)
                },
                webSocketLimits: .init(backlog: configuration.eventBacklog),
                finished: { [unowned self] in inFlight.ended($0) }), limits: limits, log: { line in
                    FileHandle.standardError.write(Data("pinrender serve: \(line)\n".utf8))
                })
            port = try server.listen(host: configuration.host, port: configuration.port)
            http = server
        } catch {
            throw ServiceError(error)
        }
        published = try store.lastSeq()
        if store.isShared { try listen() }
        MainLoop.every(seconds: configuration.heartbeatSeconds) { [unowned self] in
            if store.isShared {
                if listener?.isListening != true { try? listen() }
                publishCommitted()
            }
            // What was sent, not the store's last seq (read by no one here, on the loop): another
            // server may have committed since, and a client resuming from the cursor must get that.
            hub.heartbeat(cursor: published)
        }
        return port
    }

    // MARK: Requests

    /// Headers read, body not yet: the route, the token and the announced length decide
    /// now whether the body is wanted. An answer set here goes before the body is read, and
    /// the connection is closed (``SoupHTTPServer``); an upload's body goes to a file as it
    /// comes, the others (JSON, within their limit) to memory.
    private func early(_ request: HTTPRequest) {
        inFlight.arrived(request, route: (try? Route(method: request.method, path: request.path))?.template ?? Route.unmatched,
                         token: configuration.tokens.name(of: Self.token(of: request)))
        do {
            let route = try Route(method: request.method, path: request.path)
            if route.isAnnotationProtocol { protocolHeaders(request, route) }
            try authorize(request, route)
            let limit = route.bodyLimit(configuration)
            if limit == 0 {
                if request.hasBody {
                    throw ServiceError(status: 413, message: "\(request.method) \(request.path.prefix(200)) takes no body")
                }
            } else {
                guard let length = request.announcedLength else {
                    throw ServiceError(status: 411, message: "send the body with a Content-Length (at most \(limit) bytes)")
                }
                if length > limit {
                    throw ServiceError(status: 413, message: "the body has \(length) bytes; the most is \(limit)")
                }
            }
            if case .upload(let id) = route {
                try request.streamBody(into: store.contentsDirectory, name: id)
            }
            if case .importComments(let id) = route {
                try request.streamBody(into: store.contentsDirectory, name: id + ".import")
            }
            if case .uploadRevision(let id) = route {
                try request.streamBody(into: store.contentsDirectory, name: id + ".revision")
            }
        } catch {
            request.fail(ServiceError(error))
        }
        // Answered before its body, on a connection taken from libsoup (SoupHTTPServer): no
        // end comes from libsoup.
        if request.status != 0 && request.hasBody { inFlight.ended(request) }
    }

    private func handle(_ request: HTTPRequest) {
        do {
            let route = try Route(method: request.method, path: request.path)
            if route.isAnnotationProtocol { protocolHeaders(request, route) }
            try authorize(request, route)
            if drain != nil { try refuseWhileDraining(request, route) }
            switch route {
            case .page:
                request.respond(200, body: Data(LivePage.html.utf8), type: "text/html; charset=utf-8", headers: LivePage.headers)
            case .health:
                answer(request, on: .writer, { [service] in Self.probe(service.store) }) { [unowned self] request, probe in
                    let health = health(probe)
                    request.respond(health.status == "ok" ? 200 : 503, json: health)
                }
            case .healthz: request.respond(200, body: Data("ok\n".utf8), type: "text/plain; charset=utf-8")
            case .readyz:
                answer(request, on: .writer, { [service] in Self.probe(service.store) }) { [unowned self] request, probe in
                    readiness(request, probe)
                }
            case .metrics: request.respond(200, body: Data(metricsText().utf8), type: MetricsText.contentType)
            case .openAPI:
                request.respond(200, body: Data(OpenAPIDocument.json.utf8))
            case .listContents:
                let (token, tokens) = (Self.token(of: request), configuration.tokens)
                answer(request, on: .readers, { [service] in
                    try service.contents().filter { tokens.allows(token, contentId: $0.id) }
                }) { [renders] request, contents in request.respond(200, json: ["contents": contents.map(renders.counted)]) }
            case .content(let id):
                let link = AnnotationProtocol.serviceLink(baseURL: baseURL(of: request), contentId: id)
                answer(request, on: .readers, { [service] in try service.content(id) }) { [renders] request, content in
                    request.respond(200, json: renders.counted(content), headers: [link])
                }
            case .upload(let id): try upload(request, contentId: id)
            case .listPins(let id): listPins(request, contentId: id)
            case .createPin(let id): createPin(request, contentId: id)
            case .pin(let id, let pinId): showPin(request, contentId: id, pinId: pinId)
            case .editPin(let id, let pinId): editPin(request, contentId: id, pinId: pinId)
            case .deletePin(let id, let pinId): try deletePin(request, contentId: id, pinId: pinId)
            case .changes(let id): try changes(request, contentId: id)
            case .sync: sync(request)
            case .render(let id, let format): try render(request, contentId: id, format: format)
            case .viewport(let id): try viewport(request, contentId: id)
            case .importComments(let id): try importComments(request, contentId: id)
            case .exportPins(let id, let format): exportPins(request, contentId: id, format: format)
            case .uploadRevision(let id): try uploadRevision(request, contentId: id)
            case .listRevisions(let id):
                answer(request, on: .readers, { [service] in try service.revisions(of: id) }) { request, revisions in
                    request.respond(200, json: ["revisions": revisions])
                }
            case .revision(let id, let number): showRevision(request, contentId: id, number: number)
            case .annotationContainer(let id): annotationContainer(request, contentId: id)
            case .createAnnotation(let id): createAnnotation(request, contentId: id)
            case .annotation(let id, let pinId): try showAnnotation(request, contentId: id, pinId: pinId)
            case .replaceAnnotation(let id, let pinId): try replaceAnnotation(request, contentId: id, pinId: pinId)
            case .deleteAnnotation(let id, let pinId): deleteAnnotation(request, contentId: id, pinId: pinId)
            case .annotationOptions(let id, let pinId): annotationOptions(request, contentId: id, container: pinId == nil)
            case .events(let id):
                // Left without a status: libsoup answers the WebSocket handshake (or refuses
                // a request that is not one), then calls openEvents.
                try service.requireContent(id)
                try service.check(cursor: try QueryOptions.parse(request.query, as: .events).since, named: "since")
            }
        } catch {
            request.fail(ServiceError(error))
        }
    }

    /// `GET /health`: `ok` (200) while the store takes writes, else 503 with
    /// ``StoreUnavailable/Reason`` (`store-lost`, `store-unwritable`) and the problem.
    private struct Health: Encodable {
        var status: String
        var problem: String?
        /// The last change's seq; absent when the store cannot be read.
        var seq: Int?
        var eventClients: Int
        var resyncClosed: Int
        var rendersQueued: Int
    }

    /// What a write to the store (``PinStore/probe()``) found, with its last seq: a store that
    /// takes no writes answers no change, however well the rest runs.
    struct Probe: Sendable {
        var seq: Int?
        var failure: StoreUnavailable?
        var problem: String?
    }

    /// Probes the store (on its writer).
    static func probe(_ store: PinStore) -> Probe {
        var probe = Probe(seq: try? store.lastSeq())
        do {
            try store.probe()
        } catch {
            probe.failure = error as? StoreUnavailable
            probe.problem = probe.failure?.message ?? ServiceError(error).message
        }
        return probe
    }

    /// The server's health: the store's probe and the loop's counts.
    private func health(_ probe: Probe) -> Health {
        var health = Health(status: "ok", seq: probe.seq, eventClients: hub.count,
                            resyncClosed: hub.resyncClosed, rendersQueued: renders.queued)
        if let problem = probe.problem {
            health.status = (probe.failure?.reason ?? .unwritable).rawValue
            health.problem = problem
        }
        return health
    }

    private func authorize(_ request: HTTPRequest, _ route: Route) throws(ServiceError) {
        try RequestPolicy(configuration).check(request, route)
        guard let (role, contentId) = route.access else { return }
        try configuration.tokens.check(Self.token(of: request), role: role, contentId: contentId)
    }

    /// The bearer token: the Authorization header, or `access_token` in the query (a
    /// browser's WebSocket or image cannot send headers). Never logged.
    static func token(of request: HTTPRequest) -> String? {
        if let header = request.header("Authorization"), header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return request.query["access_token"]
    }

    /// Sends the events of a committed change to its content's clients. On a shared store
    /// the changes are read back from the database with those other servers committed before
    /// them, so every client gets them in order (``publishCommitted()``).
    fileprivate func publish(_ change: CommittedChange) {
        if store.isShared {
            publishCommittedSoon()
        } else {
            hub.publish(change.pins.map { PinEvent($0, previous: change.previous) })
            published = max(published, change.pins.map(\.seq).max() ?? published)
        }
    }
}

/// Hands the service's committed changes to the server (made after the service, and set
/// before the loop runs) on the loop thread: called on the writer's thread in commit order,
/// the loop publishes them in that order, all those that came meanwhile at once (a sync
/// step's commit brings up to ``StoreQueues/batchStep`` of them).
private final class CommitRelay: @unchecked Sendable {
    weak var server: PinServer?
    private let lock = NSLock()
    /// The changes not yet handed over, in commit order (under ``lock``).
    private var waiting: [CommittedChange] = []

    func deliver(_ change: CommittedChange) {
        let first = lock.withLock {
            waiting.append(change)
            return waiting.count == 1
        }
        guard first else { return }
        MainLoop.perform { [self] in
            let changes = lock.withLock {
                defer { waiting = [] }
                return waiting
            }
            changes.forEach { server?.publish($0) }
        }
    }
}
