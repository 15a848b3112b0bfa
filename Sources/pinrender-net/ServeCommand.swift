import Foundation
import PinCommandLine
import PinPlatform
import PinRender
import PinRenderCore
import PinService
import PinServiceCore

/// What `pinrender serve` is asked to do.
struct ServeOptions: Sendable {
    var data = "pinrender-data"
    var postgres: String?
    var host = "127.0.0.1"
    var port = 8080
    var tokens: String?
    var demo = false
    var maxUpload = 64 << 20
    var heartbeat = 15
    var eventBacklog = 1 << 20
    var renderMaxMemory = 1 << 30
    var renderTimeout = 120.0
    var renderWorkers = 2
    var renderQueue = 16
    var renderCache = 64 << 20
    var maxConnections: Int?
    var headerTimeout = 30
    var idleTimeout = 60
    var drainTimeout = 30
    var accessLog: String?
    var logLevel = ServiceLog.Level.info
}

/// `pinrender serve`: the pin service (REST API, events WebSocket, renders) until SIGINT or
/// SIGTERM.
enum ServeCommand: Command {
    static let parser = OptionParser<ServeOptions>(command: "serve", groups: [
        OptionGroup(title: "OPTIONS", options: [
            Option("--data", value: "DIR", help: "the database (pins.db) and the uploaded files (default ./pinrender-data)",
                   isPath: true) { text, options in options.data = text },
            Option("--db", value: "URI", help: """
                the contents and pins in PostgreSQL (postgresql://user@host/db) instead of
                DIR/pins.db; several servers may share it (and --data DIR)
                """) { text, options in
                guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else {
                    throw OptionProblem.predicate("needs a postgresql:// URI")
                }
                options.postgres = text
            },
            Option("--listen", value: "HOST:PORT", help: """
                the IP address and port (default 127.0.0.1:8080; port 0: any free one,
                printed); beyond loopback only with --tokens
                """) { text, options in
                guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
                      (0...65535).contains(port), colon > text.startIndex else {
                    throw OptionProblem.predicate("needs HOST:PORT, e.g. 127.0.0.1:8080")
                }
                let host = String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
                options.host = host == "localhost" ? "127.0.0.1" : host
                options.port = port
            },
            Option("--tokens", value: "FILE", help: """
                bearer tokens: {"tokens": [{"token", "contents": ["plan-*"],
                "role": "read|comment|admin"}]}; without it anyone on this machine may do
                anything (and the server listens on loopback only)
                """, isPath: true) { text, options in options.tokens = text },
            Option("--demo", help: "load the samples' floor plan, photo and screenshot with their pins") { _, options in
                options.demo = true
            },
            Option("--max-upload", value: "BYTES", help: "the largest upload (default 67108864, 64 MiB)") { text, options in
                options.maxUpload = try OptionValue.whole(text, needs: "a number of bytes from 1") { $0 >= 1 }
            },
            Option("--heartbeat", value: "SECONDS", help: "seconds between heartbeat events (default 15)") { text, options in
                options.heartbeat = try OptionValue.whole(text, needs: "a whole number of seconds from 1") { $0 >= 1 }
            },
            Option("--event-backlog", value: "BYTES",
                   help: "unread event bytes before a client is closed to resync (default 1 MiB)") { text, options in
                options.eventBacklog = try OptionValue.whole(text, needs: "a number of bytes from 1024") { $0 >= 1024 }
            },
            Option("--render-max-memory", value: "BYTES", help: """
                the most memory one render or upload check may take (its worker process's,
                resident); past it, a 422 naming the limit (default 1073741824, 1 GiB)
                """) { text, options in
                options.renderMaxMemory = try OptionValue.whole(text, needs: "a number of bytes, at least 64 MiB (67108864)") { $0 >= 1 << 26 }
            },
            Option("--render-timeout", value: "SECONDS", help: """
                the most one render or upload check may take; past it, a 422 naming the
                limit (default 120)
                """) { text, options in
                options.renderTimeout = try OptionValue.number(text, needs: "seconds, e.g. 60") { $0 > 0 && $0 <= 3600 }
            },
            Option("--render-workers", value: "N", help: """
                render worker processes drawing side by side, each one render at a time
                (default 2); 0 with --db: workers started elsewhere take them (render-worker --db)
                """) { text, options in
                options.renderWorkers = try OptionValue.whole(text, needs: "a number of workers from 0 to 64") { (0...64).contains($0) }
            },
            Option("--render-queue", value: "N", help: """
                renders that may wait for a worker; past it, a 503 with Retry-After (default 16)
                """) { text, options in
                options.renderQueue = try OptionValue.whole(text, needs: "a number of renders from 0") { $0 >= 0 }
            },
            Option("--render-cache", value: "BYTES", help: """
                rendered answers kept for identical requests, the least recently used dropped
                past it (default 67108864, 64 MiB; 0 keeps none)
                """) { text, options in
                options.renderCache = try OptionValue.whole(text, needs: "a number of bytes from 0") { $0 >= 0 }
            },
            Option("--max-connections", value: "N", help: """
                connections open at once; past it a new one is answered 503 and closed (default:
                what the file limit allows, 2 descriptors each past 64, at most 1024)
                """) { text, options in
                options.maxConnections = try OptionValue.whole(text, needs: "a number of connections from 1") { $0 >= 1 }
            },
            Option("--header-timeout", value: "SECONDS", help: """
                seconds to send a request's headers, from connecting or from the request's first
                byte; then 408 and closed (default 30)
                """) { text, options in
                options.headerTimeout = try OptionValue.whole(text, needs: "a whole number of seconds from 1") { $0 >= 1 }
            },
            Option("--idle-timeout", value: "SECONDS",
                   help: "seconds a kept connection waits for its next request before it is closed (default 60)") { text, options in
                options.idleTimeout = try OptionValue.whole(text, needs: "a whole number of seconds from 1") { $0 >= 1 }
            },
            Option("--drain-timeout", value: "SECONDS", help: """
                on SIGTERM, seconds the requests in flight have to finish before the server
                stops anyway (default 30)
                """) { text, options in
                options.drainTimeout = try OptionValue.whole(text, needs: "a whole number of seconds from 0") { $0 >= 0 }
            },
            Option("--access-log", value: "FILE", help: """
                append the access log (a JSON line per request) to FILE instead of standard error
                """, isPath: true) { text, options in options.accessLog = text },
            Option("--log-level", value: "LEVEL", help: """
                the server's own log lines written: error, warn, info (default) or debug
                """) { text, options in
                guard let level = ServiceLog.Level(rawValue: text) else { throw OptionProblem.predicate("needs error, warn, info or debug") }
                options.logLevel = level
            },
        ]),
    ])

