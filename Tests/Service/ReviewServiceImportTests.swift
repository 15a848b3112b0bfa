import Foundation
import Testing
import PinRenderCore
@testable import PinServiceCore

/// ``ReviewService/importPins(_:into:stepSize:step:)`` without a socket: created once, the
/// same events as any create, skipped the second time, a changed comment kept as it is.
struct ReviewServiceImportTests {
    /// A service on a fresh store with one content of two pages, and the ids of its events.
    private func service() throws -> (ReviewService, () -> [String], URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
        let store = try PinStore(directory: directory)
        try store.saveContent(ContentRecord(id: "plan", kind: "pdf", file: "plan.pdf", bytes: 1, unit: "pt",
                                            pages: [.init(page: 1, width: 100, height: 50), .init(page: 2, width: 100, height: 50)],
                                            updatedAt: "2026-12-01T00:00:00Z"))
        let lock = NSLock()
        nonisolated(unsafe) var events: [String] = []
        let service = ReviewService(store: store) { change in
            lock.withLock { events += change.pins.map { "\($0.pin.id) \(PinEvent($0, previous: change.previous).wire.type)" } }
        }
        return (service, { lock.withLock { events } }, directory)
    }

    private let date = Date(timeIntervalSince1970: 1_790_000_000)

    private func comments() -> [Pin] {
        [Pin(id: "r 1", contentId: "elsewhere", authorId: "b", createdAt: date + 60, text: "a reply", parentId: "fitz-A0~2"),
         Pin(id: "fitz-A0~2", contentId: "elsewhere", page: 2, relativeX: 0.25, relativeY: 0.75, authorId: "a",
             createdAt: date, text: "a note")]
    }

    @Test func importedPinsAreCreatedOnceWithTheEventsOfAnyCreate() throws {
        let (service, events, directory) = try service()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try service.importPins(comments(), into: "plan", stepSize: 1)
        let root = ReviewService.storeId(forImported: "fitz-A0~2"), reply = ReviewService.storeId(forImported: "r 1")
        #expect(root.hasPrefix("fitz-A0_2-") && root.count == "fitz-A0_2-".count + 12 && WireIdentifier.isValid(root))
        #expect(ReviewService.storeId(forImported: "note-1") == "note-1")
        #expect(first.created.map(\.pin.id) == [root, reply] && first.skipped.isEmpty && first.warnings.isEmpty)
        #expect(first.created[1].pin.parentId == root && first.created[1].pin.page == 2)
        #expect(first.created.allSatisfy { $0.pin.contentId == "plan" })
        #expect(events() == ["\(root) pin.created", "\(reply) pin.created"])
        let again = try service.importPins(comments(), into: "plan")
        #expect(again.created.isEmpty && again.skipped == [root, reply] && again.warnings.isEmpty)
        #expect(events().count == 2)
        #expect(try service.pins(of: "plan").pins.count == 2)
    }

    @Test func aChangedCommentIsKeptAsItIsAndADeletedOneIsNotBroughtBack() throws {
        let (service, events, directory) = try service()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try service.importPins(comments(), into: "plan")
        let root = ReviewService.storeId(forImported: "fitz-A0~2")
        let stored = try service.pin(root, of: "plan")
        _ = try service.resolve(root, of: "plan", version: stored.version)
        var changed = comments()
        changed[0].text = "edited elsewhere"
        let again = try service.importPins(changed, into: "plan")
        #expect(again.created.isEmpty)
        #expect(again.warnings == ["\"\(root)\": here already with another resolved; kept as it is",
                                   "\"\(ReviewService.storeId(forImported: "r 1"))\": here already with another text; kept as it is"])
        #expect(try service.pin(root, of: "plan").pin.resolved)
        #expect(try service.pins(of: "plan").pins.count == 2)
        _ = try service.delete(root, of: "plan", version: nil)
        let count = events().count
        let afterDelete = try service.importPins(comments(), into: "plan")
        #expect(afterDelete.created.isEmpty && afterDelete.warnings.count == 2 && afterDelete.warnings[0].contains("deleted here"))
        #expect(events().count == count)
    }

    @Test func aPinTheStoreRefusesIsLeftOutWithAWarningAndTheRestGoIn() throws {
        let (service, _, directory) = try service()
        defer { try? FileManager.default.removeItem(at: directory) }
        let beyond = Pin(id: "far", page: 3, relativeX: 0.5, relativeY: 0.5, authorId: "a", createdAt: date, text: "page 3")
        let orphan = Pin(id: "orphan", authorId: "a", createdAt: date, text: "no root", parentId: "missing")
        let report = try service.importPins([beyond, orphan] + comments(), into: "plan")
        #expect(report.created.count == 2)
        #expect(report.warnings == ["\"far\": page: page 3, but content \"plan\" has 2 pages; left out",
                                    "\"orphan\": parentId: no pin \"missing\" on content \"plan\"; left out"])
        #expect(throws: ReviewError.unknownContent("none")) { try service.importPins(comments(), into: "none") }
    }
}
