import Foundation
import Testing
import PinRender
import PinRenderCore
import PinPlatform
@testable import PinService
@testable import PinServiceCore

/// A store in a fresh directory, with one content of `pages` pages.
private func makeStore(pages: Int = 2) throws -> (PinStore, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pinstore-\(UUID().uuidString)")
    let store = try PinStore(directory: directory)
    try store.saveContent(ContentRecord(id: "plan", kind: "pdf", file: "plan.pdf", bytes: 1, unit: "pt",
                                        pages: (1...pages).map { .init(page: $0, width: 100, height: 50) },
                                        updatedAt: "2026-11-30T00:00:00Z"))
    return (store, directory)
}

private func root(_ id: String, page: Int = 1, x: Double = 0.5) -> Pin {
    Pin(id: id, contentId: "plan", page: page, relativeX: x, relativeY: 0.5, authorId: "u", text: "root \(id)")
}

private func reply(_ id: String, to parent: String) -> Pin {
    Pin(id: id, contentId: "plan", authorId: "u", text: "reply \(id)", parentId: parent)
}

struct PinStoreTests {
    @Test(.timeLimit(.minutes(1))) func checkpointsAreMadeOnTheirOwnThreadAndKeepEveryChange() throws {
        let directory = try withStore { store in
            // 1,500 pins of 3 KB: about 1,200 pages of 4 KB in the WAL, past the 1,000 that
            // ask for a checkpoint.
            for n in 0..<1500 {
                var pin = root("p\(n)")
                pin.text = String(repeating: "\(n % 10)", count: 3000)
                _ = try store.create(pin)
            }
            let checkpointer = try #require(store.checkpointer)
            checkpointer.wait(forCheckpoints: 1)
            _ = try store.create(root("last"))
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let reopened = try PinStore(directory: directory)
        #expect(try reopened.pins(of: "plan").count == 1501)
        #expect(try reopened.lastSeq() == 1501)
    }

    @Test func createIsIdempotentAndNumbersChanges() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (first, created) = try store.create(root("a"))
        #expect(created && first.version == 1 && first.seq == 1)
        var retried = root("a")
        retried.text = "another text"
        let (again, createdAgain) = try store.create(retried)
        #expect(!createdAgain && again == first)
        #expect(try store.create(root("b")).pin.seq == 2)
        #expect(try store.lastSeq() == 2)
        #expect(try store.pins(of: "plan").map(\.pin.id) == ["a", "b"])
    }

