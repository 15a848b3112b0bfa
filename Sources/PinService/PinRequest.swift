import Foundation
import PinRender
import PinRenderCore
import PinServiceCore

/// Request bodies read into pins with the CLI's decoder (``PinDecoder``), so a field is
/// checked the same way in a file and over HTTP, and a bad one is named with its place:
/// `relativeX: ...` for a single pin, `changes[3].pin.relativeX: ...` in a sync batch.
enum PinRequest {
    /// The fields a client may edit (with `version`).
    static let editable = WireEdit.editable

    /// A JSON object, or a 400 naming `location`; a body that is not JSON is told as the CLI
    /// tells a pins file that is not, with the line, the column and the member read there
    /// (`relativeX: not valid JSON: line 2, column 15: ...`).
    static func object(_ body: Data, at location: String) throws -> [String: FieldValue] {
        guard let value = try? JSONDecoder().decode(FieldValue.self, from: body) else {
            guard let syntax = JSONSyntaxError.first(in: body) else {
                throw InputError(source: "request", location: location, problem: "not valid JSON")
            }
            throw InputError(source: "request", location: at(location, syntax.path), problem: "not valid JSON: \(syntax)")
        }
        guard case .object(let fields) = value else {
            throw InputError(source: "request", location: location, problem: "needs a JSON object")
        }
        if let path = firstNUL(in: value, at: "") {
            throw InputError(source: "request", location: at(location, path),
                             problem: "holds a NUL character (\\u0000), which no text of the service may")
        }
        return fields
    }

