import Foundation

/// A server's data directory, its own: created for the owner only (0700, and its files 0600,
/// less what the umask takes away; an existing directory keeps its permissions), and with
/// SQLite held by one server at a time, with an exclusive `flock` on `serve.lock` for the
/// process's life (the kernel lets go when the process ends, however it ends). The lock file
/// names the holding process, for the message the next server prints.
///
/// With PostgreSQL several servers share the database and the directory: no lock.
final class DataDirectory {
    let url: URL
    /// The lock file's descriptor while it is held; -1 without a lock.
    private let lock: Int32

    /// Creates `url` (and `contents/` in it) when missing; takes the lock when `exclusive`.
    /// Throws one line naming the directory when it cannot be made, written or locked.
    init(_ url: URL, exclusive: Bool) throws(StoreUnavailable) {
        self.url = url
        try Self.makeDirectory(url.deletingLastPathComponent(), parents: true)
        try Self.makeDirectory(url, parents: false)
        try Self.makeDirectory(url.appendingPathComponent("contents"), parents: false)
        lock = exclusive ? try Self.lock(url) : -1
    }

    deinit {
        if lock >= 0 { close(lock) }
    }

    /// Creates the file `name` empty for the owner only, unless it exists: SQLite then opens
    /// it as it is, and gives its WAL and shared-memory files the same permissions.
    func createPrivateFile(_ name: String) throws(StoreUnavailable) {
        let path = url.appendingPathComponent(name).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 || errno == EEXIST else { throw Self.failure(path, "cannot be created", errno) }
        if descriptor >= 0 { close(descriptor) }
    }

    private static func makeDirectory(_ url: URL, parents: Bool) throws(StoreUnavailable) {
        if parents {
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw StoreUnavailable(unwritable: "\(url.path) cannot be made: \(error.localizedDescription)")
            }
        } else if mkdir(url.path, 0o700) != 0 && errno != EEXIST {
            throw failure(url.path, "cannot be made", errno)
        }
    }

    private static func lock(_ url: URL) throws(StoreUnavailable) -> Int32 {
        let path = url.appendingPathComponent("serve.lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(url.path, "cannot be written (serve.lock)", errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = code == EWOULDBLOCK ? holder(descriptor) : ""
            close(descriptor)
            guard code == EWOULDBLOCK else { throw failure(url.path, "cannot be locked (serve.lock)", code) }
            throw StoreUnavailable(unwritable: """
                \(url.path) is in use by another pinrender serve\(holder.isEmpty ? "" : " (process \(holder))"): \
                with SQLite one server a data directory; several servers share a PostgreSQL database (--db URI)
                """)
        }
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) != 0 || pwrite(descriptor, pid, pid.count, 0) != pid.count {
            let code = errno
            close(descriptor)
            throw failure(url.path, "cannot be written (serve.lock)", code)
        }
        return descriptor
    }

    /// The process id the lock's holder wrote, or "" when there is none to read.
    private static func holder(_ descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        let text = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.allSatisfy(\.isNumber) ? text : ""
    }

    /// The one line of a failed call on `path`, with the system's reason (`code`, an errno).
    private static func failure(_ path: String, _ what: String, _ code: Int32) -> StoreUnavailable {
        StoreUnavailable(unwritable: "\(path) \(what): \(String(cString: strerror(code)))")
    }
}
