import Foundation
import PinServiceCore
import PinPlatform

/// A drain under way (``PinServer/drain(timeout:done:)``): what it waits for now, its deadline,
/// and what to call at its end. Used on the loop thread only.
final class Drain {
    enum Phase {
        /// The requests in flight are finishing.
        case requests
        /// The events clients were sent 1001 and are closing.
        case sockets
        case ended
    }

    var phase = Phase.requests
    /// The deadline's timer, 0 once it ran or was cancelled.
    var deadline: UInt32 = 0
    let done: () -> Void

    init(done: @escaping () -> Void) {
        self.done = done
    }
}

extension PinServer {
    /// The close code and reason the events clients get from a drain.
    static let goingAway: (code: UInt16, reason: String) = (1001, "going away: the server is stopping; reconnect with since=CURSOR")

    /// Stops the server as an operator's SIGTERM asks: the listening socket closes (a new
    /// connection is refused), the requests in flight finish (their answers say
    /// `Connection: close`) and their changes' events are sent, for `seconds` at most; then
    /// the events clients are closed with 1001 (going away) and their closes awaited (a few
    /// seconds at most), the render workers still running are killed, the store is closed
    /// (SQLite checkpointed), and `done` is called. A second call does nothing. Call on the
    /// loop thread.
    ///
    ///     loop.onFirstSignal { server.drain(timeout: 30) { loop.quit() } }
    public func drain(timeout seconds: Int, done: @escaping () -> Void) {
        guard drain == nil else { return }
        let drain = Drain(done: done)
        self.drain = drain
        http?.stopListening()
        // Once written, new connections are refused (the drain's tests wait for this line).
        ServiceLog.write(level: .info, event: "drain-started", count: inFlight.count)
        drain.deadline = MainLoop.after(seconds: seconds) { [unowned self] in
            drain.deadline = 0
            ServiceLog.write(level: .warn, event: "drain-timeout", count: inFlight.count,
                             error: "requests still in flight after \(seconds) s (serve --drain-timeout) are cut")
            endDrain()
        }
        // When the loop next turns: a WebSocket handshake ends before its client is attached.
        inFlight.onEnded = { MainLoop.soon { [weak self] in self?.advanceDrain() } }
        hub.onDetach = { [unowned self] in advanceDrain() }
        advanceDrain()
    }

    /// While draining: an answer closes its connection; a new events client is refused (503).
    func refuseWhileDraining(_ request: HTTPRequest, _ route: Route) throws(ServiceError) {
        request.closeAfterAnswer()
        if case .events = route {
            throw ServiceError(status: 503, message: "the server is stopping; connect to another one or retry later",
                               headers: [("Retry-After", "5")])
        }
    }

    /// Goes on to the next phase once the present one's work is done (while draining).
    func advanceDrain() {
        guard let drain else { return }
        switch drain.phase {
        case .requests:
            // On a shared store, the events of the last requests' changes are still being read.
            guard inFlight.count == 0, !isPublishing else { return }
            drain.phase = .sockets
            ServiceLog.write(level: .debug, event: "drain-requests-done", count: hub.count)
            hub.closeAll(code: Self.goingAway.code, reason: Self.goingAway.reason)
            advanceDrain()
        case .sockets:
            guard hub.count == 0 else { return }
            endDrain()
        case .ended:
            return
        }
    }

    /// The drain's end, in time or at its deadline: the events clients still there are sent
    /// their close, the workers stopped, the store closed.
    private func endDrain() {
        guard let drain, drain.phase != .ended else { return }
        if drain.phase == .requests { hub.closeAll(code: Self.goingAway.code, reason: Self.goingAway.reason) }
        drain.phase = .ended
        if drain.deadline != 0 {
            MainLoop.cancel(drain.deadline)
            drain.deadline = 0
        }
        renders.stop()
        do {
            try store.close()
        } catch {
            ServiceLog.write(level: .error, event: "store-close-failed", error: "\(error)")
        }
        ServiceLog.write(level: .info, event: "drained")
        drain.done()
    }
}
