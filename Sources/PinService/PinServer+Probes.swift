import Foundation
import PinPlatform

extension PinServer {
    /// `GET /readyz`: 200 `ready` while the server takes work (the store takes writes, a
    /// render worker can be started, no drain under way), else 503 with a line per reason.
    /// Liveness (`GET /healthz`) is the loop answering at all.
    func readiness(_ request: HTTPRequest) {
        var reasons: [String] = []
        if drain != nil { reasons.append("draining: the server is stopping (SIGTERM)") }
        if let problem = writeProblem() { reasons.append("\(problem.reason): \(problem.message)") }
        if let worker = configuration.renderWorker.first, !FileManager.default.isExecutableFile(atPath: worker) {
            reasons.append("no render worker: \(worker) cannot be run")
        }
        let text = reasons.isEmpty ? "ready\n" : reasons.map { $0 + "\n" }.joined()
        request.respond(reasons.isEmpty ? 200 : 503, body: Data(text.utf8), type: "text/plain; charset=utf-8")
    }

    /// Why the store takes no writes now, from a write (``PinStore/probe()``): the reason
    /// (``StoreUnavailable/Reason``) and the problem; nil when it takes them.
    func writeProblem() -> (reason: String, message: String)? {
        do {
            try store.probe()
            return nil
        } catch {
            let unavailable = error as? StoreUnavailable
            return ((unavailable?.reason ?? .unwritable).rawValue, unavailable?.message ?? ServiceError(error).message)
        }
    }

    /// `GET /metrics`: the counters and histograms, and the gauges read now.
    func metricsText() -> String {
        metrics.set(Metrics.eventClients, to: Double(hub.count))
        metrics.set(Metrics.renderQueue, to: Double(renders.queued))
        metrics.set(Metrics.rendersRunning, to: Double(renders.running))
        metrics.set(Metrics.eventsSent, to: Double(hub.sent))
        return MetricsText.render(metrics.families())
    }
}