    /// The path (`changes[0].changeId`) of the first text or member name holding a NUL, which
    /// PostgreSQL's text cannot keep and no client means.
    private static func firstNUL(in value: FieldValue, at path: String) -> String? {
        switch value {
        case .text(let text):
            return text.utf8.contains(0) ? path : nil
        case .list(let items):
            return items.enumerated().lazy.compactMap { firstNUL(in: $1, at: "\(path)[\($0)]") }.first
        case .object(let members):
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                let inner = path.isEmpty ? name : "\(path).\(name)"
                if name.utf8.contains(0) { return inner }
                if let found = firstNUL(in: member, at: inner) { return found }
            }
            return nil
        case .number, .bool, .null:
            return nil
        }
    }

    /// The dates a pin may be created at: from 1970 to 9999, which every client and database
    /// writes as `YYYY-MM-DDTHH:MM:SSZ`.
    static let dates = Date(timeIntervalSince1970: 0)..<Date(timeIntervalSince1970: 253_402_300_800)

    /// A new pin of `contentId` from its fields: `contentId` may be left out (it is the
    /// URL's), `createdAt` too (now) and `resolved` (false). Its id (and its parent's) must
    /// be one a URL can name (``WireIdentifier``), its date in ``dates``.
    static func newPin(_ fields: [String: FieldValue], contentId: String, at location: String) throws -> Pin {
        var fields = fields
        if let given = fields["contentId"], given != .text(contentId) {
            throw InputError(source: "request", location: at(location, "contentId"),
                             problem: "names another content than the URL's \"\(contentId)\"")
        }
        fields["contentId"] = .text(contentId)
        if fields["createdAt"] == nil { fields["createdAt"] = .text(WirePin.timestamp(Date())) }
        if fields["resolved"] == nil { fields["resolved"] = .bool(false) }
        let pin = try decode(fields, at: location)
        for (field, id) in [("id", pin.id), ("parentId", pin.parentId)] {
            if let id, !WireIdentifier.isValid(id) {
                throw InputError(source: "request", location: at(location, field),
                                 problem: "\"\(Route.shown(id))\" is not a pin id (\(WireIdentifier.rule))")
            }
        }
        guard dates.contains(pin.createdAt) else {
            throw InputError(source: "request", location: at(location, "createdAt"),
                             problem: "\"\(fields["createdAt"]?.optionText ?? "")\" is outside 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z")
        }
        return pin
    }

    /// The edit of `fields` (``editable``, with `version`): refused now when the version or
    /// a field's name is wrong; its values are checked, as the CLI checks a pins file, when
    /// it is made on the pin as it is then.
    static func edit(_ fields: [String: FieldValue], at location: String) -> Result<PinEdit, InputError> {
        guard let version = whole(fields["version"], from: 1) else {
            return .failure(InputError(source: "request", location: at(location, "version"),
                                       problem: fields["version"] == nil ? "missing: send the version of the pin you edited" : "needs a whole number from 1"))
        }
        if let fixed = fields.keys.sorted().first(where: { $0 != "version" && $0 != "carry" && !editable.contains($0) }) {
            return .failure(InputError(source: "request", location: at(location, fixed),
                                       problem: "cannot be changed (these can: \(editable.joined(separator: ", ")))"))
        }
        if let carry = fields["carry"], carry != .null {
            return .failure(InputError(source: "request", location: at(location, "carry"),
                                       problem: "can only be null (accepts the pin where the carry put it)"))
        }
        return .success(PinEdit(version: version) { current in
            var merged = try JSONDecoder().decode([String: FieldValue].self, from: JSONEncoder().encode(WirePin(current)))
            for key in editable { if let value = fields[key] { merged[key] = value } }
            // A carry's verdict stands until a person accepts it (`carry: null`) or places the pin.
            if fields["carry"] != nil || ["relativeX", "relativeY", "page"].contains(where: { fields[$0] != nil }) {
                merged["carry"] = nil
            }
            return try decode(merged, at: location)
        })
    }

    /// A sync batch's change at `index`. One that cannot be read (a field missing or wrong)
    /// comes back as one to refuse, so its refusal is recorded under its changeId; throws
    /// only when the batch itself cannot be read (``checkSyncChange(_:index:)``).
    static func syncChange(_ value: FieldValue, index: Int, contentId: String) throws -> SyncBatch.Change {
        let (fields, changeId, op) = try checkSyncChange(value, index: index)
        let location = "changes[\(index)]"
        var pinId = ""
        let operation: SyncBatch.Change.Operation
        do {
            switch op {
            case "create":
                guard case .object(let pinFields)? = fields["pin"] else {
                    throw InputError(source: "request", location: location + ".pin", problem: "needs the new pin")
                }
                if case .text(let id)? = pinFields["id"] { pinId = id }
                operation = .create(try newPin(pinFields, contentId: contentId, at: location + ".pin"))
            default:
                guard case .text(let id)? = fields["id"], !id.isEmpty else {
                    throw InputError(source: "request", location: location + ".id", problem: "needs the pin's id")
                }
                pinId = id
                if op == "update" {
                    if case .object(var set)? = fields["set"] {
                        set["version"] = fields["version"]
                        operation = .update(pinId: id, edit(set, at: location + ".set"))
                    } else {
                        operation = .update(pinId: id, .failure(InputError(source: "request", location: location + ".set",
                                                                             problem: "needs the fields to change")))
                    }
                } else {
                    let version = whole(fields["version"], from: 1)
                    operation = .delete(pinId: id, version: version.map { .success($0) } ?? .failure(InputError(
                        source: "request", location: location + ".version", problem: "needs the version of the pin deleted")))
                }
            }
        } catch let error as InputError {
            operation = .refuse(pinId: pinId, error)
        }
        return SyncBatch.Change(changeId: changeId, location: location, operation: operation)
    }

    /// The fields, changeId and op of a sync batch's change at `index`: without them the
    /// batch cannot be read (400), whatever the other changes.
    @discardableResult
    static func checkSyncChange(_ value: FieldValue, index: Int) throws -> (fields: [String: FieldValue], changeId: String, op: String) {
        let location = "changes[\(index)]"
        guard case .object(let fields) = value else {
            throw InputError(source: "request", location: location, problem: "needs an object {\"changeId\", \"op\", ...}")
        }
        guard case .text(let changeId)? = fields["changeId"], !changeId.isEmpty, changeId.count <= WireChange.changeIdLimit else {
            throw InputError(source: "request", location: location + ".changeId",
                             problem: "needs the client's id of the change (1 to \(WireChange.changeIdLimit) characters)")
        }
        guard case .text(let op)? = fields["op"], ["create", "update", "delete"].contains(op) else {
            throw InputError(source: "request", location: location + ".op", problem: "needs create, update or delete")
        }
        return (fields, changeId, op)
    }

    /// A whole number from `minimum` up to 2^53 (what a JSON number holds exactly); nil for
    /// anything else.
    static func whole(_ value: FieldValue?, from minimum: Int) -> Int? {
        guard case .number(let number)? = value, number == number.rounded(),
              number >= Double(minimum), number <= 9_007_199_254_740_992 else { return nil }
        return Int(number)
    }

    /// One pin object through ``PinDecoder``, its errors placed at `location`.
    private static func decode(_ fields: [String: FieldValue], at location: String) throws -> Pin {
        let data = try JSONEncoder().encode([JSONField(value: .object(fields))])
        do {
            return try PinDecoder(source: "request").decode(data)[0]
        } catch var error as InputError {
            let prefix = PinDecoder.location(ofPinAt: 0)
            if error.location.hasPrefix(prefix) {
                let rest = error.location.dropFirst(prefix.count)
                error.location = location.isEmpty ? String(rest.drop { $0 == "." }) : location + rest
            }
            throw error
        }
    }

    private static func at(_ location: String, _ field: String) -> String {
        location.isEmpty ? field : "\(location).\(field)"
    }
}

/// A ``FieldValue`` written back as JSON; whole numbers without a fraction, as the decoder
/// reads integers.
struct JSONField: Encodable {
    var value: FieldValue

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .text(let text): try container.encode(text)
        case .number(let number):
            if number == number.rounded(), abs(number) < 1e15 { try container.encode(Int(number)) } else { try container.encode(number) }
        case .bool(let flag): try container.encode(flag)
        case .list(let items): try container.encode(items.map { JSONField(value: $0) })
        case .object(let fields): try container.encode(fields.mapValues { JSONField(value: $0) })
        case .null: try container.encodeNil()
        }
    }
}
