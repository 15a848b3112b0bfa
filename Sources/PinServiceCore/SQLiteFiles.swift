import Foundation

/// A SQLite database's file and its WAL as the store opened them (device and inode): while
/// the server runs, its connections write to those files whatever happens to their paths.
/// Deleted (`rm pins.db*`) or replaced, they are no longer the files a restart opens, and
/// every commit since would be lost: ``check()`` tells, at the cost of two `stat` calls.
struct SQLiteFiles {
    private struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private let paths: [String]
    private let opened: [Identity?]

    /// The files of the database at `path` as they are now (its WAL once it has one).
    init(database path: String) {
        paths = [path, path + "-wal"]
        opened = paths.map(Self.identity)
    }

    /// Throws ``StoreUnavailable/lost(_:)`` unless each file at its path is still the one
    /// opened.
    func check() throws(StoreUnavailable) {
        for (path, identity) in zip(paths, opened) where Self.identity(path) != identity {
            throw .lost("\(path) is not the file opened: \(identity.map { "inode \($0.inode)" } ?? "none") then, "
                        + (Self.identity(path).map { "inode \($0.inode)" } ?? "none") + " now")
        }
    }

    private static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
