import Foundation
import PinRenderCore

/// What saving a carry does to one live root pin, given what people did to it while the
/// carry ran (it reads the pins, works in a render worker for seconds, then saves): nothing a
/// person did is lost.
///
/// - A pin whose place is the one the carry read gets the carried place and `carry` (none for
///   `same`) on top of the pin as it is now: an edit of its text or `resolved` meanwhile stays.
/// - A pin a person moved meanwhile, or created meanwhile, was placed on the old revision
///   (the one shown until the new one is kept): it keeps that place, flagged `changed` with
///   confidence 0 and `from` that place, for a person to look at on the new revision; the
///   revision's report lists it under `meanwhile` (``PlacedMeanwhile``).
///
///     let edit = CarriedEdit(current: pin, read: readPins["a"], carried: carriedPins["a"])
///     if edit.pin != pin { /* save edit.pin */ }
struct CarriedEdit {
    /// The pin as the carry leaves it (equal to `current` when it has nothing to change).
    var pin: Pin
    /// Set when the pin keeps a place a person gave it meanwhile.
    var meanwhile: PlacedMeanwhile?

    /// - Parameters:
    ///   - current: the live root pin as the saving transaction sees it.
    ///   - read: the pin as the carry read it (nil: created after).
    ///   - carried: the pin as the carry gave it back (CARRIED.json's).
    init(current: Pin, read: Pin?, carried: Pin?) {
        pin = current
        if let read, Self.place(of: read) == Self.place(of: current) {
            guard let carried else { return }
            (pin.page, pin.relativeX, pin.relativeY) = (carried.page, carried.relativeX, carried.relativeY)
            pin.carry = carried.carry?.verdict == CarryVerdict.same.rawValue ? nil : carried.carry
            return
        }
        let place = Self.place(of: current)
        pin.carry = PinCarry(verdict: CarryVerdict.changed.rawValue, confidence: 0, from: place)
        meanwhile = PlacedMeanwhile(id: current.id, edit: read == nil ? .created : .moved, page: place.page, x: place.x, y: place.y)
    }

    /// A root pin's place, as `carry.from` writes it.
    private static func place(of pin: Pin) -> PinCarry.Origin {
        PinCarry.Origin(page: pin.page, x: pin.relativeX ?? 0, y: pin.relativeY ?? 0)
    }
}

/// A root pin a person placed on the old revision while the carry to the new one ran: moved
/// there (its place was not the one the carry read) or created. It keeps that place, flagged
/// for a look (``CarriedEdit``). Listed in the revision's report as
/// `"meanwhile": [{"id", "edit", "page", "x", "y"}]`, and read back from it (``RevisionPlaces``).
struct PlacedMeanwhile: Sendable, Equatable, Codable {
    /// How the person placed it: `moved` or `created`.
    enum Edit: String, Sendable, Codable {
        case moved, created
    }

    var id: String
    var edit: Edit
    /// The place it keeps, as the pin's `page`, `relativeX` and `relativeY`.
    var page: Int
    var x: Double
    var y: Double
}
