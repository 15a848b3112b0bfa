import Foundation
import Testing
import PinRenderCore
@testable import PinServiceCore

/// ``ReviewService/keepRevision(_:pages:read:carried:report:number:)`` without a socket or a
/// render worker: the carry's result is given as the worker would give it.
struct ReviewServiceRevisionTests {
    /// A service on a fresh store with content `plan` (one page, its file written) and pins
    /// `a`, `b`, `c` and a reply `r` of `a`.
    private func makeService() throws -> (ReviewService, CommitLog, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("revisions-\(UUID().uuidString)")
        let store = try PinStore(directory: directory)
        try Data("%PDF-1.4 revision 1".utf8).write(to: store.contentsDirectory.appendingPathComponent("plan.pdf"))
        try store.saveContent(ContentRecord(id: "plan", kind: "pdf", file: "plan.pdf", bytes: 19, unit: "pt",
                                            pages: [.init(page: 1, width: 100, height: 50)], updatedAt: "2026-12-01T00:00:00Z"))
        let log = CommitLog()
        let service = ReviewService(store: store) { log.append($0) }
        for id in ["a", "b", "c"] {
            _ = try service.create(Pin(id: id, contentId: "plan", relativeX: 0.5, relativeY: 0.5, authorId: "u", text: id))
        }
        _ = try service.create(Pin(id: "r", contentId: "plan", authorId: "u", text: "reply", parentId: "a"))
        return (service, log, directory)
    }

