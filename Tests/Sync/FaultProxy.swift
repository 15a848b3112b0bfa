import Foundation
import PinPlatform

/// `fault_proxy.py` in front of a ``TestService``: misbehaves on the sync batches as told
/// (`pass`, `cut`, `kill`, `500`, `hold`, `slow`, `partial`, `stall`, one per batch in
/// order), and on the events WebSockets when steered (``steer(_:)``).
final class FaultProxy: @unchecked Sendable {
    private let process = Process()
    let url: URL

    init(upstream: TestService, actions: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [TestService.root.appendingPathComponent("Tests/Sync/fault_proxy.py").path, "\(upstream.port)",
                             "\(upstream.process?.processIdentifier ?? 0)"] + actions
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        url = URL(string: "http://127.0.0.1:\(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))")!
    }

    /// Steers the WebSockets: `drop` cuts them, `pause` and `resume` hold and release the
    /// service's frames, `resync` closes them with code 4000, `block` and `unblock` refuse
    /// and allow new ones. Returns how many connections it touched.
    @discardableResult
    func steer(_ command: String) async throws -> Int {
        let answer = try await HTTPExchange("POST", url.appendingPathComponent("_proxy/\(command)")).answer()
        return ((try JSONSerialization.jsonObject(with: answer.body)) as? [String: Any])?["tunnels"] as? Int ?? 0
    }

    /// `kill -9`: the test process may have SIGTERM blocked, and the child inherits that.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
