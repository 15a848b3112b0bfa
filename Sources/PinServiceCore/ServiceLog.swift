import Foundation

/// The server's log of what an operator must see and no client may: one JSON object a line
/// on standard error, `{"time", "level", "event", "error", ...}`. A failure of the server's
/// own (a 500, its `id` the one the client was given, `error` its whole text, paths
/// included), the store lost, unwritable, or taking writes again. Never a token.
///
///     {"error":"...","event":"internal-error","id":"9f0c27d1e45ab380","level":"error","status":500,"time":"2026-12-01T22:09:46.649Z"}
public enum ServiceLog {
    private struct Entry: Encodable {
        var time: String
        var level: String
        var event: String
        var id: String?
        var status: Int?
        var error: String?
    }

    /// Writes one line: `level` is `error` or `info`; `event` what happened, `error` its detail.
    public static func write(level: String, event: String, id: String? = nil, status: Int? = nil, error: String? = nil) {
        let entry = Entry(time: AppPin.timestamp(Date()), level: level, event: event, id: id, status: status, error: error)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(entry) else { return }
        line.append(UInt8(ascii: "\n"))
        FileHandle.standardError.write(line)
    }
}
