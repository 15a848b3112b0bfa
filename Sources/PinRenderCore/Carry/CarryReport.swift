import Foundation

/// What `pinrender carry` found: how each old page was paired and registered, and what
/// became of each root pin; written as REPORT.json (see docs/CARRY.md).
///
///     let report = CarryReport(old: "a.pdf", new: "b.pdf", pages: pages, pins: pins)
///     report.json()  // {"version": 1, "old": "a.pdf", ...}
public struct CarryReport: Sendable {
    /// What registered a page: its words, its pixels, or both agreeing.
    public enum Method: String, Sendable {
        case text, pixels
        case textAndPixels = "text+pixels"
    }

    /// One old page: its partner and the transform to it, or nil for both.
    public struct Page: Sendable, Equatable {
        public var old: Int
        public var new: Int?
        public var pairedBy: PagePairing.Reason?
        public var method: Method?
        public var fit: TransformFit?

        public init(old: Int, new: Int?, pairedBy: PagePairing.Reason?, method: Method?, fit: TransformFit?) {
            self.old = old
            self.new = new
            self.pairedBy = pairedBy
            self.method = method
            self.fit = fit
        }
    }

    /// A place of a pin: its page and normalized point.
    public struct Place: Sendable, Equatable {
        public var page: Int
        public var x: Double
        public var y: Double
        public init(page: Int, x: Double, y: Double) {
            self.page = page
            self.x = x
            self.y = y
        }
    }

    /// One root pin's carry.
    public struct Pin: Sendable, Equatable {
        public var id: String
        public var verdict: CarryVerdict
        public var confidence: Double
        public var from: Place
        /// Where it is now (its old place when `gone`).
        public var to: Place
        /// Its local refinement beyond the page transform, in points of the new page.
        public var shift: Double

        public init(id: String, verdict: CarryVerdict, confidence: Double, from: Place, to: Place, shift: Double) {
            self.id = id
            self.verdict = verdict
            self.confidence = confidence
            self.from = from
            self.to = to
            self.shift = shift
        }
    }

    public var old: String
    public var new: String
    public var pages: [Page]
    public var pins: [Pin]

    /// - Parameters: the two files as given, the old pages in order, the root pins in order.
    public init(old: String, new: String, pages: [Page], pins: [Pin]) {
        self.old = old
        self.new = new
        self.pages = pages
        self.pins = pins
    }

    /// Whether the new revision matched any old page.
    public var match: Bool { pages.contains { $0.new != nil } }

    /// How many pins got each verdict.
    public var counts: [CarryVerdict: Int] {
        Dictionary(uniqueKeysWithValues: CarryVerdict.allCases.map { verdict in (verdict, pins.filter { $0.verdict == verdict }.count) })
    }

    /// REPORT.json: the keys in the contract's order, one line per page and per pin.
    public func json() -> Data {
        let pageValues: [JSONValue] = pages.map { page in
            .object(JSONObject([
                "old": .number(Double(page.old)),
                "new": page.new.map { .number(Double($0)) } ?? .null,
                "pairedBy": page.pairedBy.map { .string($0.rawValue) } ?? .null,
                "method": page.method.map { .string($0.rawValue) } ?? .null,
                "transform": page.fit.map(Self.transform) ?? .null,
            ]))
        }
        let pinValues: [JSONValue] = pins.map { pin in
            .object(JSONObject([
                "id": .string(pin.id),
                "verdict": .string(pin.verdict.rawValue),
                "confidence": .number(pin.confidence),
                "from": Self.place(pin.from),
                "to": Self.place(pin.to),
                "shift": .number(Self.round(pin.shift, 1e4)),
            ]))
        }
        let counts = self.counts
        var countValues = JSONObject()
        for verdict in CarryVerdict.allCases { countValues.append(verdict.rawValue, .number(Double(counts[verdict] ?? 0))) }
        let root = JSONObject([
            "version": .number(1),
            "old": .string(old),
            "new": .string(new),
            "match": .bool(match),
            "pages": .array(pageValues),
            "pins": .array(pinValues),
            "counts": .object(countValues),
        ])
        return Data((JSONValue.object(root).text() + "\n").utf8)
    }

    static func place(_ place: Place) -> JSONValue {
        .object(JSONObject(["page": .number(Double(place.page)), "x": .number(place.x), "y": .number(place.y)]))
    }

    private static func transform(_ fit: TransformFit) -> JSONValue {
        .object(JSONObject([
            "kind": .string(fit.kind.rawValue),
            "matrix": .array(fit.transform.matrix.map { .number(round($0, 1e9)) }),
            "inliers": .number(Double(fit.inliers)),
            "residual": .number(round(fit.residual, 1e4)),
        ]))
    }

    static func round(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }
}

extension JSONObject {
    /// An object of these members, in this order.
    init(_ members: KeyValuePairs<String, JSONValue>) {
        for (key, value) in members { append(key, value) }
    }
}
