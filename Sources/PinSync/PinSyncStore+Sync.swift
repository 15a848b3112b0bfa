import Foundation
import PinRenderCore

extension PinSyncStore {
    /// The most changes one batch carries (the service's default limit).
    static let batchLimit = WireSyncRequest.maxChanges

    /// Syncs every content the store knows; see ``sync(_:with:)``.
    public func sync(with server: SyncServer) async throws -> [SyncReport] {
        var reports: [SyncReport] = []
        for contentId in try contents() { reports.append(try await sync(contentId, with: server)) }
        return reports
    }

    /// Sends a content's queued changes as `POST /v1/sync` batches and takes the answers:
    /// an applied change is no longer pending and the pin takes the server's version; a
    /// refused one (a bad field, a 403: no permission) is rolled back and reported; one that
    /// lost to another client's change (a stale version, a deleted pin) is rolled back to
    /// the server's state and reported as a conflict. Then the server's changes since the
    /// cursor are taken. Network failures and server errors are retried (``RetryPolicy``);
    /// each change carries its id, so a batch the server applied but whose answer was lost
    /// is applied once. When the tries run out the changes stay queued and this throws
    /// ``PinSyncError/unreachable(server:reason:queued:)``; a 401 or 404 leaves them queued
    /// too and throws ``PinSyncError/refused(server:status:message:)``.
    public func sync(_ contentId: String, with server: SyncServer) async throws -> SyncReport {
        var report = SyncReport(contentId: contentId)
        var more = true
        while true {
            let (batch, cursor, queued) = try locked {
                try database.transaction {
                    let batch = try outbox(of: contentId, limit: Self.batchLimit)
                    try database.run("UPDATE outbox SET sent = 1 WHERE content_id = ? AND position <= ?",
                                     [.text(contentId), .integer(batch.last?.position ?? 0)])
                    let cursor = try database.integer("SELECT cursor FROM cursors WHERE content_id = ?", [.text(contentId)])
                    let queued = try database.integer("SELECT count(*) FROM outbox WHERE content_id = ?", [.text(contentId)])
                    return (batch, cursor, queued)
                }
            }
            guard !batch.isEmpty else { break }
            let body = JSONText.data(WireSyncRequest(contentId: contentId, cursor: cursor, changes: batch.map(\.wire)))
            let answer: WireSyncAnswer
            do {
                answer = try await server.send("POST", "v1/sync", body: body, queued: queued, requests: &report.requests)
            } catch let refusal as SyncServer.Refusal where refusal.status == 403 {
                try take(results: batch.map { WireSyncResult(changeId: $0.changeId, pinId: $0.pinId, status: .refused, reason: refusal.message) },
                         of: batch, changes: [], cursor: cursor, into: &report)
                return finish(report)
            } catch let refusal as SyncServer.Refusal {
                throw PinSyncError.refused(server: server.url.absoluteString, status: refusal.status, message: refusal.message)
            }
            let before = report.applied + report.problems.count
            try take(results: answer.results, of: batch, changes: answer.changes, cursor: answer.cursor, into: &report)
            more = answer.more
            // Changes queued while the batch was out go in the next one; a batch that
            // settled nothing is not sent again now.
            if report.applied + report.problems.count == before { break }
        }
        if more { try await pull(contentId, from: server, into: &report) }
        return finish(report)
    }

    /// Takes the server's changes after the cursor, page by page (`GET .../changes`).
    func pull(_ contentId: String, from server: SyncServer, into report: inout SyncReport) async throws {
        var more = true
        while more {
            let cursor = try self.cursor(of: contentId)
            let answer: WireChangeList
            do {
                answer = try await server.send("GET", "v1/contents/\(contentId)/changes", query: ["since": "\(cursor)"],
                                               queued: try queued(of: contentId), requests: &report.requests)
            } catch let refusal as SyncServer.Refusal {
                throw PinSyncError.refused(server: server.url.absoluteString, status: refusal.status, message: refusal.message)
            }
            try take(results: [], of: [], changes: answer.changes, cursor: answer.cursor, into: &report)
            more = answer.more
        }
    }

    private func finish(_ report: SyncReport) -> SyncReport {
        emit([.synced(report)])
        return report
    }

    /// In one transaction: the server's pins and cursor saved, the settled changes taken
    /// off the queue, each refused one reported as refused or, when the server's pin moved
    /// on from the version it was made on, as a conflict.
    func take(results: [WireSyncResult], of batch: [OutboxEntry], changes: [WirePin], cursor: Int,
              into report: inout SyncReport) throws {
        let contentId = report.contentId
        var problems: [SyncProblem] = []
        var touched = Set<String>()
        var applied = 0
        try locked {
            try database.transaction {
                for change in changes {
                    // Only a later state than the one kept: answers of two syncs may cross.
                    try database.run("""
                        INSERT INTO server_pins VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (content_id, id) DO UPDATE SET
                        body = excluded.body, version = excluded.version, deleted = excluded.deleted, seq = excluded.seq
                        WHERE excluded.seq > server_pins.seq
                        """, [.text(contentId), .text(change.id), .text(JSONText.text(change.appFields)), .integer(change.version ?? 0),
                              .integer(change.deleted == true ? 1 : 0), .integer(change.seq ?? 0)])
                    touched.insert(change.id)
                }
                let entries = Dictionary(batch.map { ($0.changeId, $0) }, uniquingKeysWith: { first, _ in first })
                for result in results {
                    guard let entry = entries[result.changeId] else { continue }
                    try database.run("DELETE FROM outbox WHERE change_id = ?", [.text(entry.changeId)])
                    touched.insert(entry.pinId)
                    if result.status == .applied {
                        applied += 1
                    } else {
                        problems.append(SyncProblem(kind: try lostConflict(entry) ? .conflict : .refused, changeId: entry.changeId,
                                                    contentId: contentId, pinId: entry.pinId, operation: entry.operation.rawValue,
                                                    fields: entry.body, reason: result.reason ?? "refused"))
                    }
                }
                try database.run("INSERT INTO cursors VALUES (?, ?) ON CONFLICT (content_id) DO UPDATE SET cursor = max(cursor, excluded.cursor)",
                                 [.text(contentId), .integer(cursor)])
            }
        }
        report.applied += applied
        report.problems += problems
        report.pulled += changes.count
        report.cursor = max(report.cursor, cursor)
        emit(problems.map(StoreEvent.problem) + (touched.isEmpty ? [] : [.pinsChanged(contentId: contentId, pinIds: touched.sorted())]))
    }

    /// Whether a refused change lost to another client: the server's pin is deleted or at
    /// another version than the one edited, or a reply's root is deleted.
    private func lostConflict(_ entry: OutboxEntry) throws -> Bool {
        var pinId = entry.pinId
        if entry.operation == .create {
            guard let parent = entry.pin?.parentId else { return false }
            pinId = parent
        }
        guard let row = try database.rows("SELECT version, deleted FROM server_pins WHERE content_id = ? AND id = ?",
                                          [.text(entry.contentId), .text(pinId)], row: { (version: $0.integer(0), deleted: $0.integer(1) != 0) }).first
        else { return false }
        return row.deleted || (entry.operation != .create && row.version != entry.baseVersion)
    }
}
