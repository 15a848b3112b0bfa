import Foundation
import PinRender
import PinRenderCore

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
    /// order; a changeId seen before gets its first outcome again, so a batch is safe to
    /// send again whole. 400 only when the batch itself cannot be read.
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
        guard case .list(let items)? = fields["changes"] else {
            throw InputError(source: "request", location: "changes", problem: "needs a list of changes")
        }
        guard items.count <= configuration.maxSyncChanges else {
            throw InputError(source: "request", location: "changes", problem: "\(items.count) changes; at most \(configuration.maxSyncChanges) a batch")
        }
        for (index, item) in items.enumerated() { try PinRequest.checkSyncChange(item, index: index) }
        var results: [SyncOutcome] = []
        // Read one by one as they are applied: a change may name a pin an earlier one made.
        for (index, item) in items.enumerated() {
            let change = try PinRequest.syncChange(item, index: index, contentId: contentId, store: store)
            let previous = try store.pin(change.pinId, of: contentId)
            let (outcome, changed) = try store.apply(change)
            publish(changed, previous: previous)
            results.append(outcome)
        }
        let list = try changeList(contentId: contentId, since: cursor, limit: 1000)
        request.respond(200, json: SyncAnswer(results: results, contentId: contentId, cursor: list.cursor, more: list.more,
                                              changes: list.changes))
    }
}
