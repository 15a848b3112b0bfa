import Foundation
import PinRenderCore

/// How `pinrender serve` runs: where it keeps its data, where it listens, who may do what,
/// and its limits.
public struct ServiceConfiguration: Sendable {
    /// The database (`pins.db`), the uploaded files (`contents/`) and scratch space for renders.
    public var dataDirectory: URL
    /// A PostgreSQL database's URI (`postgresql://...`) to keep the contents and pins in,
    /// instead of `pins.db`; several servers may share it (and then the data directory).
    public var postgres: String?
    /// An IP address; without tokens only a loopback one is allowed.
    public var host = "127.0.0.1"
    /// 0: any free port (the one taken is printed).
    public var port = 8080
    public var tokens = AccessTokens.open
    /// The largest upload, in bytes (64 MiB).
    public var maxUpload = 64 << 20
    /// The largest JSON body (a pin, an edit, a sync batch), in bytes (4 MiB).
    public var maxJSON = 4 << 20
    /// The most changes in one sync batch (the sync client sends at most that many).
    public var maxSyncChanges = WireSyncRequest.maxChanges
    /// Seconds between heartbeat events.
    public var heartbeatSeconds = 15
    /// The most bytes an events client may leave unread before it is closed with the resync
    /// code (1 MiB).
    public var eventBacklog = 1 << 20
    /// The most resident memory one render (or upload check) may take, in bytes (1 GiB): the
    /// memory of its worker process. Past it the render stops with a 422 naming the limit.
    public var renderMaxMemory = 1 << 30
    /// The most seconds one render (or upload check) may take (120).
    public var renderTimeout = 120.0
    /// The command line of a render worker: by default this program's own `render-worker`
    /// (`pinrender-net`, whose /proc/self/exe stays the running version's file even when an
    /// upgrade replaces it).
    public var renderWorker = ["/proc/self/exe", RenderWorker.command]
    /// The most connections open at once; past it a new connection is answered 503 and
    /// closed. nil: what the file limit allows (two descriptors a connection, one for an
    /// upload's file, and a reserve for the store and renders), at most 1024.
    public var maxConnections: Int?
    /// Seconds a client has to send a request's headers, from connecting (or, on a kept
    /// connection, from the request's first byte); then it is answered 408 and closed.
    public var headerTimeout = 30
    /// Seconds a kept connection may wait for its next request before it is closed.
    public var idleTimeout = 60

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    /// True for 127.0.0.0/8 and ::1.
    public var isLoopback: Bool {
        host.hasPrefix("127.") || host == "::1"
    }
}
