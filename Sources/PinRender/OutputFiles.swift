import Foundation

/// Outputs written all or nothing: each is written to a temporary file beside its final
/// path and renamed over it only when every output is complete, so a failure leaves no
/// partial file and any existing output untouched.
public final class OutputFiles {
    private var pending: [(temporary: String, final: String)] = []
    private var committed = false

    public init() {}

    /// Fails early, before any work, when an output's directory is missing or read-only.
    public static func checkDirectory(of path: String) throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw OutputError(file: path, reason: "the directory \(directory) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: directory) else {
            throw OutputError(file: path, reason: "the directory \(directory) is not writable")
        }
    }

    /// A temporary path to write `final`'s content to.
    public func temporaryPath(for final: String) -> String {
        let url = URL(fileURLWithPath: final)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(pending.count).tmp").path
        pending.append((temporary, final))
        return temporary
    }

    /// Removes every temporary file now (a job that must stop at once).
    public func discard() {
        for (temporary, _) in pending { unlink(temporary) }
    }

    /// Renames every temporary file to its final path, as one set: under a lock on the
    /// outputs' directories (see ``OutputLocks``), so that another run writing the same
    /// files commits wholly before or wholly after this one. While another run holds the
    /// lock, `wait` is called between tries; it throws to give up.
    public func commit(wait: () throws -> Void = {}) throws {
        let locks = try OutputLocks(directoriesOf: pending.map(\.final), wait: wait)
        defer { withExtendedLifetime(locks) {} }
        for (temporary, final) in pending {
            guard rename(temporary, final) == 0 else {
                throw OutputError(file: final, reason: String(cString: strerror(errno)))
            }
        }
        committed = true
    }

    deinit {
        if !committed {
            for (temporary, _) in pending { unlink(temporary) }
        }
    }
}

/// An output that cannot be written.
public struct OutputError: Error, CustomStringConvertible {
    public var file: String
    public var reason: String
    public var description: String { "\(file): cannot write: \(reason)" }
}
