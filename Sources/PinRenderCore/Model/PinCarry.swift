import Foundation

/// What carrying a root pin to a new revision of its content said of it (`pinrender carry`'s
/// `"carry"` field, the service's after `POST /v1/contents/{id}/revisions`): its verdict,
/// how sure, and where it was. A person accepting a flagged pin clears it.
public struct PinCarry: Sendable, Equatable, Codable {
    /// Where the pin was on the old revision.
    public struct Origin: Sendable, Equatable, Codable {
        public var page: Int
        public var x: Double
        public var y: Double

        public init(page: Int, x: Double, y: Double) {
            (self.page, self.x, self.y) = (page, x, y)
        }
    }

    /// `same`, `moved`, `changed` or `gone` (``CarryVerdict``).
    public var verdict: String
    /// 0...1.
    public var confidence: Double
    public var from: Origin

    public init(verdict: String, confidence: Double, from: Origin) {
        (self.verdict, self.confidence, self.from) = (verdict, confidence, from)
    }

    /// True for the verdicts a person should look at: `changed`, `gone`.
    public var needsLook: Bool { verdict == CarryVerdict.changed.rawValue || verdict == CarryVerdict.gone.rawValue }
}

extension FieldReader {
    /// A pin's `carry` object, nil when absent or null; its verdict one of ``CarryVerdict``'s,
    /// its confidence within 0...1, its `from` a page and a point.
    func carry(_ key: String) throws -> PinCarry? {
        guard let value = fields[key] else { return nil }
        if case .null = value { return nil }
        guard case .object(let object) = value else {
            throw InputError(source: source, location: "\(location).\(key)",
                             problem: "expected an object {\"verdict\", \"confidence\", \"from\"}, found \(value.typeName)")
        }
        let nested = FieldReader(source: source, location: "\(location).\(key)", fields: object)
        let verdict = try nested.string("verdict")
        guard CarryVerdict(rawValue: verdict) != nil else {
            throw InputError(source: source, location: "\(location).\(key).verdict",
                             problem: "\"\(verdict)\" is not one of \(CarryVerdict.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard case .object(let origin)? = object["from"] else {
            throw InputError(source: source, location: "\(location).\(key).from", problem: "missing (expected {\"page\", \"x\", \"y\"})")
        }
        let from = FieldReader(source: source, location: "\(location).\(key).from", fields: origin)
        return PinCarry(verdict: verdict, confidence: try nested.unitInterval("confidence"),
                        from: PinCarry.Origin(page: try from.optionalInteger("page", minimum: 1) ?? 1,
                                              x: try from.unitInterval("x"), y: try from.unitInterval("y")))
    }
}
