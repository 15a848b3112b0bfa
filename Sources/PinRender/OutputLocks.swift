import Foundation

/// Advisory locks (`flock`) on the directories of a set of outputs, held while the set is
/// renamed into place, so that two runs writing the same files commit one after the other
/// and never leave some files of each. A lock belongs to an open descriptor of the
/// directory itself: nothing is created beside the outputs, and the kernel drops the lock
/// when the process ends however it ends (kill -9 included), so it can never be left stale
/// to block the next run. The directories are locked in one order, by device and inode,
/// so two runs whose sets share several directories cannot wait on each other forever. A
/// directory that cannot be opened or locked (a file system without `flock`) is committed
/// into without a lock, as before.
final class OutputLocks {
    private var descriptors: [Int32] = []

    /// Locks the directories of `paths`. While another run holds one, `wait` is called
    /// between tries; it throws to give up (a time limit).
    init(directoriesOf paths: [String], wait: () throws -> Void) throws {
        let opened = Self.open(Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }))
        do {
            for descriptor in opened {
                while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                    if errno == EINTR { continue }
                    guard errno == EWOULDBLOCK else { break }
                    try wait()
                    usleep(2_000)
                }
            }
        } catch {
            for descriptor in opened { close(descriptor) }
            throw error
        }
        descriptors = opened
    }

    /// Descriptors of the distinct directories that can be opened, by device and inode.
    private static func open(_ directories: Set<String>) -> [Int32] {
        var opened: [(device: UInt64, inode: UInt64, descriptor: Int32)] = []
        for directory in directories {
            let descriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            var info = stat()
            guard fstat(descriptor, &info) == 0,
                  !opened.contains(where: { $0.device == UInt64(info.st_dev) && $0.inode == UInt64(info.st_ino) }) else {
                close(descriptor)
                continue
            }
            opened.append((UInt64(info.st_dev), UInt64(info.st_ino), descriptor))
        }
        return opened.sorted { ($0.device, $0.inode) < ($1.device, $1.inode) }.map(\.descriptor)
    }

    /// Closing a descriptor releases its lock.
    deinit {
        for descriptor in descriptors { close(descriptor) }
    }
}
