import Foundation
import Testing
import PinSync

/// `watch()` against a real `pinrender serve`, through the fault proxy: live changes
/// applied, a cut connection while changes are missed, a resync close (4000), a silent
/// connection, a refused token.
@Suite(.serialized) struct WatchTests {
    /// Quick reconnections for the tests.
    static let quick = RetryPolicy(attempts: 3, initialDelay: 0.05, maxDelay: 0.3)

    /// A service with `plan`, the fault proxy in front of it, a store to watch and another
    /// client, `bo`, that syncs straight with the service.
    struct Rig {
        let service: TestService
        let proxy: FaultProxy
        let watcher: PinSyncStore
        let bo: PinSyncStore
        let log: EventLog
        var direct: SyncServer { SyncServer(url: service.url) }

        init(heartbeat: Int = 15) async throws {
            service = try TestService(heartbeat: heartbeat)
            try await service.upload()
            proxy = try FaultProxy(upstream: service, actions: [])
            watcher = try PinSyncStore.scratch()
            bo = try PinSyncStore.scratch()
            log = EventLog(watcher)
        }
    }

    /// Starts a watch of `plan` in `store` through `url`; cancel the task to stop it.
    static func watching(_ store: PinSyncStore, _ url: URL, token: String? = nil, idleTimeout: Double = 30) -> Task<Void, Error> {
        Task { try await store.watch("plan", with: SyncServer(url: url, token: token, retry: quick), idleTimeout: idleTimeout) }
    }

