import Foundation
import PinPlatform
import PinServiceCore

/// Where the store's work of requests runs, off the loop thread (which only moves bytes):
/// one writer (``StoreWriter``), so that the changes of requests commit one after the other
/// in the order they came (their events go to the loop in that order), those waiting
/// together in one commit, and readers side by side, as many at once as the store has
/// reading connections (``PinStore``'s readers).
struct StoreQueues: Sendable {
    /// Which of them a request's work needs.
    enum Side {
        case writer
        case readers
        /// Sync batches: read and checked here, their steps run on the writer
        /// (``writeStep(_:)``), so that other writes go between them.
        case batches
    }

    /// The most changes of a sync batch's step: one write of the writer, between which other
    /// writes go; a write that comes while a step runs waits for it (a few milliseconds). On
    /// PostgreSQL each step's commit waits for the disk: fewer steps sync a batch sooner.
    static let batchStep = 50

    let writer: StoreWriter
    let batches = DispatchQueue(label: "pinrender.store-batches")
    let readers = DispatchQueue(label: "pinrender.store-readers", attributes: .concurrent)

    /// `gate`, held by tests: each group of writes waits for it (``TestGate``).
    init(store: PinStore, gate: TestGate? = nil) {
        let pass: (@Sendable () -> Void)? = if let gate { { gate.pass() } } else { nil }
        writer = StoreWriter(store: store, beforeGroup: pass)
    }
}

extension StoreQueues {
    /// Runs a step of a sync batch on the writer, after the writes waiting before it, and
    /// waits for its commit; call from ``Side/batches``. A step counts as a whole group's
    /// bytes: it commits alone, so a create that came before it is not held for its changes,
    /// and those that come while it runs commit together after it.
    func writeStep(_ step: @escaping ReviewService.SyncStep) throws {
        try writer.perform(bytes: writer.limits.bytes, step)
    }
}

extension PinServer {
    /// Answers `request` from store work: `work` runs on the store's `side` off the loop
    /// thread (on the writer: answered once committed), `respond` on the loop thread with its
    /// result (to set the answer, as a handler does); a failure of either is answered
    /// through ``ServiceError``. A refusal (4xx) of `work` also carries `refusalHeaders`, read
    /// on the readers after it (the protocol container's ETag, which every answer of it has).
    func answer<T: Sendable>(_ request: HTTPRequest, on side: StoreQueues.Side, _ work: @escaping @Sendable () throws -> T,
                             refusalHeaders: (@Sendable () -> [(String, String)])? = nil,
                             respond: @escaping (HTTPRequest, T) throws -> Void) {
        let answer = { (request: HTTPRequest, outcome: Outcome<T>) in
            do {
                try respond(request, try outcome.result.get())
            } catch {
                var failure = ServiceError(error)
                if (400..<500).contains(failure.status) { failure.headers += outcome.refusalHeaders }
                request.fail(failure)
            }
        }
        let readers = stores.readers
        /// Hands `result` on, with the refusal's headers read first when it failed.
        let finishing = { @Sendable (finish: @escaping @Sendable (Outcome<T>) -> Void) in
            { @Sendable (result: Result<T, any Error>) in
                guard let refusalHeaders, case .failure = result else { return finish(Outcome(result: result)) }
                readers.async { finish(Outcome(result: result, refusalHeaders: refusalHeaders())) }
            }
        }
        switch side {
        case .writer:
            let (writer, bytes) = (stores.writer, request.announcedLength ?? 0)
            request.answerLater({ finish in writer.submit(bytes: bytes, work, done: finishing(finish)) }, answer: answer)
        case .readers:
            request.answerLater({ finish in readers.async { finishing(finish)(Result { try work() }) } }, answer: answer)
        case .batches:
            let batches = stores.batches
            request.answerLater({ finish in
                batches.async {
                    defer { HeapPolicy.giveBackFreeMemory() }
                    finishing(finish)(Result { try work() })
                }
            }, answer: answer)
        }
    }
}

/// What store work gave an answer: its result, and the headers a refusal of it carries.
private struct Outcome<T: Sendable>: Sendable {
    var result: Result<T, any Error>
    var refusalHeaders: [(String, String)] = []
}
