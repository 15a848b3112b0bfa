import Foundation

/// A test's hold on some work of the server, without sleeping: while a named pipe is at
/// ``path``, each ``pass()`` opens it (which waits for the test to open it too) and reads one
/// byte (which waits for the test to write it); with nothing there, it goes on at once.
/// `serve` makes them when these variables name such paths:
/// - `PINRENDER_TEST_WRITE_GATE`: each group of writes of the store's writer (``StoreQueues``);
/// - `PINRENDER_TEST_PUBLISH_GATE`: each reading of the committed changes of a shared store
///   for the events (``PinServer/publishCommitted()``), to hold the events of a commit
///   whose answer the test already has;
/// - `PINRENDER_TEST_CARRY_GATE`: each carry of a revision, after it read the content's pins
///   (``PinServer/uploadRevision(_:contentId:)``), to edit pins while it runs.
final class TestGate: Sendable {
    let path: String

    init?(_ variable: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment[variable], !path.isEmpty else { return nil }
        self.path = path
    }

    /// Waits, while the pipe is there, for the test to write a byte into it.
    func pass() {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 0
        _ = read(descriptor, &byte, 1)
        close(descriptor)
    }
}
