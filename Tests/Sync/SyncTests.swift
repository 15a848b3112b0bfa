import Foundation
import Testing
import PinRenderCore
import PinSync

/// The sync client against a real `pinrender serve`: offline changes, lost answers, a
/// killed server, conflicts and refusals.
@Suite(.serialized) struct SyncTests {
    /// Quick retries for the tests, for about a minute (400 waits of 0.15 s on average): a
    /// bound against a server that never comes back, far beyond a restart.
    static let patient = RetryPolicy(attempts: 400, initialDelay: 0.05, maxDelay: 0.3)

    @Test func offlineChangesLandOnceWhenTheServerComesUp() async throws {
        let service = try TestService()
        try await service.upload()
        let store = try PinSyncStore.scratch()
        let a = try store.create(on: "plan", x: 0.25, y: 0.5, text: "Crack in the wall", author: "ana")
        try #expect(await store.sync("plan", with: SyncServer(url: service.url)).applied == 1)
        service.stop()

        // Offline: everything shows at once, pending.
        let b = try store.create(on: "plan", x: 0.75, y: 0.25, text: "Socket missing", author: "ana")
        try store.edit(b.pin.id, of: "plan", PinEdit(text: "Socket missing, 2 needed"))
        try store.edit(a.pin.id, of: "plan", PinEdit(text: "Crack in the wall, 40 cm"))
        let reply = try store.reply(to: a.pin.id, of: "plan", text: "Seen, plaster on Monday", author: "bo")
        try store.resolve(a.pin.id, of: "plan")
        #expect(try store.pins(of: "plan").map(\.pendingSync) == [true, true, true])
        #expect(try store.pin(a.pin.id, of: "plan")?.pin.text == "Crack in the wall, 40 cm")
        #expect(try store.queued(of: "plan") == 3, "edits join the change not yet sent")
        await #expect(throws: PinSyncError.self) {
            try await store.sync("plan", with: SyncServer(url: service.url, retry: RetryPolicy(attempts: 2, initialDelay: 0.01)))
        }
        #expect(try store.queued(of: "plan") == 3)

        try service.start()
        let report = try await store.sync("plan", with: SyncServer(url: service.url))
        #expect(report.applied == 3 && report.problems.isEmpty)
        let server = try await service.pins()
        #expect(server.count == 3)
        #expect(server[a.pin.id]?.text == "Crack in the wall, 40 cm" && server[a.pin.id]?.resolved == true)
        #expect(server[a.pin.id]?.version == 2, "one edit applied once: \(server[a.pin.id]!)")
        #expect(server[b.pin.id]?.version == 1 && server[b.pin.id]?.text == "Socket missing, 2 needed")
        #expect(server[reply.pin.id]?.parentId == a.pin.id)
        #expect(try store.snapshot() == server)
        #expect(try store.pins(of: "plan").allSatisfy { !$0.pendingSync })

