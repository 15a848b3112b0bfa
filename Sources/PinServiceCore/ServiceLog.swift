import Foundation
import PinRenderCore
import Synchronization

/// The server's log of what an operator must see and no client may: one JSON object a line
/// on standard error, `{"time", "level", "event", "error", ...}`. A failure of the server's
/// own (a 500, its `id` the one the client was given, `error` its whole text, paths
/// included), the store lost, unwritable, or taking writes again, a drain's steps. Never a
/// token. Lines below ``threshold`` (`serve --log-level`) are not written.
///
///     {"error":"...","event":"internal-error","id":"9f0c27d1e45ab380","level":"error","status":500,"time":"2026-12-01T22:09:46.649Z"}
public enum ServiceLog {
    /// How much a line matters; each level writes the ones before it too.
    public enum Level: String, Sendable, Comparable, CaseIterable {
        case error, warn, info, debug

        public static func < (a: Level, b: Level) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    private struct Entry: Encodable {
        var time: String
        var level: String
        var event: String
        var id: String?
        var status: Int?
        var count: Int?
        var error: String?
    }

    private static let least = Mutex(Level.info)

    /// The least level written (info unless set).
    public static var threshold: Level {
        get { least.withLock { $0 } }
        set { least.withLock { $0 = newValue } }
    }

    /// Writes one line, unless `level` is past ``threshold``: `event` what happened, `count`
    /// how many of what it concerns (a drain's requests in flight), `error` its detail.
    public static func write(level: Level, event: String, id: String? = nil, status: Int? = nil, count: Int? = nil,
                      error: String? = nil) {
        guard level <= threshold else { return }
        let entry = Entry(time: now(), level: level.rawValue, event: event, id: id, status: status, count: count, error: error)
        guard var line = try? encoder.encode(entry) else { return }
        line.append(UInt8(ascii: "\n"))
        FileHandle.standardError.write(line)
    }

    /// Now, as the logs write a time (ISO 8601 in UTC, with milliseconds).
    package static func now() -> String {
        WirePin.timestamp(Date())
    }

    /// The encoder of a log line: keys sorted, slashes as they are.
    package static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
