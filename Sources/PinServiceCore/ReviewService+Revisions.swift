import Foundation
import PinRenderCore

extension ReviewService {
    /// What keeping a revision did: the revision, the content as it is now, and the pins the
    /// carry edited (in the order of the carried pins).
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
        guard let revision = try revisions(of: contentId).first(where: { $0.number == number }) else {
            throw .unknownRevision(contentId: contentId, number: number)
        }
        return revision
    }

    /// Keeps a staged upload, which the render side read (`pages`) and carried the content's
    /// pins to (`carried`, CARRIED.json's pins; `report`, its REPORT.json), as revision
    /// `number` of its content: its file becomes the content's (renders show it), the one
    /// before stays as its revision's, and each root pin whose place or verdict changed is
    /// edited in the same transaction: its new page and point and its `carry` (none for
    /// `same`: nothing to look at), each edit an event (`pin.moved` when its place changed).
    /// A pin deleted or gone from the store meanwhile is left as it is. Refused when another
    /// revision took `number` meanwhile.
    public func keepRevision(_ staged: StagedUpload, pages: DocumentPages, carried: [Pin], report: Data,
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
        let revision = RevisionRecord(contentId: staged.contentId, number: number, kind: staged.kind, file: revisionFile,
                                      report: report, createdAt: now)
        let changes = try run {
            try store.batch { transaction in
                if recorded.isEmpty { try transaction.saveRevision(first) }
                try transaction.saveRevision(revision)
                try transaction.saveContent(content)
                var changes: [CommittedChange] = []
                for pin in carried where pin.isRoot {
                    guard let current = try transaction.pin(pin.id, of: staged.contentId), !current.deleted else { continue }
                    var edited = current.pin
                    (edited.page, edited.relativeX, edited.relativeY) = (pin.page, pin.relativeX, pin.relativeY)
                    edited.carry = pin.carry?.verdict == CarryVerdict.same.rawValue ? nil : pin.carry
                    guard edited != current.pin else { continue }
                    changes.append(CommittedChange(pins: [try transaction.update(edited, version: current.version)], previous: current))
                }
                return changes
            }
        }
        publish(changes)
        return RevisionOutcome(revision: revision, content: content, edited: changes.flatMap(\.pins))
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