    static var manual: Manual {
        Manual(pinrender: "serve", summary: "the pin service: pins over HTTP, live events, renders on demand", synopsis: [
            "pinrender serve [--data DIR] [--db URI] [--listen HOST:PORT] [--tokens FILE] [--demo]",
        ], description: [
            .paragraph("""
                Serves documents (contents) and their pins: a REST API, live events over a WebSocket,
                and renders with the engine of pinrender render. Once it listens it prints one line,
                pinrender serve: listening on http://HOST:PORT (data in DIR), and it runs until SIGINT
                or SIGTERM.
                """),
            .paragraph("""
                The first SIGTERM or SIGINT drains: no new connection is taken, the requests in flight
                finish (for --drain-timeout seconds at most), the events clients are closed with 1001,
                the store is checkpointed, then the server exits 0; a second signal ends it at once.
                Standard error has the access log (a JSON line per request: its route's template, status,
                bytes, milliseconds and token name, never a token) and the server's own JSON lines from
                --log-level up. GET /metrics is in Prometheus' text format; GET /healthz (liveness) and
                GET /readyz (readiness: 503 with the reason) are for probes.
                """),
            .paragraph("""
                --demo loads the floor plan, photo and screenshot of the samples with their pins, from
                the samples installed with pinrender (PREFIX/share/pinrender/samples), or else from
                samples/ in the current folder (the repository).
                """),
        ], options: parser.sections, sections: [
            Manual.Section(title: "API (docs/openapi.json, also served at /v1/openapi.json)", blocks: [.definitions([
                Manual.Definition("PUT /v1/contents/{id}", "upload a PDF, PNG or JPEG"),
                Manual.Definition("GET /v1/contents/{id}/pins", "list; POST creates (idempotent by id)"),
                Manual.Definition("PATCH /v1/contents/{id}/pins/{pin}", "edit with the version seen (409 when stale)"),
                Manual.Definition("GET /v1/contents/{id}/changes?since=", "changes and tombstones after a cursor"),
                Manual.Definition("POST /v1/sync", "an offline client's batch"),
                Manual.Definition("GET /v1/contents/{id}/events?since=", "WebSocket: replay, then live (&batch=true: arrays)"),
                Manual.Definition("GET /v1/contents/{id}/render.png", "a page drawn (?page=1&dpi=100), and render.pdf"),
            ], column: 42)]),
            Manual.Section(title: "REQUESTS", blocks: [
                .paragraph("""
                    A JSON body (a pin, an edit, a sync batch) is sent as Content-Type: application/json
                    with a Content-Length, and is at most 4 MiB (413 past it); an upload is sent as its
                    document's type (application/pdf, image/png or image/jpeg), at most --max-upload bytes.
                    Any other type is refused (415): the types a web page can make a browser send to any
                    site, forms and text/plain, never write here.
                    """),
                .paragraph("""
                    Without --tokens, a request must be sent to a loopback address or localhost (Host),
                    and from a browser by one of the server's own pages (Origin), else 403: a page of
                    another site cannot write here, nor read through a name of its own that resolves to
                    127.0.0.1. No other origin is granted (no CORS); a proxy in front passes Host on.
                    With --tokens, a token goes in Authorization: Bearer; ?access_token= is taken by the
                    events socket and the renders only, which a browser reaches without headers.
                    """),
                .paragraph("""
                    An events client may send 100 messages at once, then 10 a second, each at most 4 KiB
                    (closed with 1008 or 1009 past that); all that is queued for it, events and answers to
                    its pings, counts against --event-backlog.
                    """),
            ]),
        ], exitStatus: [
            Manual.Definition("0", "stopped by SIGINT or SIGTERM, drained"),
            Manual.Definition("2", "bad usage, or the server cannot start"),
        ], examples: [
            Manual.Example("pinrender serve --demo", needsServer: true),
            Manual.Example("curl http://127.0.0.1:8080/v1/contents/floorplan/pins", comment: "in another terminal", needsServer: true),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var options = ServeOptions()
        guard try parser.parse(words, into: &options).isEmpty else {
            throw InputError.usage("serve takes no INPUT (see pinrender serve --help)")
        }
        var configuration = ServiceConfiguration(dataDirectory: URL(fileURLWithPath: options.data))
        configuration.postgres = options.postgres
        configuration.host = options.host
        configuration.port = options.port
        configuration.maxUpload = options.maxUpload
        configuration.heartbeatSeconds = options.heartbeat
        configuration.eventBacklog = options.eventBacklog
        configuration.renderMaxMemory = options.renderMaxMemory
        configuration.renderTimeout = options.renderTimeout
        configuration.renderWorkers = options.renderWorkers
        configuration.renderQueue = options.renderQueue
        configuration.renderCache = options.renderCache
        configuration.maxConnections = options.maxConnections
        configuration.headerTimeout = options.headerTimeout
        configuration.idleTimeout = options.idleTimeout
        configuration.drainTimeout = options.drainTimeout
        configuration.accessLog = options.accessLog
        ServiceLog.threshold = options.logLevel
        if let tokens = options.tokens { configuration.tokens = try AccessTokens.load(tokens) }
        let samples = options.demo ? try demoSamples() : nil
        let server: PinServer
        let port: Int
        do {
            server = try PinServer(configuration)
            if let samples { try server.loadDemo(samples: samples) }
            port = try server.start()
        } catch let error as ServiceError {
            throw InputError(source: "serve", location: "", problem: error.message)
        }
        if configuration.tokens.isOpen {
            warn("no --tokens: anyone on this machine may read and change every content")
        }
        let loop = MainLoop()
        loop.onFirstSignal { server.drain(timeout: configuration.drainTimeout) { loop.quit() } }
        FileHandle.standardOutput.write(Data("pinrender serve: listening on http://\(options.host):\(port) (data in \(options.data))\n".utf8))
        loop.run()
        return 0
    }

    /// The samples `--demo` loads: those installed with the program (`make install` puts them
    /// in PREFIX/share/pinrender/samples, beside PREFIX/bin), else the repository's, in the
    /// current folder.
    static func demoSamples() throws -> URL {
        let installed = Program.executable.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/pinrender/samples").standardizedFileURL
        for folder in [installed, URL(fileURLWithPath: "samples")]
        where FileManager.default.fileExists(atPath: folder.appendingPathComponent("demo/floorplan.pdf").path) {
            return folder
        }
        throw InputError(source: "--demo", location: "", problem: """
            the samples are neither in \(installed.path) (make install puts them there) nor in ./samples (the repository)
            """)
    }
}
