import Foundation
import PinServiceCore
import PinPlatform

/// The requests between their headers and the end of their answers, by message: each one
/// that ends is written to the ``AccessLog`` and counted in the ``Metrics``; how many are
/// left tells a drain when it may go on (``onEnded``). Used on the loop thread only.
final class InFlightRequests {
    /// What is known of a request when its headers came.
    private struct Arrival {
        var started: ContinuousClock.Instant
        var time: String
        var method: String
        var route: String
        var token: String?
    }

    private var arrivals: [OpaquePointer: Arrival] = [:]
    private let log: AccessLog
    private let metrics: Metrics
    /// Called after a request ended.
    var onEnded: (() -> Void)?

    init(log: AccessLog, metrics: Metrics) {
        self.log = log
        self.metrics = metrics
    }

    /// Requests whose headers came and whose answers have not ended.
    var count: Int { arrivals.count }

    /// The headers of `request` came: its route's template, its token's name.
    func arrived(_ request: HTTPRequest, route: String, token: String?) {
        arrivals[request.id] = Arrival(started: .now, time: ServiceLog.now(), method: request.method, route: route, token: token)
    }

    /// `request`'s answer was written, or the request was cut: logged and counted.
    func ended(_ request: HTTPRequest) {
        guard let arrival = arrivals.removeValue(forKey: request.id) else { return }
        let seconds = (ContinuousClock.now - arrival.started).seconds
        let status = request.status
        log.write(AccessLog.Entry(time: arrival.time, method: arrival.method, route: arrival.route, status: status,
                                  bytes: request.responseLength, durationMs: (seconds * 1_000_000).rounded() / 1000,
                                  token: arrival.token))
        metrics.add(Metrics.requests, ["route": arrival.route, "method": arrival.method, "status": String(status)])
        metrics.observe(Metrics.requestSeconds, ["route": arrival.route], seconds)
        onEnded?()
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
