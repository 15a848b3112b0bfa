import Foundation
import PinPlatform
import PinServiceCore

/// Where the store's work of requests runs, off the loop thread (which only moves bytes):
/// one writer, so that the changes of requests commit one after the other in the order
/// they came (their events go to the loop in that order), and readers side by side, as
/// many at once as the store has reading connections (``PinStore``'s readers).
struct StoreQueues: Sendable {
    /// Which of them a request's work needs.
    enum Side {
        case writer
        case readers
        /// Sync batches: read and checked here, their steps run on the writer
        /// (``writeStep(_:)``), so that other writes go between them.
        case batches
    }

    /// The most changes of a sync batch's step: one transaction, between which other writes go.
    static let batchStep = 50

    let writer = DispatchQueue(label: "pinrender.store-writer")
    let batches = DispatchQueue(label: "pinrender.store-batches")
    let readers = DispatchQueue(label: "pinrender.store-readers", attributes: .concurrent)
    /// Held by tests: each write waits for it (``WriteGate``).
    let gate: WriteGate?

    init(gate: WriteGate? = nil) {
        self.gate = gate
    }
}

/// A test's hold on the store's writer: before each write, the writer opens the named pipe
/// at ``path`` (which waits for the test to open it too) and reads one byte (which waits for
/// the test to write it), so a test decides when a write may go on, without sleeping.
/// `serve` makes one when `PINRENDER_TEST_WRITE_GATE` names such a pipe.
final class WriteGate: Sendable {
    let path: String

    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["PINRENDER_TEST_WRITE_GATE"], !path.isEmpty else { return nil }
        self.path = path
    }

    /// Waits for the test to open the pipe and to write a byte.
    func pass() {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var byte: UInt8 = 0
        _ = read(descriptor, &byte, 1)
        close(descriptor)
    }
}

extension StoreQueues {
    /// Runs a step of a sync batch on the writer, after the writes waiting before it, and
    /// waits for it; call from ``Side/batches``.
    func writeStep(_ step: ReviewService.SyncStep) throws {
        try writer.sync { try step() }
    }
}

extension PinServer {
    /// Answers `request` from store work: `work` runs on the store's `side` off the loop
    /// thread, `respond` on the loop thread with its result (to set the answer, as a handler
    /// does); a failure of either is answered through ``ServiceError``.
    func answer<T: Sendable>(_ request: HTTPRequest, on side: StoreQueues.Side, _ work: @escaping @Sendable () throws -> T,
                             respond: @escaping (HTTPRequest, T) throws -> Void) {
        let gate = side == .readers ? nil : stores.gate
        let queue = switch side {
        case .writer: stores.writer
        case .readers: stores.readers
        case .batches: stores.batches
        }
        request.answerLater(on: queue, {
            gate?.pass()
            defer { if side == .batches { HeapPolicy.giveBackFreeMemory() } }
            return Result { try work() }
        }, answer: { request, result in
            do {
                try respond(request, try result.get())
            } catch {
                request.fail(ServiceError(error))
            }
        })
    }
}
