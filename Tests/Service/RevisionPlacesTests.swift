import Foundation
import Testing
import PinRenderCore
@testable import PinServiceCore

/// The pins on an older revision, from the carry reports after it: each root pin where the
/// report says it was (a place given meanwhile first), through every later revision; a root
/// pin created after a carry, and its replies, are not on the revisions before it.
struct RevisionPlacesTests {
    static func stored(_ id: String, page: Int = 1, x: Double? = nil, y: Double? = nil, parent: String? = nil) -> StoredPin {
        StoredPin(pin: Pin(id: id, contentId: "plan", page: page, relativeX: x, relativeY: y, authorId: "u", text: id, parentId: parent),
                  version: 1, updatedAt: "2026-12-01T09:00:00.000Z", seq: 1, deleted: false)
    }

    static func revision(_ number: Int, report: String?) -> RevisionRecord {
        RevisionRecord(contentId: "plan", number: number, kind: "pdf", file: "plan.r\(number).pdf", report: report.map { Data($0.utf8) },
                       createdAt: "2026-12-01T09:00:00.000Z")
    }

    static let revisions = [
        revision(1, report: nil),
        revision(2, report: """
            {"pins": [{"id": "a", "verdict": "moved", "from": {"page": 1, "x": 0.1, "y": 0.2}, "to": {"page": 2, "x": 0.3, "y": 0.4}},
                      {"id": "m", "verdict": "same", "from": {"page": 1, "x": 0.5, "y": 0.5}, "to": {"page": 1, "x": 0.5, "y": 0.5}}],
             "meanwhile": [{"id": "m", "edit": "moved", "page": 1, "x": 0.6, "y": 0.7}, {"id": "c", "edit": "created", "page": 1, "x": 0.8, "y": 0.9}]}
            """),
        revision(3, report: """
            {"pins": [{"id": "a", "verdict": "moved", "from": {"page": 2, "x": 0.31, "y": 0.41}, "to": {"page": 2, "x": 0.35, "y": 0.45}},
                      {"id": "m", "verdict": "same", "from": {"page": 1, "x": 0.6, "y": 0.7}, "to": {"page": 1, "x": 0.6, "y": 0.7}},
                      {"id": "c", "verdict": "same", "from": {"page": 1, "x": 0.8, "y": 0.9}, "to": {"page": 1, "x": 0.8, "y": 0.9}},
                      {"id": "b", "verdict": "moved", "from": {"page": 1, "x": 0.2, "y": 0.2}, "to": {"page": 1, "x": 0.25, "y": 0.2}}]}
            """),
    ]

    static let live = [stored("a", page: 2, x: 0.36, y: 0.46), stored("m", x: 0.6, y: 0.7), stored("c", x: 0.8, y: 0.9),
                       stored("b", x: 0.25, y: 0.2), stored("new", x: 0.9, y: 0.1), stored("r", parent: "a"), stored("rb", parent: "b"),
                       stored("rn", parent: "new")]

    static func places(_ pins: [StoredPin]) -> [String] {
        pins.map { p in p.pin.relativeX.map { "\(p.pin.id)@\(p.pin.page):\($0),\(p.pin.relativeY!)" } ?? "\(p.pin.id)>\(p.pin.parentId!)" }
    }

    @Test func theLatestRevisionShowsThePinsAsTheyAre() throws {
        #expect(try RevisionPlaces.pins(Self.live, on: 3, revisions: Self.revisions) == Self.live)
    }

    @Test func revisionTwoShowsThePlacesTheThirdCarryRead() throws {
        #expect(Self.places(try RevisionPlaces.pins(Self.live, on: 2, revisions: Self.revisions))
                == ["a@2:0.31,0.41", "m@1:0.6,0.7", "c@1:0.8,0.9", "b@1:0.2,0.2", "r>a", "rb>b"])
    }

    @Test func revisionOneGoesBackThroughBothReportsAndTakesThePlacesGivenMeanwhile() throws {
        #expect(Self.places(try RevisionPlaces.pins(Self.live, on: 1, revisions: Self.revisions))
                == ["a@1:0.1,0.2", "m@1:0.6,0.7", "c@1:0.8,0.9", "r>a"])
    }

    @Test func aRevisionWithoutAReadableReportIsTheStoresFault() {
        let damaged = [Self.revision(1, report: nil), Self.revision(2, report: "{\"pins\": 3}")]
        #expect(throws: RevisionPlaces.UnreadableReport.self) { try RevisionPlaces.pins(Self.live, on: 1, revisions: damaged) }
    }
}
