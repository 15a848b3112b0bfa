import Foundation
import PinServiceCore
import PinRenderCore

/// The access log: a JSON object a line for each request answered, on standard error or
/// appended to a file (`serve --access-log FILE`). A line names the request's route by its
/// template (never the path, whose ids and query stay out of the log) and its token by the
/// token's name (``AccessTokens/name(of:)``), never the token itself. Used on the loop thread.
///
///     {"bytes":2,"durationMs":0.412,"method":"GET","route":"/healthz","status":200,"time":"2026-12-02T01:10:04.114Z"}
///     {"bytes":381,"durationMs":1.96,"method":"POST","route":"/v1/contents/{contentId}/pins","status":201,"time":"...","token":"ci"}
final class AccessLog {
    /// One line: when the request's headers came, its method, its route's template, the
    /// status answered (0: cut before an answer), the bytes of the answer's body, the
    /// milliseconds from its headers to the end of its answer, its token's name (absent
    /// without one, or without a tokens file).
    struct Entry: Encodable, Equatable {
        var time: String
        var method: String
        var route: String
        var status: Int
        var bytes: Int
        var durationMs: Double
        var token: String?
    }

    private let file: FileHandle

    /// The log on standard error, or appended to the file at `path` (made when missing, for
    /// the owner and the group only).
    init(path: String?) throws {
        guard let path else {
            file = FileHandle.standardError
            return
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else {
            throw InputError(source: path, location: "", problem: "cannot open the access log: \(String(cString: strerror(errno)))")
        }
        file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Writes `entry` as one line.
    func write(_ entry: Entry) {
        guard var line = try? ServiceLog.encoder.encode(entry) else { return }
        line.append(UInt8(ascii: "\n"))
        file.write(line)
    }
}
