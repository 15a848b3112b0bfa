import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics
@testable import PinRender
@testable import PinService
@testable import PinServiceCore

/// What a service committed, in order (ReviewServiceRevisionTests' too).
final class CommitLog: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [CommittedChange] = []

    func append(_ change: CommittedChange) { lock.withLock { changes.append(change) } }

    /// Each committed pin's id with its event type.
    var events: [String] {
        lock.withLock { changes.flatMap { change in change.pins.map { "\($0.pin.id) \(PinEvent($0, previous: change.previous).wire.type)" } } }
    }
}

/// A service on a store in a fresh directory with one content of two pages.
private func makeService(maxSyncChanges: Int = 1000) throws -> (ReviewService, CommitLog, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("review-\(UUID().uuidString)")
    let store = try PinStore(directory: directory)
    try store.saveContent(ContentRecord(id: "plan", kind: "pdf", file: "plan.pdf", bytes: 1, unit: "pt",
                                        pages: [.init(page: 1, width: 100, height: 50), .init(page: 2, width: 100, height: 50)],
                                        updatedAt: "2026-12-01T00:00:00Z"))
    var limits = ReviewService.Limits()
    limits.maxSyncChanges = maxSyncChanges
    let log = CommitLog()
    return (ReviewService(store: store, limits: limits) { log.append($0) }, log, directory)
}

private func root(_ id: String, page: Int = 1) -> Pin {
    Pin(id: id, contentId: "plan", page: page, relativeX: 0.5, relativeY: 0.5, authorId: "u", text: "root \(id)")
}

/// `body`'s refusal, or nil when it went through.
private func refusal(_ body: () throws -> Void) -> ReviewError? {
    do {
        try body()
        return nil
    } catch let error as ReviewError {
        return error
    } catch {
        Issue.record("not a ReviewError: \(error)")
        return nil
    }
}

