import Foundation
import PinPlatform
import PinRenderCore

extension PinStore {
    /// The revisions a content has recorded, oldest first (none before its first revision
    /// was uploaded: then its file is revision 1).
    public func revisions(of contentId: String) throws -> [RevisionRecord] {
        try read { db in
            try db.query("SELECT content_id, number, kind, file, report, created_at FROM revisions WHERE content_id = ? ORDER BY number",
                         [.text(contentId)]) { row in
                RevisionRecord(contentId: row.text(0) ?? "", number: row.integer(1), kind: row.text(2) ?? "", file: row.text(3) ?? "",
                               report: row.text(4).map { Data($0.utf8) }, createdAt: row.text(5) ?? "")
            }
        }
    }
}

extension StoreBatch {
    /// Records a content (``PinStore/saveContent(_:)``) in the batch's transaction.
    public func saveContent(_ content: ContentRecord) throws {
        let pages = String(decoding: try JSONEncoder().encode(content.pages), as: UTF8.self)
        try db.run("""
            UPDATE contents SET kind = ?, file = ?, bytes = ?, unit = ?, pages = ?, updated_at = ? WHERE id = ?
            """, [.text(content.kind), .text(content.file), .integer(content.bytes), .text(content.unit), .text(pages),
                  .text(content.updatedAt), .text(content.id)])
    }

    /// Records a revision, once: a second one with its number is refused by the key.
    public func saveRevision(_ revision: RevisionRecord) throws {
        try db.run("INSERT INTO revisions VALUES (?, ?, ?, ?, ?, ?)",
                   [.text(revision.contentId), .integer(revision.number), .text(revision.file), .text(revision.kind),
                    revision.report.map { .text(String(decoding: $0, as: UTF8.self)) } ?? .null, .text(revision.createdAt)])
    }

    /// Replaces a live pin's editable fields (``PinStore/update(_:version:)``) in the batch's transaction.
    public func update(_ pin: Pin, version: Int) throws -> StoredPin {
        try store.update(pin, version: version, at: "", in: db)
    }
}
