import Foundation
import PinRenderCore
import PinServiceCore

extension PinServer {
    /// The answer of a list of pins or changes: the pins and the cursor to ask for changes
    /// after them.
    struct PinList: Encodable {
        var contentId: String
        var cursor: Int
        var pins: [StoredPin]
    }

    struct ChangeList: Encodable {
        var contentId: String
        var cursor: Int
        /// More changes wait after ``cursor``: ask again.
        var more: Bool
        var changes: [StoredPin]
        /// The type of each change's event (not in the JSON).
        var events: [String?]

        private enum CodingKeys: String, CodingKey {
            case contentId, cursor, more, changes
        }
    }

    /// `GET /v1/contents/{id}/pins`: the live pins and the cursor of the moment (read first,
    /// so a change made meanwhile comes again in the changes after it, never missed).
    /// The pins' JSON is kept until the content's next change.
    func listPins(_ request: HTTPRequest, contentId: String) throws {
        try requireContent(contentId)
        let cursor = try store.lastSeq()
        let seq = try store.lastSeq(of: contentId)
        let pins: SharedBytes
        if let cached = pinLists[contentId], cached.seq == seq {
            pins = cached.json
        } else {
            pins = SharedBytes(try JSONEncoder().encode(try store.pins(of: contentId)))
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
        try requireContent(contentId)
        let pin = try PinRequest.newPin(try PinRequest.object(request.body, at: ""), contentId: contentId, at: "")
        let (stored, created) = try store.create(pin)
        if created { publish([stored]) }
        request.respond(created ? 201 : 200, json: stored)
    }

    /// `GET /v1/contents/{id}/pins/{pinId}`: the pin; a deleted one is 410 with its tombstone.
    func showPin(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        guard let stored = try store.pin(pinId, of: contentId) else { throw StoreError.unknownPin(contentId: contentId, id: pinId) }
        if stored.deleted { throw StoreError.deleted(stored) }
        request.respond(200, json: stored)
    }

    /// `PATCH /v1/contents/{id}/pins/{pinId}` with `version` and the fields to change: the
    /// new pin, or 409 with the current one when the version is stale.
    func editPin(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        guard let current = try store.pin(pinId, of: contentId) else { throw StoreError.unknownPin(contentId: contentId, id: pinId) }
        if current.deleted { throw StoreError.deleted(current) }
        let (pin, version) = try PinRequest.edit(try PinRequest.object(request.body, at: ""), of: current.pin, at: "")
        let stored = try store.update(pin, version: version)
        publish([stored], previous: current)
        request.respond(200, json: stored)
    }

    /// `DELETE /v1/contents/{id}/pins/{pinId}[?version=N]`: the tombstones (the pin's and,
    /// for a root, its replies'); none when it was deleted already.
    func deletePin(_ request: HTTPRequest, contentId: String, pinId: String) throws {
        var version: Int?
        if let text = request.query["version"] {
            guard let number = Int(text), number >= 1 else {
                throw ServiceError(status: 400, message: "version: needs a whole number from 1")
            }
            version = number
        }
        let tombstones = try store.delete(pinId, of: contentId, version: version)
        publish(tombstones)
        request.respond(200, json: ["deleted": tombstones])
    }

    /// `GET /v1/contents/{id}/changes?since=CURSOR[&limit=N]`: pins and tombstones changed
    /// after the cursor, each once as it is now, oldest change first.
    func changes(_ request: HTTPRequest, contentId: String) throws {
        try requireContent(contentId)
        let since = try cursor(since: request)
        var limit = 1000
        if let text = request.query["limit"] {
            guard let number = Int(text), (1...10_000).contains(number) else {
                throw ServiceError(status: 400, message: "limit: needs a whole number from 1 to 10000")
            }
            limit = number
        }
        request.respond(200, json: try changeList(contentId: contentId, since: since, limit: limit))
    }

    /// The changes after `since`, and the cursor after them: the last one's seq when more
    /// wait, else the store's last seq read before them.
    func changeList(contentId: String, since: Int, limit: Int) throws -> ChangeList {
        let last = try store.lastSeq()
        let changes = try store.changes(of: contentId, since: since, limit: limit)
        let more = changes.count == limit
        let cursor = more ? changes.last!.pin.seq : max(last, changes.last?.pin.seq ?? since, since)
        return ChangeList(contentId: contentId, cursor: cursor, more: more, changes: changes.map(\.pin),
                          events: changes.map(\.event))
    }
}
