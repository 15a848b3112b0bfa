import PinRenderCore

/// Why the store refused a change. ``ServiceError`` maps each to its HTTP status, and a
/// sync batch to its reason.
public enum StoreError: Error, Sendable, Equatable {
    /// No content with that id.
    case unknownContent(String)
    /// No pin with that id on that content.
    case unknownPin(contentId: String, id: String)
    /// The version the client saw is not the pin's: the current pin.
    case conflict(StoredPin)
    /// The pin was deleted: its tombstone.
    case deleted(StoredPin)
    /// A field of the pin is wrong (its location names it).
    case invalid(InputError)
}
