import Foundation
import PinPlatform
import PinRenderCore

/// What an import did: the pins it created (in the order they were committed), the ids it
/// found with the same comment already (nothing done), and one warning line for each pin it
/// left out (an id here with another comment, or deleted here; a reply whose root is not
/// here; a page the content does not have).
public struct ImportReport: Sendable, Equatable {
    public var created: [StoredPin] = []
    public var skipped: [String] = []
    public var warnings: [String] = []

    public init() {}
}

extension ReviewService {
    /// The most pins one import creates.
    public static let maxImportPins = 100_000

    /// The id a pin imported with `id` has in the store: `id` itself when it is one
    /// (``WireIdentifier``); else its characters outside the rule as `_` (at most 60 of them),
    /// `-` and the first 12 hex digits of its SHA-256, the same on every import, so that
    /// importing again finds it. A W3C annotation's foreign IRI, PyMuPDF's `fitz-A0~2`, an
    /// XFDF `name` with spaces all become ids a URL holds as they are.
    public static func storeId(forImported id: String) -> String {
        if WireIdentifier.isValid(id) { return id }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
        var plain = String(id.prefix(60).map { allowed.contains($0) ? $0 : "_" })
        if plain.hasPrefix(".") { plain = "_" + plain.dropFirst() }
        return plain + "-" + String(SHA256.hex(of: id).prefix(12))
    }

    /// Creates the pins of another tool's comments on `contentId`, each through the store's
    /// create (the checks of any create, a reply to a reply joined to its root, the same
    /// events), and is idempotent by their ids (``storeId(forImported:)``): a pin whose id is
    /// there already is not created again; it is `skipped` when it holds the same comment
    /// (text, author, date to the second, page and point, parent, resolved, recording), and
    /// kept as it is, with a warning naming the fields that differ, when it does not (the
    /// store's pin may have been edited since the last import; an import never overwrites).
    /// A pin deleted here is not brought back (a warning). Roots go first, then replies, in
    /// steps of at most `stepSize` pins, each one transaction whose events are sent once it
    /// committed; `step` runs each step (the HTTP adapter: on its writer).
    public func importPins(_ pins: [Pin], into contentId: String, stepSize: Int = .max,
                           step: (SyncStep) throws -> Void = { try $0() }) throws(ReviewError) -> ImportReport {
        try requireContent(contentId)
        guard pins.count <= Self.maxImportPins else {
            throw .invalid("body", "\(pins.count) comments; at most \(Self.maxImportPins) an import")
        }
        let ordered = pins.filter(\.isRoot) + pins.filter { !$0.isRoot }
        let mapped = ordered.map { pin in
            var pin = pin
            pin.contentId = contentId
            pin.id = Self.storeId(forImported: pin.id)
            pin.parentId = pin.parentId.map(Self.storeId(forImported:))
            pin.number = nil
            return pin
        }
        var report = ImportReport()
        let size = max(stepSize, 1)
        for start in stride(from: 0, to: mapped.count, by: size) {
            let slice = mapped[start..<min(start + size, mapped.count)]
            try run { try step { try importStep(slice, into: &report) } }
        }
        return report
    }

    /// One step of an import in one transaction, then its events.
    private func importStep(_ pins: ArraySlice<Pin>, into report: inout ImportReport) throws {
        let outcome = try store.batch { transaction in
            var step = ImportReport()
            for pin in pins {
                if let existing = try transaction.pin(pin.id, of: pin.contentId) {
                    if existing.deleted {
                        step.warnings.append("\"\(pin.id)\": deleted here; not imported again")
                    } else if case let differences = Self.differences(existing.pin, pin), !differences.isEmpty {
                        step.warnings.append("\"\(pin.id)\": here already with another \(differences.joined(separator: ", ")); kept as it is")
                    } else {
                        step.skipped.append(pin.id)
                    }
                    continue
                }
                do {
                    step.created.append(try transaction.create(pin).pin)
                } catch ReviewError.invalid(let error) {
                    step.warnings.append("\"\(pin.id)\": \(ReviewError.describe(error)); left out")
                }
            }
            return step
        }
        for stored in outcome.created { committed(CommittedChange(pins: [stored], previous: nil)) }
        report.created += outcome.created
        report.skipped += outcome.skipped
        report.warnings += outcome.warnings
    }

    /// The fields in which a stored pin and an imported one differ (a reply's point and page
    /// are its root's, not compared); dates to the second, points within 10^-9.
    static func differences(_ stored: Pin, _ imported: Pin) -> [String] {
        var fields: [String] = []
        func close(_ a: Double?, _ b: Double?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case (let a?, let b?): abs(a - b) <= 1e-9
            default: false
            }
        }
        if stored.text != imported.text { fields.append("text") }
        if stored.authorId != imported.authorId || (stored.authorName ?? "") != (imported.authorName ?? "") { fields.append("author") }
        if Int(stored.createdAt.timeIntervalSince1970.rounded(.down)) != Int(imported.createdAt.timeIntervalSince1970.rounded(.down)) {
            fields.append("createdAt")
        }
        if stored.resolved != imported.resolved { fields.append("resolved") }
        if stored.parentId != imported.parentId { fields.append("parentId") }
        if imported.isRoot, stored.page != imported.page || !close(stored.relativeX, imported.relativeX) || !close(stored.relativeY, imported.relativeY) {
            fields.append("place")
        }
        if stored.kind != imported.kind || stored.audio != imported.audio { fields.append("recording") }
        return fields
    }
}