    @Test func aReplyToAReplyBelongsToTheRootAndTakesItsPage() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try store.create(root("r", page: 2))
        _ = try store.create(reply("a", to: "r"))
        let nested = try store.create(reply("b", to: "a")).pin
        #expect(nested.pin.parentId == "r" && nested.pin.page == 2 && nested.pin.relativeX == nil)
        #expect(throws: ReviewError.self) { try store.create(reply("c", to: "ghost")) }
    }

    @Test func pagesBeyondTheContentAndUnknownContentsAreRefused() throws {
        let (store, directory) = try makeStore(pages: 2)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try store.create(root("p", page: 3), at: "pins[4]")
            Issue.record("page 3 of 2 was accepted")
        } catch ReviewError.invalid(let error) {
            #expect(error.location == "pins[4].page")
        }
        var elsewhere = root("q")
        elsewhere.contentId = "nothing"
        #expect(throws: ReviewError.unknownContent("nothing")) { try store.create(elsewhere) }
    }

    @Test func aStaleVersionIsAConflictWithTheCurrentPin() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        var pin = try store.create(root("a")).pin.pin
        pin.resolved = true
        let edited = try store.update(pin, version: 1)
        #expect(edited.version == 2 && edited.pin.resolved && edited.seq == 2)
        pin.text = "late"
        #expect(throws: ReviewError.conflict(edited)) { try store.update(pin, version: 1) }
        #expect(throws: ReviewError.conflict(edited)) { try store.delete("a", of: "plan", version: 1) }
    }

    @Test func deletingARootLeavesTombstonesForItsThreadInTheChanges() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try store.create(root("a"))
        let cursor = try store.lastSeq()
        _ = try store.create(reply("a1", to: "a"))
        _ = try store.create(root("b"))
        let tombstones = try store.delete("a", of: "plan", version: nil)
        #expect(tombstones.map(\.pin.id) == ["a", "a1"] && tombstones.allSatisfy(\.deleted))
        #expect(try store.delete("a", of: "plan", version: nil).isEmpty)
        let changes = try store.changes(of: "plan", since: cursor, limit: 100).map(\.pin)
        #expect(changes.map(\.pin.id) == ["b", "a", "a1"])
        #expect(changes.map(\.seq) == changes.map(\.seq).sorted())
        #expect(try store.pins(of: "plan").map(\.pin.id) == ["b"])
        #expect(throws: ReviewError.deleted(tombstones[0])) { try store.create(root("a")) }
    }

    @Test func aSyncChangeIsAppliedOnceByItsId() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let change = SyncChange(changeId: "c1", contentId: "plan", pinId: "a", location: "changes[0]", action: .create(root("a")))
        let first = try store.apply(change, from: "k")
        #expect(first.outcome.applied && !first.outcome.replayed && first.changed.count == 1)
        let again = try store.apply(change, from: "k")
        #expect(again.outcome.applied && again.outcome.replayed && again.changed.isEmpty)
        let stale = SyncChange(changeId: "c2", contentId: "plan", pinId: "a", location: "changes[1]",
                               action: .update(root("a"), version: 7))
        #expect(try store.apply(stale, from: "k").outcome.reason?.contains("version 1") == true)
        #expect(try store.apply(stale, from: "k").outcome.replayed)
        #expect(try store.lastSeq() == 1)
    }

    @Test func aSyncChangeIdIsItsClientsOnItsContent() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        try store.saveContent(ContentRecord(id: "other", kind: "pdf", file: "other.pdf", bytes: 1, unit: "pt",
                                            pages: [.init(page: 1, width: 100, height: 50)], updatedAt: "2026-11-30T00:00:00Z"))
        let refused = SyncChange(changeId: "same", contentId: "plan", pinId: "ghost", location: "changes[0]",
                                 action: .refuse(.unknownPin(contentId: "plan", id: "ghost")))
        #expect(try !store.apply(refused, from: "a").outcome.applied)
        var elsewhere = root("b")
        elsewhere.contentId = "other"
        let onOther = try store.apply(SyncChange(changeId: "same", contentId: "other", pinId: "b", location: "changes[0]",
                                                 action: .create(elsewhere)), from: "a")
        #expect(onOther.outcome.applied && !onOther.outcome.replayed && onOther.outcome.reason == nil)
        let byOther = try store.apply(SyncChange(changeId: "same", contentId: "plan", pinId: "c", location: "changes[0]",
                                                 action: .create(root("c"))), from: "b")
        #expect(byOther.outcome.applied && !byOther.outcome.replayed)
        #expect(try store.pins(of: "plan").map(\.pin.id) == ["c"] && store.pins(of: "other").map(\.pin.id) == ["b"])
        let retried = try store.apply(refused, from: "a").outcome
        #expect(retried.replayed && retried.reason?.contains("ghost") == true)
    }

    @Test func theSyncResultsRecordedBeforeVersion3AreAnyClientsOfTheirContent() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pinstore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            let old = try SQLiteConnection(path: directory.appendingPathComponent("pins.db").path, readOnly: false)
            try old.execute("PRAGMA journal_mode=WAL; CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
            for (number, step) in Migrations.steps(.sqlite).prefix(2).enumerated() {
                try old.execute(step)
                try old.run("INSERT INTO schema_migrations VALUES (?, 'then')", [.integer(number + 1)])
            }
            try old.execute("INSERT INTO sync_results VALUES ('old', 'plan', 'a', 'refused', 'it was refused then')")
        }
        let store = try PinStore(directory: directory)
        try store.saveContent(ContentRecord(id: "plan", kind: "pdf", file: "plan.pdf", bytes: 1, unit: "pt",
                                            pages: [.init(page: 1, width: 100, height: 50)], updatedAt: "2026-11-30T00:00:00Z"))
        let retried = try store.apply(SyncChange(changeId: "old", contentId: "plan", pinId: "a", location: "changes[0]",
                                                 action: .create(root("a"))), from: "anyone").outcome
        #expect(retried.replayed && retried.reason == "it was refused then")
        var elsewhere = root("a")
        elsewhere.contentId = "other"
        try store.saveContent(ContentRecord(id: "other", kind: "pdf", file: "other.pdf", bytes: 1, unit: "pt",
                                            pages: [.init(page: 1, width: 100, height: 50)], updatedAt: "2026-11-30T00:00:00Z"))
        #expect(try !store.apply(SyncChange(changeId: "old", contentId: "other", pinId: "a", location: "changes[0]",
                                            action: .create(elsewhere)), from: "anyone").outcome.replayed)
    }

    @Test func reopeningKeepsEverythingAndMigratesOnce() throws {
        let directory = try withStore { store in _ = try store.create(root("a")) }
        defer { try? FileManager.default.removeItem(at: directory) }
        let reopened = try PinStore(directory: directory)
        #expect(try reopened.pins(of: "plan").map(\.pin.id) == ["a"])
        #expect(try reopened.content("plan")?.pages.count == 2)
        #expect(try reopened.create(root("b")).pin.seq == 2)
        let connection = try SQLiteConnection(path: directory.appendingPathComponent("pins.db").path, readOnly: true)
        #expect(try connection.query("SELECT version FROM schema_migrations") { $0.integer(0) } == [1, 2, 3, 4, 5])
        #expect(try connection.query("PRAGMA journal_mode") { $0.text(0) } == ["wal"])
    }

    @Test func aSecondStoreOnTheDirectoryIsRefusedWhileTheFirstIsOpen() throws {
        let directory = try withStore { store in
            let path = store.directory.path
            do {
                _ = try PinStore(directory: store.directory)
                Issue.record("a second store opened the directory")
            } catch let error as StoreUnavailable {
                #expect(error.message.hasPrefix("\(path) is in use by another pinrender serve (process \(getpid()))"))
            }
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try PinStore(directory: directory).pins(of: "plan").isEmpty)
    }

    @Test func theDirectoryAndTheDatabaseAreTheOwnersOnly() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try store.create(root("a"))
        func mode(_ name: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.posixPermissions] as? Int)
        }
        #expect(try mode("") == 0o700 && mode("contents") == 0o700)
        #expect(try ["pins.db", "pins.db-wal", "pins.db-shm", "serve.lock"].map(mode) == [0o600, 0o600, 0o600, 0o600])
    }

    @Test func aDeletedDatabaseTakesNoWriteAndSaysSo() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try store.create(root("a"))
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.removeItem(at: directory.appendingPathComponent("pins.db" + suffix))
        }
        #expect(throws: StoreUnavailable.self) { try store.create(root("b")) }
        do {
            try store.probe()
            Issue.record("the probe wrote to a deleted database")
        } catch let error as StoreUnavailable {
            #expect(error.reason == .lost && error.message.contains("pins.db") && !error.message.contains(directory.path))
        }
        // A read may still find the deleted file's pages, or fail: then as a lost store.
        do {
            #expect(try store.pin("b", of: "plan") == nil)
        } catch let error as StoreUnavailable {
            #expect(error.reason == .lost)
        }
    }

    @Test func aReplacedWALIsALostStoreToo() throws {
        let (store, directory) = try makeStore()
        defer { try? FileManager.default.removeItem(at: directory) }
        let wal = directory.appendingPathComponent("pins.db-wal")
        let copy = directory.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: wal, to: copy)
        #expect(rename(copy.path, wal.path) == 0)
        do {
            _ = try store.create(root("a"))
            Issue.record("a pin was written to a WAL that is no longer the database's")
        } catch let error as StoreUnavailable {
            #expect(error.reason == .lost)
        }
    }
}

