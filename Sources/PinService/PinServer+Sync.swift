import Foundation
import PinRender
import PinRenderCore
import PinPlatform
import PinServiceCore

extension PinServer {
    /// `POST /v1/sync`: `{"contentId", "cursor", "changes": [{"changeId", "op": "create",
    /// "pin"} | {"changeId", "op": "update", "id", "version", "set": {...}} | {"changeId",
    /// "op": "delete", "id", "version"}]}`, applied by ``ReviewService/sync(_:client:stepSize:step:)``
    /// in steps on the writer (``StoreQueues/batchStep``), other writes going between them. 400
    /// only when the batch itself cannot be read: a change without its changeId or op, a
    /// changeId twice, a cursor past the newest change.
    func sync(_ request: HTTPRequest) {
        let (body, token, client, tokens) = (request.body, Self.token(of: request), Self.client(of: request), configuration.tokens)
        answer(request, on: .batches, { [service, stores] in
            let fields = try PinRequest.object(body, at: "")
            guard case .text(let contentId)? = fields["contentId"] else {
                throw InputError(source: "request", location: "contentId", problem: "needs the id of the content the changes are on")
            }
            try Route.check(contentId: contentId)
            try tokens.check(token, role: .comment, contentId: contentId)
            try service.requireContent(contentId)
            var cursor = 0
            if let value = fields["cursor"], value != .null {
                guard let number = PinRequest.whole(value, from: 0) else {
                    throw InputError(source: "request", location: "cursor", problem: "needs a whole number from 0 (the seq of the last change seen)")
                }
                cursor = number
            }
            try service.check(cursor: cursor, named: "cursor")
            guard case .list(let items)? = fields["changes"] else {
                throw InputError(source: "request", location: "changes", problem: "needs a list of changes")
            }
            try service.check(batchSize: items.count)
            let changes = try items.enumerated().map { try PinRequest.syncChange($1, index: $0, contentId: contentId) }
            let answer = try service.sync(SyncBatch(contentId: contentId, cursor: cursor, changes: changes), client: client,
                                          stepSize: StoreQueues.batchStep, step: stores.writeStep)
            // Encoded here: the answer of a large batch would hold the loop for milliseconds.
            return try JSONEncoder().encode(answer.wire)
        }) { request, json in request.respond(200, body: json) }
    }

    /// Whose a sync batch's changeIds are, on its content: the SHA-256 of its bearer token
    /// (the token itself is stored nowhere); without a token, "" (everyone's, as everyone may
    /// do anything then).
    static func client(of request: HTTPRequest) -> String {
        token(of: request).map(SHA256.hex(of:)) ?? ""
    }
}
