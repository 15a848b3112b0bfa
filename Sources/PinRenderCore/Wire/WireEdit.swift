/// The fields an edit of a pin sets (the OpenAPI document's `PinEdit`): the body of `PATCH
/// .../pins/{id}` with the `version` edited, and without it the `set` of a sync batch's
/// update. A field left nil is left as it is; a reply takes only `text` and `resolved`.
///
///     let edit = WireEdit(text: "Move the socket 20 cm left", version: 3)
public struct WireEdit: Codable, Sendable, Equatable {
    public var text: String?
    public var relativeX: Double?
    public var relativeY: Double?
    public var page: Int?
    public var resolved: Bool?
    /// The version of the pin the edit was made on (the `PATCH` body's; nil in a batch's `set`).
    public var version: Int?

    /// The names of the fields an edit may set, `version` aside.
    public static let editable = ["text", "relativeX", "relativeY", "page", "resolved"]

    public init(text: String? = nil, relativeX: Double? = nil, relativeY: Double? = nil, page: Int? = nil,
                resolved: Bool? = nil, version: Int? = nil) {
        self.text = text
        self.relativeX = relativeX
        self.relativeY = relativeY
        self.page = page
        self.resolved = resolved
        self.version = version
    }

    /// This edit followed by `later`: each field `later` sets, the others of this one.
    public func merging(_ later: WireEdit) -> WireEdit {
        WireEdit(text: later.text ?? text, relativeX: later.relativeX ?? relativeX, relativeY: later.relativeY ?? relativeY,
                 page: later.page ?? page, resolved: later.resolved ?? resolved, version: later.version ?? version)
    }

    /// `pin` with this edit applied: a root takes every field, a reply its text and
    /// resolved flag only (it has no point of its own and is on its root's page).
    public func applied(to pin: WirePin) -> WirePin {
        var pin = pin
        pin.text = text ?? pin.text
        pin.resolved = resolved ?? pin.resolved
        if pin.isRoot {
            pin.relativeX = relativeX ?? pin.relativeX
            pin.relativeY = relativeY ?? pin.relativeY
            pin.page = page ?? pin.page
        }
        return pin
    }
}
