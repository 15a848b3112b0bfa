import Foundation
import PinRender
import PinRenderCore
import PinServiceCore
internal import CSoup

extension PinServer {
    /// What a sync batch answers: each change's outcome, in order, and the server's changes
    /// after the client's cursor (its own applied ones among them).
    struct SyncAnswer: Encodable {
        var results: [SyncOutcome]
        var contentId: String
        var cursor: Int
        var more: Bool
        var changes: [StoredPin]
    }

    /// `POST /v1/sync`: `{"contentId", "cursor", "changes": [{"changeId", "op": "create",
    /// "pin"} | {"changeId", "op": "update", "id", "version", "set": {...}} | {"changeId",
    /// "op": "delete", "id", "version"}]}`. Each change is applied or refused on its own, in
    /// order; a changeId the client sent before on the content gets its first outcome again,
    /// so a batch is safe to send again whole. 400 only when the batch itself cannot be read:
    /// a change without its changeId or op, a changeId twice, a cursor past the newest change.
    func sync(_ request: HTTPRequest) throws {
        let fields = try PinRequest.object(request.body, at: "")
        guard case .text(let contentId)? = fields["contentId"] else {
            throw InputError(source: "request", location: "contentId", problem: "needs the id of the content the changes are on")
        }
        try Route.check(contentId: contentId)
        try configuration.tokens.check(Self.token(of: request), role: .comment, contentId: contentId)
        try requireContent(contentId)
        var cursor = 0
        if let value = fields["cursor"], value != .null {
            guard let number = PinRequest.whole(value, from: 0) else {
                throw InputError(source: "request", location: "cursor", problem: "needs a whole number from 0 (the seq of the last change seen)")
            }
            cursor = number
        }
        try check(cursor: cursor, named: "cursor")
        guard case .list(let items)? = fields["changes"] else {
            throw InputError(source: "request", location: "changes", problem: "needs a list of changes")
        }
        guard items.count <= configuration.maxSyncChanges else {
            throw InputError(source: "request", location: "changes", problem: "\(items.count) changes; at most \(configuration.maxSyncChanges) a batch")
        }
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let changeId = try PinRequest.checkSyncChange(item, index: index).changeId
            if let first = seen[changeId] {
                throw InputError(source: "request", location: "changes[\(index)].changeId",
                                 problem: "\"\(changeId)\" is changes[\(first)]'s id too: each change of a batch needs its own")
            }
            seen[changeId] = index
        }
        let client = Self.client(of: request)
        var results: [SyncOutcome] = []
        // Read one by one as they are applied: a change may name a pin an earlier one made.
        for (index, item) in items.enumerated() {
            let change = try PinRequest.syncChange(item, index: index, contentId: contentId, store: store)
            let previous = try store.pin(change.pinId, of: contentId)
            let (outcome, changed) = try store.apply(change, from: client)
            publish(changed, previous: previous)
            results.append(outcome)
        }
        let list = try changeList(contentId: contentId, since: cursor, limit: 1000)
        request.respond(200, json: SyncAnswer(results: results, contentId: contentId, cursor: list.cursor, more: list.more,
                                              changes: list.changes))
    }

    /// Whose a sync batch's changeIds are, on its content: the SHA-256 of its bearer token
    /// (the token itself is stored nowhere); without a token, "" (everyone's, as everyone may
    /// do anything then).
    static func client(of request: HTTPRequest) -> String {
        guard let token = token(of: request), let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, token, -1) else {
            return ""
        }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
