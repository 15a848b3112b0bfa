import Foundation
import PinPlatform

extension PinSyncStore {
    /// Follows the service's events of a content until the task is cancelled, and applies
    /// each change to the store as a pull does: the server's state of the pin is kept (a
    /// later one only, by seq), the queued local changes stay on top of it, and the cursor
    /// moves on. Each applied change is a ``StoreEvent/pinsChanged(contentId:pinIds:)``
    /// then a ``StoreEvent/watch(_:)`` on ``events()``.
    ///
    /// The events come over the WebSocket `GET /v1/contents/{id}/events?since=CURSOR`
    /// (libsoup-3): the changes after the cursor, then live ones. A cut, closed or silent
    /// connection (nothing heard for `idleTimeout` seconds; the service sends heartbeats)
    /// is opened again after a wait from `server.retry` (exponential backoff with full
    /// jitter, reset once connected; tried forever), from the cursor, so nothing is missed
    /// or applied twice. Closed with code 4000 (the client fell behind), the changes since
    /// the cursor are taken from the changes endpoint before reconnecting.
    ///
    ///     let watching = Task { try await store.watch("plan", with: server) }
    ///     for await event in store.events() { ... }     // redraw on .pinsChanged
    ///     watching.cancel()
    ///
    /// Throws ``PinSyncError/refused(server:status:message:)`` when the service refuses the
    /// connection in a way a retry cannot change (a bad token: 401, no such content: 404).
    public func watch(_ contentId: String, with server: SyncServer, idleTimeout: Double = 45) async throws {
        let thread = MainLoop(threadNamed: "pinsync-watch")
        defer { thread.stop() }
        var failures = 0
        var resync = false
        while !Task.isCancelled {
            let reason: String
            do {
                if resync {
                    var report = SyncReport(contentId: contentId)
                    try await pull(contentId, from: server, into: &report)
                    resync = false
                    emit([.watch(.resynced(contentId: contentId, pulled: report.pulled, cursor: try cursor(of: contentId)))])
                }
                let ending = try await follow(contentId, with: server, idleTimeout: idleTimeout, on: thread)
                guard !Task.isCancelled else { return }
                if ending.connected { failures = 0 }
                resync = ending.code == 4000
                reason = ending.code == 0 ? ending.reason : "closed with code \(ending.code)" + (ending.reason.isEmpty ? "" : ": \(ending.reason)")
            } catch PinSyncError.unreachable(_, let why, _) {
                reason = why
            } catch is CancellationError {
                return
            }
            let delay = server.retry.delay(after: min(failures, 30))
            failures += 1
            emit([.watch(.disconnected(contentId: contentId, reason: reason, retryIn: delay))])
            try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
        }
    }

    /// One connection, from the cursor: applies what arrives until it ends; returns the
    /// close code (0 when none came) and reason, and whether the replay was complete.
    private func follow(_ contentId: String, with server: SyncServer, idleTimeout: Double,
                        on thread: MainLoop) async throws -> (code: Int, reason: String, connected: Bool) {
        var components = URLComponents(url: server.url.appendingPathComponent("v1/contents/\(contentId)/events"),
                                       resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "since", value: "\(try cursor(of: contentId))")]
        var connected = false
        for await message in EventsSocket.open(components.url!, token: server.token, idleTimeout: idleTimeout, on: thread) {
            switch message {
            case .text(let text):
                if try apply(text, of: contentId) { connected = true }
            case .refused(let status, let reason):
                throw PinSyncError.refused(server: server.url.absoluteString, status: status, message: reason)
            case .closed(let code, let reason):
                return (code, reason, connected)
            }
        }
        // Ended with no close: stopped, or the socket dropped what this did not read in time.
        return Task.isCancelled ? (0, "stopped", connected)
            : (4000, "more than \(EventsSocket.backlogLimit) events unread: resync", connected)
    }

    /// Applies one message of the events: a pin's change after the cursor, or `ready`
    /// (its cursor taken, true returned); heartbeats and other types are skipped.
    private func apply(_ text: String, of contentId: String) throws -> Bool {
        guard let event = JSONText.object(Data(text.utf8)), let type = event["type"] as? String,
              event["contentId"] as? String == contentId else { return false }
        var report = SyncReport(contentId: contentId)
        if type == "ready" {
            try take(results: [], of: [], changes: [], cursor: event["cursor"] as? Int ?? 0, into: &report)
            emit([.watch(.connected(contentId: contentId, cursor: try cursor(of: contentId)))])
            return true
        }
        guard type.hasPrefix("pin."), let seq = event["seq"] as? Int, let pin = event["pin"] as? [String: Any],
              try seq > cursor(of: contentId) else { return false }
        try take(results: [], of: [], changes: [pin], cursor: seq, into: &report)
        emit([.watch(.change(ServerChange(type: type, seq: seq, contentId: contentId, pin: pin)))])
        return false
    }
}