struct ReviewServiceTests {
    @Test func aPinIsCreatedEditedResolvedAndDeletedWithItsEventsInCommitOrder() throws {
        let (service, log, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (created, isNew) = try service.create(root("a"))
        #expect(isNew && created.version == 1)
        #expect(try service.create(root("a")).created == false)
        var reply = Pin(id: "r", contentId: "plan", authorId: "u", text: "reply", parentId: "a")
        reply.page = 2
        _ = try service.create(reply)
        let edited = try service.edit("a", of: "plan", PinEdit(version: 1) { pin in
            var pin = pin
            pin.text = "moved"
            return pin
        })
        #expect(edited.version == 2 && edited.pin.text == "moved")
        let resolved = try service.resolve("a", of: "plan", version: 2)
        #expect(resolved.pin.resolved && resolved.version == 3)
        #expect(try service.delete("a", of: "plan", version: 3).map(\.pin.id) == ["a", "r"])
        #expect(try service.delete("a", of: "plan", version: nil).isEmpty)
        #expect(log.events == ["a pin.created", "r pin.created", "a pin.updated", "a pin.resolved", "a pin.deleted", "r pin.deleted"])
        #expect(try service.pins(of: "plan").pins.isEmpty)
        let changes = try service.changes(of: "plan", since: 0)
        #expect(changes.changes.map(\.pin.id) == ["a", "r"] && changes.cursor == 6 && !changes.more)
    }

    @Test func refusalsNameWhatIsAtFaultWithoutHTTP() throws {
        let (service, _, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(refusal { _ = try service.pins(of: "nothing") } == .unknownContent("nothing"))
        #expect(refusal { _ = try service.pin("p", of: "plan") } == .unknownPin(contentId: "plan", id: "p"))
        guard case .invalid(let page)? = refusal({ _ = try service.create(root("far", page: 3)) }) else {
            Issue.record("a pin past the last page was taken")
            return
        }
        #expect(page.location == "page" && page.problem == "page 3, but content \"plan\" has 2 pages")
        let stored = try service.create(root("a")).pin
        _ = try service.resolve("a", of: "plan", version: 1)
        guard case .conflict(let current)? = refusal({ _ = try service.resolve("a", of: "plan", resolved: false, version: 1) }) else {
            Issue.record("a stale version was taken")
            return
        }
        #expect(current.version == 2 && current.pin.id == stored.pin.id)
        _ = try service.delete("a", of: "plan", version: nil)
        guard case .deleted(let tombstone)? = refusal({ _ = try service.pin("a", of: "plan") }) else {
            Issue.record("a deleted pin was shown")
            return
        }
        #expect(tombstone.deleted)
        let past = refusal { try service.check(cursor: 99, named: "since") }
        #expect(past?.message.hasPrefix("since: 99 is past the newest change, 3: not a cursor of this store") == true)
        for error in [past, refusal { _ = try service.pins(of: "nothing") }] {
            #expect(error?.message.contains("HTTP") == false && error?.message.contains("PUT") == false)
        }
    }

    @Test func aSyncBatchAppliesOrRefusesEachChangeOnceAndIsSafeToSendAgain() throws {
        let (service, log, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = SyncBatch(contentId: "plan", cursor: 0, changes: [
            .init(changeId: "c1", location: "changes[0]", operation: .create(root("a"))),
            .init(changeId: "c2", location: "changes[1]", operation: .update(pinId: "a", .success(.resolved(true, version: 1)))),
            .init(changeId: "c3", location: "changes[2]", operation: .delete(pinId: "missing", version: .success(1))),
            .init(changeId: "c4", location: "changes[3]", operation: .create(root("far", page: 5))),
        ])
        let answer = try service.sync(batch, client: "")
        #expect(answer.results.map(\.applied) == [true, true, false, false])
        #expect(answer.results[2].reason == "no pin \"missing\" on content \"plan\"")
        #expect(answer.results[3].reason == "changes[3].pin.page: page 5, but content \"plan\" has 2 pages")
        #expect(answer.changes.map(\.pin.id) == ["a"] && answer.cursor == 2)
        #expect(log.events == ["a pin.created", "a pin.resolved"])
        let again = try service.sync(batch, client: "")
        #expect(again.results.allSatisfy(\.replayed) && again.results.map(\.applied) == [true, true, false, false])
        #expect(log.events.count == 2)
        let twice = SyncBatch(contentId: "plan", cursor: 0, changes: [batch.changes[0], batch.changes[0]])
        #expect(refusal { _ = try service.sync(twice, client: "") }?.message
            == "changes[1].changeId: \"c1\" is changes[0]'s id too: each change of a batch needs its own")
    }

    @Test func aBatchOverTheLimitIsRefusedWhole() throws {
        let (service, log, directory) = try makeService(maxSyncChanges: 1)
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = SyncBatch(contentId: "plan", cursor: 0, changes: [
            .init(changeId: "c1", location: "changes[0]", operation: .create(root("a"))),
            .init(changeId: "c2", location: "changes[1]", operation: .create(root("b"))),
        ])
        #expect(refusal { _ = try service.sync(batch, client: "") }?.message == "changes: 2 changes; at most 1 a batch")
        #expect(log.events.isEmpty)
    }

    @Test func aBatchInStepsCommitsEachStepWithItsEventsInOrder() throws {
        let (service, log, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        let batch = SyncBatch(contentId: "plan", cursor: 0, changes: (0..<5).map {
            .init(changeId: "c\($0)", location: "changes[\($0)]", operation: .create(root("p\($0)")))
        })
        var steps: [Int] = []
        let answer = try service.sync(batch, client: "", stepSize: 2) { step in
            try step()
            steps.append(log.events.count)
        }
        // Each step's events go out once it committed, before the next step runs.
        #expect(steps == [2, 4, 5])
        #expect(answer.results.allSatisfy(\.applied) && answer.cursor == 5)
        #expect(log.events == (0..<5).map { "p\($0) pin.created" })
    }
}

/// Writes waiting for the writer commit together, and one refused among them loses no other.
struct StoreWriterTests {
    @Test func writesThatWaitCommitOnceAndARefusedOneRollsBackAlone() throws {
        let (service, log, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The writer takes nothing before the test lets it: the four writes all wait.
        let held = DispatchSemaphore(value: 0)
        let writer = StoreWriter(store: service.store, beforeGroup: {
            held.wait()
            held.signal()
        })
        let before = service.store.commits
        let answered = DispatchGroup()
        let lock = NSLock()
        var outcomes: [String: String] = [:]
        var seenAtFirstAnswer: (commits: Int, events: [String])?
        for (id, page) in [("a", 1), ("b", 2), ("bad", 3), ("d", 1)] {
            answered.enter()
            writer.submit(bytes: 100, { try service.create(root(id, page: page)) }) { result in
                lock.withLock {
                    if seenAtFirstAnswer == nil { seenAtFirstAnswer = (service.store.commits - before, log.events) }
                    switch result {
                    case .success(let created): outcomes[id] = "created \(created.pin.seq)"
                    case .failure(let error): outcomes[id] = (error as? ReviewError)?.message ?? "\(error)"
                    }
                }
                answered.leave()
            }
        }
        held.signal()
        answered.wait()
        #expect(service.store.commits - before == 1)
        #expect(outcomes == ["a": "created 1", "b": "created 2", "d": "created 3",
                             "bad": "page: page 3, but content \"plan\" has 2 pages"])
        // The first answer came after the one commit, with every event of the group sent.
        #expect(seenAtFirstAnswer?.commits == 1)
        #expect(seenAtFirstAnswer?.events == ["a pin.created", "b pin.created", "d pin.created"])
        #expect(try service.pins(of: "plan").pins.map(\.pin.id) == ["a", "b", "d"])
    }

    @Test func aWriteAloneCommitsAloneAndGroupsKeepTheirBounds() throws {
        let (service, _, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        let held = DispatchSemaphore(value: 0)
        var limits = StoreWriter.Limits()
        (limits.count, limits.bytes) = (3, 1000)
        let writer = StoreWriter(store: service.store, limits: limits, beforeGroup: {
            held.wait()
            held.signal()
        })
        let before = service.store.commits
        let answered = DispatchGroup()
        // 3 and 3 by count, then 600 alone by bytes (600 + 600 > 1000), then 600 and 10: four commits.
        for (index, bytes) in [10, 10, 10, 10, 10, 10, 600, 600, 10].enumerated() {
            answered.enter()
            writer.submit(bytes: bytes, { try service.create(root("p\(index)")) }) { _ in answered.leave() }
        }
        held.signal()
        answered.wait()
        #expect(service.store.commits - before == 4)
        #expect(try service.pins(of: "plan").pins.count == 9)
        #expect(try writer.perform { try service.create(root("alone")).pin.seq } == 10)
        #expect(service.store.commits - before == 5)
    }
}

struct ServiceErrorTableTests {
    private static let pin = StoredPin(pin: Pin(id: "a", contentId: "plan", authorId: "u", text: "t"), version: 2,
                                       updatedAt: "2026-12-01T00:00:00Z", seq: 4, deleted: false)

    /// Every refusal of the domain has one status, whichever path it took.
    @Test func eachRefusalIsOneStatusWithItsBody() {
        let cases: [(Error, Int)] = [
            (ReviewError.unknownContent("plan"), 404),
            (ReviewError.unknownContent("plan"), 404),
            (ReviewError.unknownPin(contentId: "plan", id: "a"), 404),
            (ReviewError.invalid("page", "page 3, but content \"plan\" has 2 pages"), 400),
            (ReviewError.invalid(InputError(source: "request", location: "page", problem: "page 3, but content \"plan\" has 2 pages")), 400),
            (InputError(source: "query", location: "since", problem: "needs a cursor"), 400),
            (ReviewError.conflict(Self.pin), 409),
            (ReviewError.deleted(Self.pin), 410),
        ]
        for (error, status) in cases {
            let answer = ServiceError(error)
            #expect(answer.status == status, "\(error)")
        }
        #expect(ServiceError(ReviewError.invalid("page", "page 3, but content \"plan\" has 2 pages")).message
            == ServiceError(ReviewError.invalid(InputError(source: "request", location: "page",
                                                           problem: "page 3, but content \"plan\" has 2 pages"))).message)
        #expect(ServiceError(ReviewError.conflict(Self.pin)).current == Self.pin)
        #expect(ServiceError(ReviewError.unknownContent("plan")).message == "no content \"plan\" (upload it with PUT /v1/contents/plan)")
        #expect(ServiceError(ReviewError.serverFault(detail: "SQLite: disk I/O")).status == 500)
        #expect(ServiceError(ReviewError.serverFault(detail: "SQLite: disk I/O")).message.contains("SQLite") == false)
    }

    /// A render's failures, as its worker answers them and as any other path would: a page
    /// that does not exist is a 400 whether the page selection or Poppler finds it.
    @Test func aRendersFailuresGoThroughTheSameTable() {
        let cases: [(Error, Int)] = [
            (InputError(source: "content \"plan\"", location: "", problem: "page 3 does not exist (the document has 2 pages)"), 400),
            (GraphicsError.noSuchPage(file: "content \"plan\"", page: 2, pageCount: 2), 400),
            (GraphicsError.unreadable(file: "content \"plan\"", reason: "not a readable PDF"), 422),
            (LimitError(subject: "content \"plan\"", limit: .memory(bytes: 1 << 30), activities: [.drawingPage(1)]), 422),
            (OutputError(file: "render.png", reason: "No space left on device"), 500),
        ]
        for (error, status) in cases {
            #expect(ServiceError.answer(for: error).status == status, "\(error)")
            #expect(ServiceError(error).status == status, "\(error)")
        }
        #expect(ServiceError.answer(for: LimitError(subject: "content \"plan\"", limit: .time(seconds: 2), activities: [.drawingPage(1)]))
            .message == "content \"plan\": stopped at the service's limit of 2 s for one render (serve --render-timeout) while drawing page 1")
        // A server fault's text goes to the log, not to the client; the worker's answer keeps it for the server.
        #expect(ServiceError.answer(for: OutputError(file: "render.png", reason: "No space left")).message.contains("No space left"))
        #expect(ServiceError(OutputError(file: "render.png", reason: "No space left")).message.contains("No space left") == false)
    }
}