    /// The changes on the server's side are missed while the connection is cut and new
    /// ones are refused; reconnected, the watch takes them from its cursor: each once, in
    /// order, its own queued edit kept on top of the server's state until it syncs.
    @Test func aCutConnectionRecoversTheMissedChangesFromTheCursor() async throws {
        let rig = try await Rig()
        let (service, proxy, watcher, bo, log, direct) = (rig.service, rig.proxy, rig.watcher, rig.bo, rig.log, rig.direct)
        let first = try bo.create(on: "plan", x: 0.2, y: 0.2, text: "Before", author: "bo")
        let second = try bo.create(on: "plan", x: 0.7, y: 0.7, text: "Socket", author: "bo")
        let untouched = try bo.create(on: "plan", x: 0.9, y: 0.9, text: "Not changed again", author: "bo")
        _ = try await bo.sync("plan", with: direct)
        let watch = Self.watching(watcher, proxy.url)
        defer { watch.cancel() }
        #expect(await eventually { try await watcher.snapshot() == service.pins() && log.connections == 1 })
        #expect(log.changes.map(\.pinId) == [first.pin.id, second.pin.id, untouched.pin.id])
        try watcher.edit(second.pin.id, of: "plan", PinEdit(text: "Socket, the watcher's edit"))

        try await proxy.steer("block")
        #expect(try await proxy.steer("drop") == 1)
        #expect(await eventually { !log.disconnections.isEmpty })
        try bo.edit(first.pin.id, of: "plan", PinEdit(text: "Edited while the watcher was away"))
        let reply = try bo.reply(to: first.pin.id, of: "plan", text: "Seen", author: "cy")
        let third = try bo.create(on: "plan", x: 0.5, y: 0.1, text: "New while away", author: "bo")
        try bo.resolve(second.pin.id, of: "plan")
        _ = try await bo.sync("plan", with: direct)
        // Two tries refused while blocked (counted, not waited for): still no connection.
        #expect(await eventually { log.disconnections.filter { $0.contains("503") }.count >= 2 }, "\(log.disconnections)")
        #expect(log.connections == 1, "no connection while blocked")
        try await proxy.steer("unblock")

        let server = try await service.pins()
        #expect(await eventually { try watcher.cursor(of: "plan") >= bo.cursor(of: "plan") && log.connections == 2 })
        var mine = try watcher.snapshot()
        #expect(mine[second.pin.id]?.text == "Socket, the watcher's edit" && mine[second.pin.id]?.resolved == true,
                "the queued edit stays on top of the server's resolve: \(mine[second.pin.id]?.description ?? "gone")")
        #expect(try watcher.pin(second.pin.id, of: "plan")?.pendingSync == true)
        mine[second.pin.id] = server[second.pin.id]
        #expect(mine == server)
        let seqs = log.changes.map(\.seq)
        #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count, "each change once, in order: \(seqs)")
        #expect(log.changes.dropFirst(3).map(\.pinId).sorted() == [first.pin.id, reply.pin.id, third.pin.id, second.pin.id].sorted(),
                "the missed changes only, once")
        #expect(log.changes.last?.pinId == second.pin.id && log.changes.last?.resolved == true)

        let report = try await watcher.sync("plan", with: direct)
        #expect(report.problems.map(\.kind) == [.conflict])
        #expect(try await watcher.snapshot() == service.pins())
    }

    /// Closed with code 4000 (fell behind), the watch takes the changes it missed from the
    /// changes endpoint, then reconnects from the new cursor.
    @Test func aResyncCloseTakesTheChangesFromTheChangesEndpoint() async throws {
        let rig = try await Rig()
        let (service, proxy, watcher, bo, log, direct) = (rig.service, rig.proxy, rig.watcher, rig.bo, rig.log, rig.direct)
        let watch = Self.watching(watcher, proxy.url)
        defer { watch.cancel() }
        #expect(await eventually { log.connections == 1 })

        try await proxy.steer("pause")
        let a = try bo.create(on: "plan", x: 0.1, y: 0.9, text: "Held back", author: "bo")
        try bo.create(on: "plan", x: 0.9, y: 0.1, text: "Held back too", author: "bo")
        _ = try await bo.sync("plan", with: direct)
        try bo.edit(a.pin.id, of: "plan", PinEdit(text: "Held back, edited"))
        _ = try await bo.sync("plan", with: direct)
        #expect(try await proxy.steer("resync") == 1)

        #expect(await eventually { log.connections == 2 })
        #expect(log.watched.contains(.resynced(contentId: "plan", pulled: 2, cursor: try bo.cursor(of: "plan"))), "\(log.watched)")
        #expect(log.changes.isEmpty, "the held events were never delivered: \(log.changes)")
        #expect(log.disconnections.first?.contains("4000") == true)
        #expect(try await watcher.snapshot() == service.pins())
    }

    /// A connection that goes silent (the proxy holds everything, heartbeats included) is
    /// given up after the idle time and opened again.
    @Test func aSilentConnectionIsReopened() async throws {
        let rig = try await Rig(heartbeat: 1)
        let (service, proxy, watcher, bo, log) = (rig.service, rig.proxy, rig.watcher, rig.bo, rig.log)
        let watch = Self.watching(watcher, proxy.url, idleTimeout: 3)
        defer { watch.cancel() }
        #expect(await eventually { log.connections == 1 })
        try await proxy.steer("pause")
        let pin = try bo.create(on: "plan", x: 0.3, y: 0.6, text: "Said into the silence", author: "bo")
        _ = try await bo.sync("plan", with: SyncServer(url: service.url))
        #expect(await eventually { log.changes.map(\.pinId) == [pin.pin.id] })
        #expect(try watcher.pin(pin.pin.id, of: "plan") != nil)
        #expect(log.disconnections.first?.contains("nothing heard for 3 s") == true, "\(log.disconnections)")
    }

    /// A token the service does not know: a retry cannot help, the watch ends with the refusal.
    @Test func aRefusedTokenEndsTheWatch() async throws {
        let service = try TestService(tokens: #"{"tokens": [{"token": "admin-token", "contents": ["*"], "role": "admin"}]}"#)
        try await service.upload(token: "admin-token")
        let watcher = try PinSyncStore.scratch()
        await #expect(throws: PinSyncError.refused(server: service.url.absoluteString, status: 401, message: "Unauthorized")) {
            try await Self.watching(watcher, service.url, token: "wrong").value
        }
    }
}
