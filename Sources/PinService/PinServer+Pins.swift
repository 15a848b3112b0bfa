import Foundation
import PinPlatform
import PinRenderCore
import PinServiceCore

extension PinServer {
    /// `GET /v1/contents/{id}/pins`: the live pins and the cursor of the moment
    /// (``ReviewService/pins(of:)``), read off the loop thread. The pins' JSON is kept until
    /// the content's next change.
    func listPins(_ request: HTTPRequest, contentId: String) {
        answer(request, on: .readers, { [service, pinLists] () throws -> [SharedBytes] in
            try service.requireContent(contentId)
            let cursor = try service.lastSeq()
            let seq = try service.pinsSeq(of: contentId)
            let pins = try pinLists.json(of: contentId, at: seq) {
                SharedBytes(try JSONEncoder().encode(try service.pins(of: contentId).wire.pins))
            }
            // {"contentId":...,"cursor":...,"pins":[]} (keys sorted: pins last), its `[]}`
            // replaced by the list and the closing brace.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            var head = try encoder.encode(WirePinList(contentId: contentId, cursor: cursor, pins: []))
            head.removeLast(3)
            return [SharedBytes(head), pins, SharedBytes(Data("}".utf8))]
        }) { request, parts in request.respond(200, parts: parts) }
    }

    /// `POST /v1/contents/{id}/pins`: 201 with the new pin; 200 with the existing one when
    /// its id exists (a retried create).
    func createPin(_ request: HTTPRequest, contentId: String) {
        let body = request.body
        answer(request, on: .writer, { [service] in
            try service.requireContent(contentId)
            return try service.create(try PinRequest.newPin(try PinRequest.object(body, at: ""), contentId: contentId, at: ""))
        }) { request, created in request.respond(created.created ? 201 : 200, json: created.pin) }
    }

    /// `GET /v1/contents/{id}/pins/{pinId}`: the pin; a deleted one is 410 with its tombstone.
    func showPin(_ request: HTTPRequest, contentId: String, pinId: String) {
        answer(request, on: .readers, { [service] in try service.pin(pinId, of: contentId) }) { request, pin in
            request.respond(200, json: pin)
        }
    }

    /// `PATCH /v1/contents/{id}/pins/{pinId}` with `version` and the fields to change: the
    /// new pin, or 409 with the current one when the version is stale.
    func editPin(_ request: HTTPRequest, contentId: String, pinId: String) {
        let body = request.body
        answer(request, on: .writer, { [service] in
            _ = try service.pin(pinId, of: contentId)
            return try service.edit(pinId, of: contentId, try PinRequest.edit(try PinRequest.object(body, at: ""), at: "").get())
        }) { request, pin in request.respond(200, json: pin) }
    }

    /// `DELETE /v1/contents/{id}/pins/{pinId}[?version=N]`: the tombstones (the pin's and,
    /// for a root, its replies'); none when it was deleted already.
    func deletePin(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        let query = try QueryOptions.parse(request.query, as: .delete)
        answer(request, on: .writer, { [service] in try service.delete(pinId, of: contentId, version: query.version) }) {
            request, tombstones in request.respond(200, json: ["deleted": tombstones])
        }
    }

    /// `GET /v1/contents/{id}/changes?since=CURSOR[&limit=N]`: pins and tombstones changed
    /// after the cursor, each once as it is now, oldest change first.
    func changes(_ request: HTTPRequest, contentId: String) throws {
        let query = try QueryOptions.parse(request.query, as: .changes)
        answer(request, on: .readers, { [service] in
            try service.requireContent(contentId)
            try service.check(cursor: query.since, named: "since")
            return try service.changes(of: contentId, since: query.since, limit: query.limit)
        }) { request, changes in request.respond(200, json: changes.wire) }
    }
}

/// The JSON of the live pins of the contents asked for last, each with the seq of its
/// last change, read from any thread; at most 64 contents.
final class PinListCache: @unchecked Sendable {
    private let lock = NSLock()
    private var lists: [String: (seq: Int, json: SharedBytes)] = [:]

    /// The content's list at `seq`: the one kept, or `encode`'s, kept for next time.
    func json(of contentId: String, at seq: Int, encode: () throws -> SharedBytes) throws -> SharedBytes {
        if let kept = lock.withLock({ lists[contentId] }), kept.seq == seq { return kept.json }
        let json = try encode()
        lock.withLock {
            if lists.count >= 64 { lists.removeAll() }
            lists[contentId] = (seq, json)
        }
        return json
    }
}
