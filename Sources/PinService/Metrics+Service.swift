extension Metrics {
    /// Request latency bounds, in seconds: 1 ms to 10 s.
    static let latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    static let requests = Name(name: "pinrender_http_requests_total", kind: .counter,
                               help: "Requests answered, by route template, method and status.",
                               labels: ["route", "method", "status"])
    static let requestSeconds = Name(name: "pinrender_http_request_duration_seconds", kind: .histogram,
                                     help: "Seconds from a request's headers to the end of its answer, by route template.",
                                     labels: ["route"], buckets: latencyBuckets)
    static let eventClients = Name(name: "pinrender_event_clients", kind: .gauge,
                                   help: "Clients connected to the events WebSocket.")
    static let eventsSent = Name(name: "pinrender_events_sent_total", kind: .counter,
                                 help: "Events sent to events clients (replayed and live, heartbeats included).")
    static let renderQueue = Name(name: "pinrender_render_queue_depth", kind: .gauge,
                                  help: "Renders waiting or running.")
    static let rendersRunning = Name(name: "pinrender_renders_running", kind: .gauge,
                                     help: "Render workers running a render or an upload check.")
    static let renderSeconds = Name(name: "pinrender_render_duration_seconds", kind: .histogram,
                                    help: "Seconds one render, upload check or import took in its worker, by kind (render, check, import).",
                                    labels: ["kind"], buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120])
    static let storeSeconds = Name(name: "pinrender_store_operation_seconds", kind: .histogram,
                                   help: "Seconds one store operation took, by kind (read, write: a whole transaction).",
                                   labels: ["kind"], buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1])

    /// The service's families, in the order `/metrics` writes them.
    static let service = [requests, requestSeconds, eventClients, eventsSent, renderQueue, rendersRunning, renderSeconds, storeSeconds]
}
