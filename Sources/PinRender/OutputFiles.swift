import Foundation
import PinRenderCore

/// Outputs written all or nothing: each is written to a temporary file beside its final
/// path and renamed over it only when every output is complete, so a failure leaves no
/// partial file and any existing output untouched. Intermediate files go to a scratch
/// directory removed with the temporary files. Or, given a destination file
/// (``RenderDestination/file(_:)``), the one output goes there, emptied on failure, and the
/// intermediate files are unnamed too: nothing gets a name on disk. Thread-safe: a time
/// limit's backstop may discard the files from another thread.
public final class OutputFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [(temporary: String, final: String)] = []
    private var scratch: [URL] = []
    /// The file the one output goes to, if one was given.
    private let destination: UnnamedFile?
    /// The intermediate files of a job with a destination file, open until it ends.
    private var unnamed: [UnnamedFile] = []
    private var committed = false
    /// In every temporary name with the process id: runs in different process namespaces
    /// (containers sharing a volume) can have the same id.
    private let run = UUID().uuidString.prefix(8)

    /// - Parameter destination: where the one output goes instead of its path; nil (the
    ///   command line), each output to its own path.
    public init(into destination: UnnamedFile? = nil) {
        self.destination = destination
    }

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

    /// A temporary path to write `final`'s content to; with a destination file, that file's.
    public func temporaryPath(for final: String) -> String {
        if let destination { return destination.path }
        lock.lock()
        defer { lock.unlock() }
        let url = URL(fileURLWithPath: final)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid())-\(run).\(pending.count).tmp").path
        pending.append((temporary, final))
        return temporary
    }

    /// A path for an intermediate file called `name` (the drawing a PDF export lays over its
    /// pages), written and read back by the job: in a new scratch directory of the system's
    /// temporary directory, removed with the temporary files; with a destination file, an
    /// unnamed file of its own, closed when the job ends.
    public func intermediatePath(_ name: String) throws -> String {
        if destination != nil {
            let file = try UnnamedFile(label: name)
            lock.lock()
            unnamed.append(file)
            lock.unlock()
            return file.path
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        lock.lock()
        scratch.append(url)
        lock.unlock()
        return url.appendingPathComponent(name).path
    }

    /// Removes every temporary file and scratch directory now (a job that must stop).
    public func discard() {
        lock.lock()
        defer { lock.unlock() }
        removeAll()
    }

    /// Renames every temporary file to its final path, as one set: under a lock on the
    /// outputs' directories (see ``OutputLocks``), so that another run writing the same
    /// files commits wholly before or wholly after this one. While another run holds the
    /// lock, `wait` is called between tries; it throws to give up.
    public func commit(wait: () throws -> Void = {}) throws {
        lock.lock()
        defer { lock.unlock() }
        let locks = try OutputLocks(directoriesOf: pending.map(\.final), wait: wait)
        defer { withExtendedLifetime(locks) {} }
        for (temporary, final) in pending {
            guard rename(temporary, final) == 0 else {
                throw OutputError(file: final, reason: String(cString: strerror(errno)))
            }
        }
        committed = true
        for url in scratch { try? FileManager.default.removeItem(at: url) }
        unnamed.removeAll()
    }

    /// Renames the set under the job's time limit: the job ends on its side first (see
    /// ``Deadline/endJob()``), and gives up if another run holds the outputs past the limit.
    func commit(under deadline: Deadline) throws {
        deadline.endJob()
        try commit { try deadline.step(.waitingForOutputs) }
    }

    private func removeAll() {
        for (temporary, _) in pending { unlink(temporary) }
        for url in scratch { try? FileManager.default.removeItem(at: url) }
        unnamed.removeAll()
        destination?.empty()
    }

    deinit {
        if !committed { removeAll() }
    }
}
