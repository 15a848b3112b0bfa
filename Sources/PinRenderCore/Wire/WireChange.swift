/// One change of an offline client's `POST /v1/sync` batch (the OpenAPI document's
/// `SyncChange`), what a client's outbox entry is sent as. Its `changeId`, the client's,
/// makes applying it idempotent.
///
/// Field rules by `op`: `create` carries the new `pin`; `update` the pin's `id`, the
/// `version` edited and the fields to `set`; `delete` the `id` and the `version` deleted.
///
///     let change = WireChange.update(changeId: "c-2", id: "p1", version: 3, set: WireEdit(resolved: true))
public struct WireChange: Codable, Sendable, Equatable {
    /// What the change does.
    public enum Operation: String, Codable, Sendable {
        case create, update, delete
    }

    /// The client's id of the change, 1 to ``changeIdLimit`` characters, one per change of a
    /// batch.
    public var changeId: String
    public var op: Operation
    /// The new pin (`create`).
    public var pin: WirePin?
    /// The pin changed (`update`, `delete`).
    public var id: String?
    /// The version of the pin the change was made on (`update`, `delete`).
    public var version: Int?
    /// The fields an `update` sets.
    public var set: WireEdit?

    /// The most characters a `changeId` has.
    public static let changeIdLimit = 200

    /// A `create` of `pin`.
    public static func create(changeId: String, pin: WirePin) -> WireChange {
        WireChange(changeId: changeId, op: .create, pin: pin)
    }

    /// An `update` of pin `id`, made on its `version`.
    public static func update(changeId: String, id: String, version: Int, set: WireEdit) -> WireChange {
        WireChange(changeId: changeId, op: .update, id: id, version: version, set: set)
    }

    /// A `delete` of pin `id`, made on its `version`.
    public static func delete(changeId: String, id: String, version: Int) -> WireChange {
        WireChange(changeId: changeId, op: .delete, id: id, version: version)
    }

    /// A change with the fields of its `op` (the factories above say which).
    public init(changeId: String, op: Operation, pin: WirePin? = nil, id: String? = nil, version: Int? = nil,
                set: WireEdit? = nil) {
        self.changeId = changeId
        self.op = op
        self.pin = pin
        self.id = id
        self.version = version
        self.set = set
    }
}

/// A sync batch (the OpenAPI document's `SyncRequest`): a content's changes, in order, and
/// the cursor of the last change the client saw.
public struct WireSyncRequest: Codable, Sendable, Equatable {
    public var contentId: String
    public var cursor: Int?
    /// At most ``maxChanges`` (the service's default; it may be set lower or higher).
    public var changes: [WireChange]

    /// The most changes a batch carries by default.
    public static let maxChanges = 1000

    public init(contentId: String, cursor: Int?, changes: [WireChange]) {
        self.contentId = contentId
        self.cursor = cursor
        self.changes = changes
    }
}

/// What became of one change of a batch (an item of `SyncAnswer.results`): applied, or
/// refused with the reason (the message an error answer would carry); `replayed` when the
/// changeId was seen before and this is the outcome recorded then.
public struct WireSyncResult: Codable, Sendable, Equatable {
    /// `applied` or `refused`.
    public enum Status: String, Codable, Sendable {
        case applied, refused
    }

    public var changeId: String
    public var pinId: String
    public var status: Status
    public var reason: String?
    public var replayed: Bool

    public init(changeId: String, pinId: String, status: Status, reason: String? = nil, replayed: Bool = false) {
        self.changeId = changeId
        self.pinId = pinId
        self.status = status
        self.reason = reason
        self.replayed = replayed
    }
}

/// The answer of a sync batch (the OpenAPI document's `SyncAnswer`): each change's result,
/// in order, then the server's changes after the client's cursor, as a change list has them.
public struct WireSyncAnswer: Codable, Sendable, Equatable {
    public var results: [WireSyncResult]
    public var contentId: String
    public var cursor: Int
    /// More changes wait after ``cursor``: ask the changes endpoint.
    public var more: Bool
    public var changes: [WirePin]

    public init(results: [WireSyncResult], contentId: String, cursor: Int, more: Bool, changes: [WirePin]) {
        self.results = results
        self.contentId = contentId
        self.cursor = cursor
        self.more = more
        self.changes = changes
    }
}
