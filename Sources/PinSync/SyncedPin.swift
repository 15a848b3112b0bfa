import PinRenderCore

/// A pin as the local store shows it: the optimistic state (the server's last state with
/// the queued changes applied), the server version it builds on, and whether changes to it
/// wait to be synced (the apps' `pendingSync`).
public struct SyncedPin: Sendable, Equatable {
    public var pin: Pin
    /// The server's version of the pin this state builds on; 0 for a pin the server has
    /// not acknowledged yet.
    public var version: Int
    /// True while a change to this pin is queued.
    public var pendingSync: Bool

    public init(pin: Pin, version: Int, pendingSync: Bool) {
        self.pin = pin
        self.version = version
        self.pendingSync = pendingSync
    }
}

/// The fields an edit changes; nil leaves a field as it is.
///
///     try store.edit("p1", of: "plan", PinEdit(text: "Move the socket 20 cm left"))
public struct PinEdit: Sendable, Equatable {
    public var text: String?
    /// The new point (relativeX, relativeY), for a root pin.
    public var point: (x: Double, y: Double)?
    public var page: Int?
    public var resolved: Bool?

    public init(text: String? = nil, point: (x: Double, y: Double)? = nil, page: Int? = nil, resolved: Bool? = nil) {
        self.text = text
        self.point = point
        self.page = page
        self.resolved = resolved
    }

    public static func == (a: PinEdit, b: PinEdit) -> Bool {
        a.text == b.text && a.point?.x == b.point?.x && a.point?.y == b.point?.y && a.page == b.page && a.resolved == b.resolved
    }

    /// The `set` object of a sync change.
    var wire: WireEdit {
        WireEdit(text: text, relativeX: point?.x, relativeY: point?.y, page: page, resolved: resolved)
    }
}
