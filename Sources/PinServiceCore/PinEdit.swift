import PinRenderCore

/// An edit of a pin's editable fields (text, point, page, resolved), made on one version
/// of it: a value holding the change as a function, applied to the pin as it is when the
/// edit is made (the HTTP adapter makes one from a PATCH body, checked as the CLI checks a
/// pins file; ``resolved(_:version:)`` is the one the review apps send most).
///
///     try service.edit("p1", of: "plan", .resolved(true, version: 3))
public struct PinEdit: Sendable {
    /// The version of the pin the edit was made on.
    public var version: Int
    /// The pin with the edit made; throws an ``InputError`` naming a field the edit makes wrong.
    public var apply: @Sendable (Pin) throws -> Pin

    public init(version: Int, apply: @escaping @Sendable (Pin) throws -> Pin) {
        self.version = version
        self.apply = apply
    }

    /// Marks the pin resolved (or not).
    public static func resolved(_ resolved: Bool, version: Int) -> PinEdit {
        PinEdit(version: version) { pin in
            var pin = pin
            pin.resolved = resolved
            return pin
        }
    }
}
