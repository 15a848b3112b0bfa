import Foundation
import PinPlatform

/// One connection to the service's events WebSocket, made and used on a ``MainLoop`` of its own;
/// what arrives is handed to an `AsyncStream` of ``EventsSocket/Message``. The stream ends
/// after ``Message/closed(code:reason:)`` or ``Message/refused(status:reason:)``; a consumer
/// that stops reading closes the connection. A consumer that falls ``backlogLimit``
/// messages behind ends it too, the stream finished with no message: it was not told
/// everything, and takes the changes from the changes endpoint (as the service closes a
/// client that does not read, with code 4000).
///
/// No message for `idleTimeout` seconds (the service sends heartbeats) ends the
/// connection as closed with code 0: a silent network (a cable pulled, a NAT forgetting
/// the connection) is noticed as a cut one is.
final class EventsSocket {
    /// What the connection delivered.
    enum Message: Sendable {
        case text(String)
        /// The handshake was refused with this HTTP status (a 4xx a retry cannot change).
        case refused(status: Int, reason: String)
        /// No connection could be made, or it ended: the close code (0 when none came).
        case closed(code: Int, reason: String)
    }

    /// The most messages held for the consumer.
    static let backlogLimit = 10_000

    /// Opens a connection to `url` (`http(s)://.../events?since=N`).
    static func open(_ url: URL, token: String?, idleTimeout: Double, on thread: MainLoop) -> AsyncStream<Message> {
        let (stream, continuation) = AsyncStream.makeStream(of: Message.self, bufferingPolicy: .bufferingOldest(backlogLimit))
        let holder = Holder()
        continuation.onTermination = { _ in
            thread.perform {
                holder.socket?.end(with: nil)
                holder.socket = nil
            }
        }
        thread.perform {
            let socket = EventsSocket(continuation: continuation)
            holder.socket = socket
            socket.start(url, token: token, idleTimeout: idleTimeout, on: thread)
        }
        return stream
    }

    /// The socket of one stream, set and cleared on the thread only.
    private final class Holder: @unchecked Sendable {
        var socket: EventsSocket?
    }

    private var handshake: WebSocketClient.Handshake?
    private var connection: WebSocketClient?
    private let continuation: AsyncStream<Message>.Continuation
    private var lastHeard = Date()
    private var ended = false

    private init(continuation: AsyncStream<Message>.Continuation) {
        self.continuation = continuation
    }

    /// Sends the handshake (given `idleTimeout` seconds too) and watches the silence.
    private func start(_ url: URL, token: String?, idleTimeout: Double, on thread: MainLoop) {
        do {
            handshake = try WebSocketClient.connect(url, headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [],
                                                    userAgent: "pinrender-sync", within: idleTimeout) { [weak self] result in
                guard let self, !self.ended else { return }
                switch result {
                case .success(let connection):
                    self.connection = connection
                    self.lastHeard = Date()
                    connection.onText = { [weak self] text in
                        guard let self else { return }
                        self.lastHeard = Date()
                        if case .dropped = self.continuation.yield(.text(text)) { self.end(with: nil) }
                    }
                    connection.onClose = { [weak self] code, reason in self?.end(with: .closed(code: code, reason: reason)) }
                case .failure(let failure) where (400..<500).contains(failure.status) && ![408, 429].contains(failure.status):
                    self.end(with: .refused(status: failure.status, reason: failure.reason))
                case .failure(let failure):
                    self.end(with: .closed(code: 0, reason: failure.status == 0 ? failure.reason : "status \(failure.status)"))
                }
            }
        } catch {
            return end(with: .closed(code: 0, reason: error.reason))
        }
        thread.every(seconds: 1) { [weak self] in
            guard let self, !self.ended else { return false }
            if Date().timeIntervalSince(self.lastHeard) > idleTimeout {
                self.end(with: .closed(code: 0, reason: "nothing heard for \(Int(idleTimeout.rounded())) s"))
                return false
            }
            return true
        }
    }

    /// Ends the stream with `message` (nil: its consumer left), and the connection with it.
    private func end(with message: Message?) {
        guard !ended else { return }
        ended = true
        handshake?.cancel()
        connection?.close(code: 1000, reason: "client closing")
        if let message { continuation.yield(message) }
        continuation.finish()
    }
}