/// Runs `body` with a store in a fresh directory (see ``makeStore(pages:)``) and closes it;
/// returns the directory, to open it again.
private func withStore(_ body: (PinStore) throws -> Void) throws -> URL {
    let (store, directory) = try makeStore()
    try body(store)
    return directory
}

struct PinRequestTests {
    @Test func errorsNameTheFieldWhereItIs() throws {
        let fields: [String: FieldValue] = ["id": .text("a"), "authorId": .text("u"), "text": .text("t"),
                                            "relativeX": .number(1.5), "relativeY": .number(0.5)]
        do {
            _ = try PinRequest.newPin(fields, contentId: "plan", at: "changes[3].pin")
            Issue.record("relativeX 1.5 was accepted")
        } catch let error as InputError {
            #expect(error.location == "changes[3].pin.relativeX")
        }
        do {
            _ = try PinRequest.newPin(fields, contentId: "plan", at: "")
        } catch let error as InputError {
            #expect(error.location == "relativeX")
        }
    }

    @Test func anEditKeepsWhatItDoesNotChange() throws {
        let current = root("a")
        let edit = try PinRequest.edit(["version": .number(3), "resolved": .bool(true)], at: "").get()
        let pin = try edit.apply(current)
        #expect(edit.version == 3 && pin.resolved && pin.text == current.text && pin.relativeX == current.relativeX)
        #expect(throws: InputError.self) { try PinRequest.edit(["version": .number(3), "id": .text("b")], at: "").get() }
    }
}

struct OpenAPIDocumentTests {
    /// The served document is docs/openapi.json (`make openapi` after editing it).
    @Test func theServedDocumentIsTheRepositorys() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try String(contentsOf: root.appendingPathComponent("docs/openapi.json"), encoding: .utf8)
        #expect(file.trimmingCharacters(in: .newlines) == OpenAPIDocument.json)
    }
}
