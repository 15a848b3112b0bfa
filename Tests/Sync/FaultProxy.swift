import Foundation

/// `fault_proxy.py` in front of a ``TestService``: misbehaves on the sync batches as told
/// (`pass`, `cut`, `kill`, `500`, one per batch in order).
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

    /// `kill -9`: the test process may have SIGTERM blocked, and the child inherits that.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
