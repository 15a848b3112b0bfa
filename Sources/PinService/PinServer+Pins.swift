import Foundation
import PinRenderCore
import PinServiceCore

extension PinServer {
    /// `GET /v1/contents/{id}/pins`: the live pins and the cursor of the moment
    /// (``ReviewService/pins(of:)``). The pins' JSON is kept until the content's next change.
    func listPins(_ request: HTTPRequest, contentId: String) throws {
        try service.requireContent(contentId)
        let cursor = try service.lastSeq()
        let seq = try service.pinsSeq(of: contentId)
        let pins: SharedBytes
        if let cached = pinLists[contentId], cached.seq == seq {
            pins = cached.json
        } else {
            pins = SharedBytes(try JSONEncoder().encode(try service.pins(of: contentId).pins))
            if pinLists.count >= 64 { pinLists.removeAll() }
            pinLists[contentId] = (seq, pins)
        }
        // {"contentId":...,"cursor":...,"pins":[]} (keys sorted: pins last), its `[]}` replaced
        // by the list and the closing brace.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var body = try encoder.encode(PinList(contentId: contentId, cursor: cursor, pins: []))
        body.removeLast(3)
        request.respond(200, parts: [SharedBytes(body), pins, SharedBytes(Data("}".utf8))])
    }

    /// `POST /v1/contents/{id}/pins`: 201 with the new pin; 200 with the existing one when
    /// its id exists (a retried create).
    func createPin(_ request: HTTPRequest, contentId: String) throws {
        try service.requireContent(contentId)
        let pin = try PinRequest.newPin(try PinRequest.object(request.body, at: ""), contentId: contentId, at: "")
        let (stored, created) = try service.create(pin)
        request.respond(created ? 201 : 200, json: stored)
    }

    /// `GET /v1/contents/{id}/pins/{pinId}`: the pin; a deleted one is 410 with its tombstone.
    func showPin(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        request.respond(200, json: try service.pin(pinId, of: contentId))
    }

    /// `PATCH /v1/contents/{id}/pins/{pinId}` with `version` and the fields to change: the
    /// new pin, or 409 with the current one when the version is stale.
    func editPin(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        _ = try service.pin(pinId, of: contentId)
        let edit = try PinRequest.edit(try PinRequest.object(request.body, at: ""), at: "").get()
        request.respond(200, json: try service.edit(pinId, of: contentId, edit))
    }

    /// `DELETE /v1/contents/{id}/pins/{pinId}[?version=N]`: the tombstones (the pin's and,
    /// for a root, its replies'); none when it was deleted already.
    func deletePin(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        let query = try QueryOptions.parse(request.query, as: .delete)
        request.respond(200, json: ["deleted": try service.delete(pinId, of: contentId, version: query.version)])
    }

    /// `GET /v1/contents/{id}/changes?since=CURSOR[&limit=N]`: pins and tombstones changed
    /// after the cursor, each once as it is now, oldest change first.
    func changes(_ request: HTTPRequest, contentId: String) throws {
        try service.requireContent(contentId)
        let query = try QueryOptions.parse(request.query, as: .changes)
        try service.check(cursor: query.since, named: "since")
        request.respond(200, json: try service.changes(of: contentId, since: query.since, limit: query.limit))
    }
}