    /// A new file for `plan` staged as an upload is.
    private func stage(_ service: ReviewService, _ text: String) throws -> ReviewService.StagedUpload {
        let file = service.store.contentsDirectory.appendingPathComponent(".plan.revision.upload-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        return try service.stage("plan", file: file)
    }

    private func carried(_ id: String, _ verdict: CarryVerdict, to point: (page: Int, x: Double, y: Double)) -> Pin {
        var pin = Pin(id: id, contentId: "plan", page: point.page, relativeX: point.x, relativeY: point.y, authorId: "u", text: id)
        pin.carry = PinCarry(verdict: verdict.rawValue, confidence: 0.9, from: .init(page: 1, x: 0.5, y: 0.5))
        return pin
    }

    @Test func aRevisionKeepsBothFilesMovesThePinsAndFlagsTheChangedOnes() throws {
        let (service, log, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try service.revisions(of: "plan").map(\.number) == [1])
        let pages = ReviewService.DocumentPages(pages: [.init(page: 1, width: 200, height: 100), .init(page: 2, width: 200, height: 100)],
                                                unit: "pt")
        let report = Data(#"{"version": 1}"#.utf8)
        let read = try service.pins(of: "plan").pins.map(\.pin)
        let outcome = try service.keepRevision(try stage(service, "%PDF-1.4 revision 2"), pages: pages, read: read, carried: [
            carried("a", .moved, to: (2, 0.25, 0.75)), carried("b", .same, to: (1, 0.5, 0.5)), carried("c", .changed, to: (1, 0.5, 0.5)),
            Pin(id: "r", contentId: "plan", authorId: "u", text: "reply", parentId: "a"),
        ], report: report, number: 2)

        #expect(outcome.revision.number == 2 && outcome.revision.report == report)
        #expect(outcome.content.pages.count == 2 && outcome.content.file == "plan.pdf")
        // a moved (pin.moved, with its verdict), c flagged where it was (pin.updated); b the same: no edit.
        #expect(outcome.edited.map(\.pin.id) == ["a", "c"])
        #expect(log.events.suffix(2) == ["a pin.moved", "c pin.updated"])
        let pins = Dictionary(uniqueKeysWithValues: try service.pins(of: "plan").pins.map { ($0.pin.id, $0) })
        #expect(pins["a"]?.pin.page == 2 && pins["a"]?.pin.relativeX == 0.25 && pins["a"]?.pin.carry?.verdict == "moved")
        #expect(pins["a"]?.pin.carry?.from == PinCarry.Origin(page: 1, x: 0.5, y: 0.5))
        #expect(pins["b"]?.version == 1 && pins["b"]?.pin.carry == nil)
        #expect(pins["c"]?.pin.carry?.needsLook == true && pins["c"]?.pin.relativeX == 0.5)
        #expect(pins["r"]?.version == 1)  // a reply is unchanged: it follows its root

        // Both files kept: revision 1 under a name of its own, the content's the new one.
        let revisions = try service.revisions(of: "plan")
        #expect(revisions.map(\.number) == [1, 2] && revisions[0].report == nil)
        let contents = service.store.contentsDirectory
        #expect(try String(contentsOf: contents.appendingPathComponent(revisions[0].file), encoding: .utf8) == "%PDF-1.4 revision 1")
        #expect(try String(contentsOf: contents.appendingPathComponent(revisions[1].file), encoding: .utf8) == "%PDF-1.4 revision 2")
        #expect(try String(contentsOf: contents.appendingPathComponent("plan.pdf"), encoding: .utf8) == "%PDF-1.4 revision 2")
        #expect(try service.revision(2, of: "plan").report == report)
    }

    @Test func editsMadeWhileTheCarryRanAreKept() throws {
        let (service, log, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        let read = try service.pins(of: "plan").pins.map(\.pin)
        // While the carry runs: a's text edited and resolved, b moved, d created (on the old revision).
        let a = try service.pin("a", of: "plan")
        _ = try service.edit("a", of: "plan", PinEdit(version: a.version) { pin in
            var pin = pin
            (pin.text, pin.resolved) = ("a, edited meanwhile", true)
            return pin
        })
        _ = try service.edit("b", of: "plan", PinEdit(version: 1) { pin in
            var pin = pin
            (pin.relativeX, pin.relativeY) = (0.125, 0.25)
            return pin
        })
        _ = try service.create(Pin(id: "d", contentId: "plan", relativeX: 0.75, relativeY: 0.5, authorId: "u", text: "d"))
        let pages = ReviewService.DocumentPages(pages: [.init(page: 1, width: 200, height: 100)], unit: "pt")
        let outcome = try service.keepRevision(try stage(service, "%PDF-1.4 revision 2"), pages: pages, read: read, carried: [
            carried("a", .moved, to: (1, 0.25, 0.75)), carried("b", .moved, to: (1, 0.3, 0.3)), carried("c", .same, to: (1, 0.5, 0.5)),
            Pin(id: "r", contentId: "plan", authorId: "u", text: "reply", parentId: "a"),
        ], report: Data(#"{"version": 1}"#.utf8), number: 2)

        let pins = Dictionary(uniqueKeysWithValues: try service.pins(of: "plan").pins.map { ($0.pin.id, $0.pin) })
        // a: carried, its edit kept.
        #expect(pins["a"]?.relativeX == 0.25 && pins["a"]?.text == "a, edited meanwhile" && pins["a"]?.resolved == true)
        #expect(pins["a"]?.carry?.verdict == "moved")
        // b and d: the person's place kept, flagged for a look from there.
        let flag = { (x: Double, y: Double) in PinCarry(verdict: "changed", confidence: 0, from: .init(page: 1, x: x, y: y)) }
        #expect(pins["b"]?.relativeX == 0.125 && pins["b"]?.relativeY == 0.25 && pins["b"]?.carry == flag(0.125, 0.25))
        #expect(pins["d"]?.relativeX == 0.75 && pins["d"]?.carry == flag(0.75, 0.5))
        #expect(pins["c"]?.carry == nil)
        #expect(outcome.edited.map(\.pin.id) == ["a", "b", "d"])
        #expect(log.events.suffix(3) == ["a pin.moved", "b pin.updated", "d pin.updated"])
        // The kept report lists them first, the engine's report after.
        let kept = try #require(try service.revision(2, of: "plan").report)
        #expect(String(decoding: kept, as: UTF8.self) == #"{"meanwhile": [{"edit":"moved","id":"b","page":1,"x":0.125,"y":0.25},"#
                + #"{"edit":"created","id":"d","page":1,"x":0.75,"y":0.5}],"version": 1}"#)
    }

    @Test func aRevisionNumberTakenMeanwhileAndAnUnknownOneAreRefused() throws {
        let (service, _, directory) = try makeService()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pages = ReviewService.DocumentPages(pages: [.init(page: 1, width: 100, height: 50)], unit: "pt")
        _ = try service.keepRevision(try stage(service, "%PDF-1.4 two"), pages: pages, read: try service.pins(of: "plan").pins.map(\.pin), carried: [], report: Data("{}".utf8), number: 2)
        let late = try stage(service, "%PDF-1.4 late")
        #expect(throws: ReviewError.self) {
            try service.keepRevision(late, pages: pages, read: try service.pins(of: "plan").pins.map(\.pin), carried: [], report: Data("{}".utf8), number: 2)
        }
        #expect(!FileManager.default.fileExists(atPath: late.temporary.path))
        #expect(throws: ReviewError.unknownRevision(contentId: "plan", number: 3)) { try service.revision(3, of: "plan") }
        #expect(throws: ReviewError.unknownContent("nothing")) { try service.revisions(of: "nothing") }
    }
}
