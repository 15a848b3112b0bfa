import Foundation
import PinRenderCore

extension ReviewService {
    /// What keeping a revision did: the revision, the content as it is now, and the pins the
    /// carry edited (in the order they were created).
    public struct RevisionOutcome: Sendable {
        public var revision: RevisionRecord
        public var content: ContentRecord
        public var edited: [StoredPin]
    }

    /// A content's revisions, oldest first: its file alone is revision 1 until another is uploaded.
    public func revisions(of contentId: String) throws(ReviewError) -> [RevisionRecord] {
        let content = try content(contentId)
        let stored = try run { try store.revisions(of: contentId) }
        return stored.isEmpty ? [Self.first(of: content)] : stored
    }

    /// One revision of a content.
    public func revision(_ number: Int, of contentId: String) throws(ReviewError) -> RevisionRecord {
        try Self.revision(number, in: try revisions(of: contentId), of: contentId)
    }

    /// Revision `number` among `revisions`, a content's (``revisions(of:)``).
    public static func revision(_ number: Int, in revisions: [RevisionRecord], of contentId: String) throws(ReviewError) -> RevisionRecord {
        guard let revision = revisions.first(where: { $0.number == number }) else {
            throw .unknownRevision(contentId: contentId, number: number)
        }
        return revision
    }

    /// Keeps a staged upload, which the render side read (`pages`) and carried the content's
    /// pins to (`carried`, CARRIED.json's pins, carried from `read`, the live pins as the carry
    /// read them; `report`, its REPORT.json), as revision `number` of its content: its file
    /// becomes the content's (renders show it), the one before stays as its revision's, and
    /// each live root pin is edited as ``CarriedEdit`` says in the same transaction (its new
    /// page and point and its `carry`, none for `same`: nothing to look at), each edit an
    /// event (`pin.moved` when its place changed). A pin a person moved or created while the
    /// carry ran keeps its place, flagged, and is listed in the kept report under `meanwhile`
    /// (``PlacedMeanwhile``); a pin deleted meanwhile stays deleted. Refused when another
    /// revision took `number` meanwhile.
    public func keepRevision(_ staged: StagedUpload, pages: DocumentPages, read: [Pin], carried: [Pin], report: Data,
                             number: Int) throws(ReviewError) -> RevisionOutcome {
        let previous = try content(staged.contentId)
        let recorded = try run { try store.revisions(of: staged.contentId) }
        guard (recorded.last?.number ?? 1) + 1 == number else {
            try? FileManager.default.removeItem(at: staged.temporary)
            throw .invalid("body", "revision \(number) of content \"\(staged.contentId)\" was uploaded meanwhile; upload again")
        }
        let directory = store.contentsDirectory
        let first = Self.first(of: previous)
        let revisionFile = "\(staged.contentId).r\(number).\(staged.kind)", file = "\(staged.contentId).\(staged.kind)"
        // Revision files are hard links of the content's files: a later upload replaces the
        // content's name, never a revision's.
        if recorded.isEmpty { try Self.link(directory, previous.file, as: first.file) }
        try Self.link(directory, staged.temporary.lastPathComponent, as: revisionFile)
        guard rename(staged.temporary.path, directory.appendingPathComponent(file).path) == 0 else {
            throw .serverFault(detail: "cannot store the file: \(String(cString: strerror(errno)))")
        }
        if previous.file != file { try? FileManager.default.removeItem(at: directory.appendingPathComponent(previous.file)) }
        let now = WirePin.timestamp(Date())
        let content = ContentRecord(id: staged.contentId, kind: staged.kind, file: file, bytes: staged.bytes, unit: pages.unit,
                                    pages: pages.pages, updatedAt: now)
        let (read, carried) = (Self.byId(read), Self.byId(carried))
        let (revision, changes) = try run {
            try store.batch { transaction in
                if recorded.isEmpty { try transaction.saveRevision(first) }
                try transaction.saveContent(content)
                var changes: [CommittedChange] = [], meanwhile: [PlacedMeanwhile] = []
                for current in try transaction.pins(of: staged.contentId) where current.pin.isRoot {
                    let edit = CarriedEdit(current: current.pin, read: read[current.pin.id], carried: carried[current.pin.id])
                    meanwhile += edit.meanwhile.map { [$0] } ?? []
                    guard edit.pin != current.pin else { continue }
                    changes.append(CommittedChange(pins: [try transaction.update(edit.pin, version: current.version)], previous: current))
                }
                let revision = RevisionRecord(contentId: staged.contentId, number: number, kind: staged.kind, file: revisionFile,
                                              report: try Self.report(report, with: meanwhile), createdAt: now)
                try transaction.saveRevision(revision)
                return (revision, changes)
            }
        }
        publish(changes)
        return RevisionOutcome(revision: revision, content: content, edited: changes.flatMap(\.pins))
    }

    /// The pins by their ids.
    private static func byId(_ pins: [Pin]) -> [String: Pin] {
        Dictionary(pins.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A carry's REPORT.json with `"meanwhile"` first when some pins were placed meanwhile,
    /// the rest as the engine wrote it.
    private static func report(_ report: Data, with meanwhile: [PlacedMeanwhile]) throws -> Data {
        guard !meanwhile.isEmpty, let open = report.firstIndex(of: UInt8(ascii: "{")) else { return report }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let listed = try encoder.encode(meanwhile)
        return report[..<open] + Data(#"{"meanwhile": "#.utf8) + listed + Data(",".utf8) + report[(open + 1)...]
    }

    /// Revision 1 of a content that has recorded none: its file, kept under a name of its own
    /// once another revision comes.
    private static func first(of content: ContentRecord) -> RevisionRecord {
        RevisionRecord(contentId: content.id, number: 1, kind: content.kind, file: "\(content.id).r1.\(content.kind)",
                       report: nil, createdAt: content.updatedAt)
    }

    /// Links `name` in `directory` as `link` too (already there: left as it is).
    private static func link(_ directory: URL, _ name: String, as link: String) throws(ReviewError) {
        let target = directory.appendingPathComponent(link).path
        guard !FileManager.default.fileExists(atPath: target) else { return }
        guard Foundation.link(directory.appendingPathComponent(name).path, target) == 0 else {
            throw .serverFault(detail: "cannot keep the revision's file \(link): \(String(cString: strerror(errno)))")
        }
    }
}
