import Foundation
import Testing
import PinPlatform

/// PinPlatform's WebSocket client against a real `pinrender serve`: the handshake with its
/// headers, text both ways, the close with a code, a refusal's status, and the deadline of
/// a handshake nobody answers.
@Suite struct WebSocketClientTests {
    /// What a client's callbacks reported, from its loop's thread.
    final class Probe: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        private var closes: [Int] = []
        private var failure: WebSocketFailure?
        let thread = MainLoop(threadNamed: "websocket-client-test")
        /// Loop thread only.
        var client: WebSocketClient?
        var handshake: WebSocketClient.Handshake?

        /// Releases the client on its thread and ends the thread.
        func stop() {
            thread.perform { [self] in
                client = nil
                handshake = nil
            }
            thread.stop()
        }

        /// Connects on the loop's thread; what comes is recorded.
        func connect(_ url: URL, headers: [(name: String, value: String)] = [], within seconds: Double = 30) {
            thread.perform { [self] in
                handshake = try? WebSocketClient.connect(url, headers: headers, userAgent: "pinrender-test", within: seconds) { [self] result in
                    switch result {
                    case .success(let client):
                        self.client = client
                        client.onText = { [self] text in locked { texts.append(text) } }
                        client.onClose = { [self] code, _ in locked { closes.append(code) } }
                    case .failure(let failure):
                        locked { self.failure = failure }
                    }
                }
            }
        }

        var received: [String] { locked { texts } }
        var closeCodes: [Int] { locked { closes } }
        var refusal: WebSocketFailure? { locked { failure } }

        private func locked<T>(_ work: () -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return work()
        }
    }

    @Test func textComesAndGoesAndTheCloseHasItsCode() async throws {
        let service = try TestService(tokens: #"{"tokens": [{"token": "admin-token", "contents": ["*"], "role": "admin"}]}"#)
        try await service.upload(token: "admin-token")
        let probe = Probe()
        defer { probe.stop() }
        probe.connect(service.url.appendingPathComponent("v1/contents/plan/events"),
                      headers: [("Authorization", "Bearer admin-token")])
        #expect(await eventually { probe.received.contains { $0.contains(#""type":"ready""#) } }, "\(probe.received)")
        // The events socket drops what a client sends: the connection stays open.
        probe.thread.perform { probe.client?.send("a text the server drops") }
        probe.thread.perform { probe.client?.close(code: 1000, reason: "done") }
        #expect(await eventually { probe.closeCodes == [1000] }, "\(probe.closeCodes)")
        #expect(probe.refusal == nil)
    }

    @Test func aRefusedHandshakeHasItsStatus() async throws {
        let service = try TestService(tokens: #"{"tokens": [{"token": "admin-token", "contents": ["*"], "role": "admin"}]}"#)
        let probe = Probe()
        defer { probe.stop() }
        probe.connect(service.url.appendingPathComponent("v1/contents/plan/events"), headers: [("Authorization", "Bearer wrong")])
        #expect(await eventually { probe.refusal != nil })
        #expect(probe.refusal?.status == 401)
        #expect(probe.refusal?.reason == "Unauthorized")
    }

    /// A listening socket that never accepts: the kernel completes the connection, nobody
    /// answers the handshake, and the deadline ends it.
    @Test func aHandshakeNobodyAnswersEndsAtItsDeadline() async throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && listen(listener, 4) == 0
                && getsockname(listener, $0, &length) == 0 }
        }
        try #require(bound)
        let port = UInt16(bigEndian: address.sin_port)
        let probe = Probe()
        defer { probe.stop() }
        probe.connect(URL(string: "http://127.0.0.1:\(port)/events")!, within: 1)
        #expect(await eventually { probe.refusal != nil })
        #expect(probe.refusal?.status == 0)
        #expect(probe.refusal?.reason == "no whole answer within 1 s", "\(String(describing: probe.refusal))")
    }
}
