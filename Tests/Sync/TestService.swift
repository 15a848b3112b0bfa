import Foundation
import PinPlatform
import PinRenderCore
import PinSync

/// A real `pinrender serve` on a free loopback port with its own data directory, for the
/// sync tests; stopped (SIGTERM, or `kill -9` by ``kill()``) and restarted on the same port.
final class TestService: @unchecked Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `pinrender` beside the test binary, else the debug build.
    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pinrender").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : root.appendingPathComponent(".build/debug/pinrender").path
    }()

    let directory: URL
    private(set) var port = 0
    private(set) var process: Process?
    private let tokens: String?
    private let heartbeat: Int

    /// Starts a server (with no content: see ``upload(_:token:)``), its heartbeat events
    /// every `heartbeat` seconds.
    init(tokens: String? = nil, heartbeat: Int = 15) throws {
        directory = try Self.scratch()
        self.tokens = tokens
        self.heartbeat = heartbeat
        if let tokens { try Data(tokens.utf8).write(to: directory.appendingPathComponent("tokens.json")) }
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pinsync-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Starts the server (on the port it had, if it ran before) and waits for it to listen.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["serve", "--data", directory.appendingPathComponent("data").path, "--listen", "127.0.0.1:\(port)",
                             "--heartbeat", "\(heartbeat)"]
            + (tokens == nil ? [] : ["--tokens", directory.appendingPathComponent("tokens.json").path])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let line = try Self.firstLine(of: output.fileHandleForReading)
        guard let range = line.range(of: "http://127.0.0.1:"), let port = Int(line[range.upperBound...].prefix { $0.isNumber }) else {
            throw PinSyncError.storage("pinrender serve did not start: \(line)")
        }
        self.port = port
    }

    private static func firstLine(of handle: FileHandle) throws -> String {
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// SIGTERM, and waits.
    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// `kill -9`, and waits.
    func kill() {
        guard let process, process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends a request (a body as `type`) and returns the status and the JSON answer.
    func request(_ method: String, _ path: String, body: Data? = nil, type: String = "application/json",
                 token: String? = nil) async throws -> (Int, [String: Any]) {
        let headers = Self.authorization(token) + (body == nil ? [] : [(name: "Content-Type", value: type)])
        let answer = try await HTTPExchange(method, url.appendingPathComponent(path), headers: headers, body: body).answer()
        return (answer.status, (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? [:])
    }

    /// The `Authorization` header of `token`, none without one.
    private static func authorization(_ token: String?) -> [(name: String, value: String)] {
        token.map { [("Authorization", "Bearer \($0)")] } ?? []
    }

    /// Uploads the sample screenshot (one page) as content `id`.
    func upload(_ id: String = "plan", token: String? = nil) async throws {
        let png = try Data(contentsOf: Self.root.appendingPathComponent("samples/screenshot.png"))
        let (status, answer) = try await request("PUT", "v1/contents/\(id)", body: png, type: "image/png", token: token)
        guard status == 201 || status == 200 else { throw PinSyncError.storage("upload: \(status) \(answer)") }
    }

    /// The server's live pins of a content, as ``Snapshot``s by id.
    /// The numbers are read with the clients' decoder: `JSONSerialization` on Linux may round
    /// the last digit of a double (0.30000000000000004 read as 0.3000000000000001).
    func pins(_ contentId: String = "plan", token: String? = nil) async throws -> [String: Snapshot] {
        let answer = try await HTTPExchange("GET", url.appendingPathComponent("v1/contents/\(contentId)/pins"),
                                            headers: Self.authorization(token)).answer()
        let data = answer.body
        guard answer.status == 200,
              let versions = ((try JSONSerialization.jsonObject(with: data)) as? [String: Any])?["pins"] as? [[String: Any]] else {
            throw PinSyncError.storage("pins: \(String(decoding: data, as: UTF8.self))")
        }
        let pins = try PinDecoder(source: "server").decode(data)
        return Dictionary(uniqueKeysWithValues: zip(pins, versions).map {
            ($0.id, Snapshot(SyncedPin(pin: $0, version: $1["version"] as? Int ?? 0, pendingSync: false)))
        })
    }
}

/// What two stores must agree on for a pin: its fields and server version.
struct Snapshot: Equatable, CustomStringConvertible {
    var text: String
    var resolved: Bool
    var page: Int
    var x: Double?
    var y: Double?
    var parentId: String?
    var version: Int

    init(_ pin: SyncedPin) {
        text = pin.pin.text
        resolved = pin.pin.resolved
        page = pin.pin.page
        x = pin.pin.relativeX
        y = pin.pin.relativeY
        parentId = pin.pin.parentId
        version = pin.version
    }

    var description: String { "\(text) r=\(resolved) p=\(page) (\(x ?? -1),\(y ?? -1)) parent=\(parentId ?? "-") v\(version)" }
}

extension PinSyncStore {
    /// A fresh store in a scratch directory.
    static func scratch() throws -> PinSyncStore {
        try PinSyncStore(path: TestService.scratch().appendingPathComponent("local.pins").path)
    }

    /// The live pins as ``Snapshot``s by id.
    func snapshot(_ contentId: String = "plan") throws -> [String: Snapshot] {
        Dictionary(uniqueKeysWithValues: try pins(of: contentId).map { ($0.pin.id, Snapshot($0)) })
    }
}