        // Nothing is sent twice.
        let again = try await store.sync("plan", with: SyncServer(url: service.url))
        #expect(again.applied == 0 && again.requests == 1)
        #expect(try await service.pins() == server)
    }

    /// The server applies a batch and dies (`kill -9`) before it answers; the client
    /// retries until the restarted server answers from the changes' ids.
    @Test func aServerKilledBeforeItAnswersLosesNothingAndDuplicatesNothing() async throws {
        let service = try TestService()
        try await service.upload()
        let store = try PinSyncStore.scratch()
        let base = try store.create(on: "plan", x: 0.5, y: 0.5, text: "Door frame", author: "ana")
        _ = try await store.sync("plan", with: SyncServer(url: service.url))

        let proxy = try FaultProxy(upstream: service, actions: ["kill"])
        let created = try (0..<5).map { try store.create(on: "plan", x: 0.1 * Double($0 + 1), y: 0.2, text: "Note \($0)", author: "ana") }
        try store.edit(base.pin.id, of: "plan", PinEdit(text: "Door frame, too narrow"))
        try store.reply(to: base.pin.id, of: "plan", text: "Agreed", author: "bo")
        let sync = Task { try await store.sync("plan", with: SyncServer(url: proxy.url, retry: Self.patient)) }
        try #require(await eventually(60) { service.process?.isRunning != true }, "the proxy never killed the server")
        // What the killed server committed before it died is on disk: restart on it.
        try service.start()
        let report = try await sync.value
        #expect(report.applied == 7 && report.problems.isEmpty && report.requests >= 2)

        let server = try await service.pins()
        #expect(server.count == 7)
        #expect(server[base.pin.id]?.version == 2, "the edit applied once, not again on the retry")
        #expect(created.allSatisfy { server[$0.pin.id]?.version == 1 })
        let local = try store.snapshot()
        #expect(local == server, "\(local.values.map(\.description).sorted()) vs \(server.values.map(\.description).sorted())")
    }

    /// Server errors (500) and an answer cut after the server applied the batch are
    /// retried with backoff; each change lands once.
    @Test func serverErrorsAndCutAnswersAreRetried() async throws {
        let service = try TestService()
        try await service.upload()
        let store = try PinSyncStore.scratch()
        let proxy = try FaultProxy(upstream: service, actions: ["500", "cut", "500", "cut"])
        let pin = try store.create(on: "plan", x: 0.3, y: 0.3, text: "Window", author: "ana")
        try store.resolve(pin.pin.id, of: "plan")
        let report = try await store.sync("plan", with: SyncServer(url: proxy.url, retry: Self.patient))
        #expect(report.applied == 1 && report.requests == 5)
        #expect(try await service.pins() == [pin.pin.id: Snapshot(try #require(try store.pin(pin.pin.id, of: "plan")))])
        #expect(try await service.pins()[pin.pin.id]?.resolved == true)
    }

    /// Answers that come slowly, are cut in the middle of the body, or stall past the
    /// client's timeout, each after the server applied the batch: the slow one is taken, the
    /// stalled one given up at the timeout (not when the server lets go), the others retried
    /// and answered from the changes' ids; nothing is created or edited twice, nothing is lost.
    @Test func slowCutAndStalledAnswersLoseNothingAndDuplicateNothing() async throws {
        let service = try TestService()
        try await service.upload()
        let store = try PinSyncStore.scratch()
        let door = try store.create(on: "plan", x: 0.5, y: 0.5, text: "Door", author: "ana")
        _ = try await store.sync("plan", with: SyncServer(url: service.url))
        let proxy = try FaultProxy(upstream: service, actions: ["slow", "partial", "stall", "partial"])
        let server = SyncServer(url: proxy.url, timeout: 3, retry: Self.patient)

        let window = try store.create(on: "plan", x: 0.2, y: 0.3, text: "Window", author: "ana")
        try store.edit(door.pin.id, of: "plan", PinEdit(text: "Door, slow"))
        let slow = try await store.sync("plan", with: server)
        #expect(slow.applied == 2 && slow.requests == 1, "a slow answer is an answer")

        let notes = try (0..<3).map { try store.create(on: "plan", x: 0.1, y: 0.2 * Double($0 + 1), text: "Note \($0)", author: "bo") }
        try store.edit(door.pin.id, of: "plan", PinEdit(text: "Door, too narrow"))
        try store.reply(to: window.pin.id, of: "plan", text: "Cracked glass", author: "cy")
        let cut = try await store.sync("plan", with: server)
        #expect(cut.applied == 5 && cut.problems.isEmpty && cut.requests == 4, "\(cut)")
        #expect(try await proxy.steer("given-up") == 1, "the client gave up on the stalled answer at its timeout")

        let truth = try await service.pins()
        #expect(truth.count == 6)
        #expect(truth[door.pin.id]?.version == 3 && truth[door.pin.id]?.text == "Door, too narrow", "each edit applied once")
        #expect(notes.allSatisfy { truth[$0.pin.id]?.version == 1 })
        #expect(try store.snapshot() == truth)
        #expect(try store.queued() == 0)
    }

    /// Two syncs of one store whose answers cross: the later answer holds the older state
    /// of the pin, and must not replace the newer one the store already took.
    @Test func anOlderAnswerArrivingLateDoesNotUndoANewerOne() async throws {
        let service = try TestService()
        try await service.upload()
        let direct = SyncServer(url: service.url)
        let ana = try PinSyncStore.scratch(), bo = try PinSyncStore.scratch()
        let pin = try ana.create(on: "plan", x: 0.5, y: 0.5, text: "Stair", author: "ana")
        _ = try await ana.sync("plan", with: direct)
        _ = try await bo.sync("plan", with: direct)

        // The proxy holds ana's answer until the test lets it go, after the newer state.
        let proxy = try FaultProxy(upstream: service, actions: ["hold"])
        try ana.edit(pin.pin.id, of: "plan", PinEdit(text: "Stair, 18 steps"))
        let slow = Task { try await ana.sync("plan", with: SyncServer(url: proxy.url)) }
        try #require(await eventually { try await service.pins()[pin.pin.id]?.version == 2 })
        _ = try await bo.sync("plan", with: direct)
        try bo.edit(pin.pin.id, of: "plan", PinEdit(text: "Stair, 17 steps"))
        _ = try await bo.sync("plan", with: direct)
        _ = try await ana.sync("plan", with: direct)
        #expect(try ana.pin(pin.pin.id, of: "plan")?.pin.text == "Stair, 17 steps")
        try await proxy.steer("release")
        #expect(try await slow.value.requests == 1, "the held answer was the one taken")
        #expect(try ana.pin(pin.pin.id, of: "plan")?.pin.text == "Stair, 17 steps")
        #expect(try await service.pins() == ana.snapshot())
    }

    /// Two clients edit the same pin offline. The first to sync wins; the second's edit is
    /// refused for its stale version, rolled back to the winner's text and reported as a
    /// lost conflict with the server's reason; after a sync both show the same pin.
    @Test func twoClientsEditingOnePinOfflineEndTheSameAndTheLoserIsTold() async throws {
        let service = try TestService()
        try await service.upload()
        let server = SyncServer(url: service.url)
        let ana = try PinSyncStore.scratch(), bo = try PinSyncStore.scratch()
        let pin = try ana.create(on: "plan", x: 0.4, y: 0.4, text: "Pipe", author: "ana")
        let gone = try ana.create(on: "plan", x: 0.6, y: 0.6, text: "Tile", author: "ana")
        _ = try await ana.sync("plan", with: server)
        _ = try await bo.sync("plan", with: server)
        #expect(try bo.snapshot() == ana.snapshot())

        try ana.edit(pin.pin.id, of: "plan", PinEdit(text: "Pipe leaks"))
        try bo.edit(pin.pin.id, of: "plan", PinEdit(text: "Pipe is fine", point: (0.45, 0.4)))
        try ana.delete(gone.pin.id, of: "plan")
        try bo.resolve(gone.pin.id, of: "plan")
        let events = bo.events()
        #expect(try await ana.sync("plan", with: server).problems.isEmpty)
        let lost = try await bo.sync("plan", with: server)

        #expect(lost.applied == 0)
        #expect(lost.problems.map(\.kind) == [.conflict, .conflict])
        #expect(lost.problems.map(\.pinId) == [pin.pin.id, gone.pin.id])
        #expect(lost.problems[0].fields.contains("Pipe is fine") && lost.problems[0].reason.contains("version 2"))
        #expect(lost.problems[1].reason.contains("deleted"))
        #expect(try bo.pin(pin.pin.id, of: "plan")?.pin.text == "Pipe leaks")
        #expect(try bo.pin(pin.pin.id, of: "plan")?.pin.relativeX == 0.4)
        #expect(try bo.pin(gone.pin.id, of: "plan") == nil)
        _ = try await ana.sync("plan", with: server)
        #expect(try ana.snapshot() == bo.snapshot())
        #expect(try await service.pins() == ana.snapshot())

        var seen: [StoreEvent] = []
        for await event in events {
            seen.append(event)
            if case .synced = event { break }
        }
        #expect(seen.contains(.problem(lost.problems[0])) && seen.contains(.problem(lost.problems[1])))
    }

    /// A field the server refuses (a page the content does not have) is rolled back and
    /// reported with the server's reason, with the reply that depended on it; the other
    /// changes land.
    /// An id the service would refuse (a URL cannot name it) is refused here, before it is
    /// queued, by the service's own rule (WireIdentifier).
    @Test func anIdTheServiceRefusesIsNotQueued() throws {
        let store = try PinSyncStore.scratch()
        #expect(throws: InputError.self) { try store.create(on: "plan", x: 0.5, y: 0.5, text: "t", author: "ana", id: "a/b") }
        #expect(throws: InputError.self) { try store.create(on: "../plan", x: 0.5, y: 0.5, text: "t", author: "ana") }
        let root = try store.create(on: "plan", x: 0.5, y: 0.5, text: "t", author: "ana", id: "p1")
        #expect(throws: InputError.self) { try store.reply(to: root.pin.id, of: "plan", text: "r", author: "bo", id: ".r") }
        #expect(try store.queued(of: "plan") == 1)
    }

    @Test func aRefusedFieldIsRolledBack() async throws {
        let service = try TestService()
        try await service.upload()
        let server = SyncServer(url: service.url)
        let store = try PinSyncStore.scratch()
        let pin = try store.create(on: "plan", x: 0.2, y: 0.8, text: "Beam", author: "ana")
        _ = try await store.sync("plan", with: server)
        let wrong = try store.create(on: "plan", page: 2, x: 0.5, y: 0.5, text: "On page 2", author: "ana")
        let reply = try store.reply(to: wrong.pin.id, of: "plan", text: "Which page?", author: "bo")
        try store.edit(pin.pin.id, of: "plan", PinEdit(text: "Beam, cracked"))
        #expect(try store.pins(of: "plan").count == 3)

        let report = try await store.sync("plan", with: server)
        #expect(report.applied == 1)
        #expect(report.problems.map(\.kind) == [.refused, .refused])
        #expect(report.problems.map(\.pinId) == [wrong.pin.id, reply.pin.id])
        #expect(report.problems[0].reason.contains("page 2, but content \"plan\" has 1 page"), "\(report.problems[0].reason)")
        #expect(report.problems[1].reason.contains("parentId"), "\(report.problems[1].reason)")
        #expect(try store.pin(wrong.pin.id, of: "plan") == nil && store.pin(reply.pin.id, of: "plan") == nil)
        #expect(try store.pin(pin.pin.id, of: "plan")?.pin.text == "Beam, cracked")
        #expect(try store.pins(of: "plan").map(\.pendingSync) == [false])
        #expect(try await service.pins() == store.snapshot())
    }

    /// A token without the right to comment: the server refuses the batch (403), the
    /// changes are rolled back and reported. A missing token (401) keeps them queued.
    @Test func changesWithoutPermissionAreRolledBack() async throws {
        let service = try TestService(tokens: """
            {"tokens": [{"token": "admin-token", "contents": ["*"], "role": "admin"},
                        {"token": "reader-token", "contents": ["plan"], "role": "read"}]}
            """)
        try await service.upload(token: "admin-token")
        let store = try PinSyncStore.scratch()
        let kept = try store.create(on: "plan", x: 0.5, y: 0.5, text: "Kept", author: "ana")
        _ = try await store.sync("plan", with: SyncServer(url: service.url, token: "admin-token"))
        try store.edit(kept.pin.id, of: "plan", PinEdit(text: "Changed by a reader"))
        let added = try store.create(on: "plan", x: 0.1, y: 0.1, text: "Added by a reader", author: "cy")

        await #expect(throws: PinSyncError.refused(server: service.url.absoluteString, status: 401,
                                                   message: "a bearer token is needed (Authorization: Bearer TOKEN)")) {
            try await store.sync("plan", with: SyncServer(url: service.url))
        }
        #expect(try store.queued(of: "plan") == 2)

        let report = try await store.sync("plan", with: SyncServer(url: service.url, token: "reader-token"))
        #expect(report.problems.map(\.kind) == [.refused, .refused])
        #expect(report.problems.allSatisfy { $0.reason.contains("role is read") })
        #expect(try store.queued(of: "plan") == 0)
        #expect(try store.pin(kept.pin.id, of: "plan")?.pin.text == "Kept")
        #expect(try store.pin(added.pin.id, of: "plan") == nil)
        #expect(try await service.pins(token: "reader-token") == store.snapshot())
    }
}
