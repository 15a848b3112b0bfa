import Foundation
import PinPlatform

extension PinServer {
    /// `GET /readyz`: 200 `ready` while the server takes work (the store takes writes, a
    /// render worker can be started, no drain under way), else 503 with a line per reason.
    /// Liveness (`GET /healthz`) is the loop answering at all.
    /// `probe` is what a write to the store found, on its writer.
    func readiness(_ request: HTTPRequest, _ probe: Probe) {
        var reasons: [String] = []
        if drain != nil { reasons.append("draining: the server is stopping (SIGTERM)") }
        if let problem = probe.problem { reasons.append("\((probe.failure?.reason ?? .unwritable).rawValue): \(problem)") }
        if let worker = configuration.renderWorker.first, !FileManager.default.isExecutableFile(atPath: worker) {
            reasons.append("no render worker: \(worker) cannot be run")
        }
        let text = reasons.isEmpty ? "ready\n" : reasons.map { $0 + "\n" }.joined()
        request.respond(reasons.isEmpty ? 200 : 503, body: Data(text.utf8), type: "text/plain; charset=utf-8")
    }

    /// `GET /metrics`: the counters and histograms, and the gauges read now.
    func metricsText() -> String {
        metrics.set(Metrics.eventClients, to: Double(hub.count))
        metrics.set(Metrics.renderQueue, to: Double(renders.queued))
        metrics.set(Metrics.rendersRunning, to: Double(renders.running))
        metrics.set(Metrics.eventsSent, to: Double(hub.sent))
        metrics.set(Metrics.storeCommits, to: Double(store.commits))
        metrics.set(Metrics.storeRoundTrips, to: Double(store.roundTrips))
        return MetricsText.render(metrics.families())
    }
}
