import Foundation
import PinRenderCore

/// Where the pins were on an older revision of a content. The live pins are placed for the
/// latest revision; each later revision's carry report says where each root pin it carried
/// was before (`pins[].from`, or the place a person gave it while the carry ran, `meanwhile`).
/// Going back from the latest revision report by report gives every pin's place on the one
/// asked for. A root pin that no report on the way names was placed on a later revision (it
/// was created after that carry): it is not on the older one, nor are its replies.
///
///     let shown = try RevisionPlaces.pins(live, on: 1, revisions: try service.revisions(of: "plan"))
public enum RevisionPlaces {
    /// The live `pins` as they were on revision `number` of `revisions` (all of a content's,
    /// in order); as they are for the latest. Throws when a report on the way cannot be read.
    public static func pins(_ pins: [StoredPin], on number: Int, revisions: [RevisionRecord]) throws -> [StoredPin] {
        var shown = pins
        for revision in revisions.reversed() where revision.number > number {
            let before = try placesBefore(revision)
            shown = shown.compactMap { stored in
                guard stored.pin.isRoot else { return stored }
                guard let place = before[stored.pin.id] else { return nil }
                var moved = stored
                (moved.pin.page, moved.pin.relativeX, moved.pin.relativeY) = (place.page, place.x, place.y)
                return moved
            }
            let roots = Set(shown.filter(\.pin.isRoot).map(\.pin.id))
            shown.removeAll { stored in stored.pin.parentId.map { !roots.contains($0) } ?? false }
        }
        return shown
    }

    /// The places on the revision before `revision` of the root pins its carry took, by id.
    private static func placesBefore(_ revision: RevisionRecord) throws -> [String: PinCarry.Origin] {
        guard let data = revision.report, let report = try? JSONDecoder().decode(Report.self, from: data) else {
            throw UnreadableReport(contentId: revision.contentId, number: revision.number)
        }
        var places: [String: PinCarry.Origin] = [:]
        for pin in report.pins { places[pin.id] = pin.from }
        for pin in report.meanwhile ?? [] { places[pin.id] = PinCarry.Origin(page: pin.page, x: pin.x, y: pin.y) }
        return places
    }

    /// What a stored carry report says of the pins' places before it: `pins[].from`, and the
    /// `meanwhile` list ``ReviewService/keepRevision(_:pages:read:carried:report:number:)`` wrote.
    private struct Report: Decodable {
        struct Carried: Decodable {
            var id: String
            var from: PinCarry.Origin
        }
        var pins: [Carried]
        var meanwhile: [PlacedMeanwhile]?
    }

    /// A stored revision without a carry report that says where its pins came from: the
    /// store's fault, never the request's.
    struct UnreadableReport: Error, CustomStringConvertible {
        var contentId: String
        var number: Int
        var description: String { "revision \(number) of content \"\(contentId)\" has no readable carry report" }
    }
}
