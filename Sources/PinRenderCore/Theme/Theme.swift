import Foundation

/// Colors, sizes and the font of everything pinrender draws. Sizes are in UI points,
/// multiplied by the scene's UI scale. A theme file (`--theme FILE`) is a JSON object with
/// any of these keys; the others keep their defaults. In the default theme every text on a
/// marker, badge or bubble has a contrast of at least 4.5:1 (WCAG AA, ``markTextPairs``).
///
///     {"markerFill": "#0A84FF", "fontFamily": "Noto Sans", "tooltipMaxLines": 6}
public struct Theme: Sendable, Equatable, Codable {
    public var fontFamily = "DejaVu Sans"
    public var markerRadius = 13.0
    public var markerFill = Color(hex: "#D13E31")!
    public var markerStroke = Color(hex: "#FFFFFF")!
    public var markerText = Color(hex: "#FFFFFF")!
    public var markerShadow = Color(hex: "#00000059")!
    public var resolvedFill = Color(hex: "#626F85")!
    public var resolvedText = Color(hex: "#F2F4F7")!
    public var checkFill = Color(hex: "#0F8542")!
    public var badgeFill = Color(hex: "#1D2939")!
    public var badgeText = Color(hex: "#FFFFFF")!
    public var tooltipBackground = Color(hex: "#FFFFFFF2")!
    public var tooltipBorder = Color(hex: "#D0D5DD")!
    public var tooltipText = Color(hex: "#1D2939")!
    public var tooltipSecondaryText = Color(hex: "#667085")!
    /// A tooltip's leader line, when its box stands away from its pin.
    public var leaderLine = Color(hex: "#667085")!
    /// The thread panel's background (`--threads panel`).
    public var panelFill = Color(hex: "#F2F4F7")!
    /// Around content that does not fill a device screen.
    public var letterboxFill = Color(hex: "#E4E7EC")!
    public var tooltipFontSize = 12.0
    public var tooltipMaxWidth = 260.0
    public var tooltipMaxLines = 4
    public var tooltipPadding = 8.0
    public var tooltipCornerRadius = 6.0
    /// Distance between a marker's edge and its tooltip's arrow tip.
    public var tooltipGap = 4.0
    /// Space kept free between a tooltip and the container's edge.
    public var containerPadding = 4.0
    /// In `--tooltips auto`, pages with more root pins than this show no tooltips.
    public var autoTooltipLimit = 25
    /// A fixed UI scale; when absent it follows the output size (1 up to 1000 px short side).
    public var uiScale: Double?

    /// The default theme.
    public init() {}

    /// A number a theme may set and the range it must fall in.
    struct Number {
        let key: String
        let range: ClosedRange<Double>
        /// Whether it counts something (a whole number).
        var isWhole = false
    }

    /// Every number of a theme, in the order they are checked, with its range: beyond them
    /// markers and text have no size or no room, and Cairo and Pango fail (a negative marker
    /// radius, a UI scale of zero). Sizes are UI points.
    static let numbers = [
        Number(key: "markerRadius", range: 4...100), Number(key: "tooltipFontSize", range: 4...72),
        Number(key: "tooltipMaxWidth", range: 40...2000), Number(key: "tooltipMaxLines", range: 1...100, isWhole: true),
        Number(key: "tooltipPadding", range: 0...100), Number(key: "tooltipCornerRadius", range: 0...100),
        Number(key: "tooltipGap", range: 0...100), Number(key: "containerPadding", range: 0...200),
        Number(key: "autoTooltipLimit", range: 0...100_000, isWhole: true), Number(key: "uiScale", range: 0.25...40),
    ]

    /// Reads a theme file's JSON over the defaults. Unknown keys are an error, so that a
    /// misspelt key is not silently ignored, and so is a number outside its range.
    public static func decode(_ data: Data, source: String) throws -> Theme {
        guard let overrides = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw InputError(source: source, location: "", problem: "expected a JSON object of theme keys")
        }
        var merged = try JSONSerialization.jsonObject(
            with: JSONEncoder().encode(Theme())) as! [String: Any]
        let known = Set(merged.keys).union(["uiScale"])
        for (key, value) in overrides {
            guard known.contains(key) else {
                let list = known.sorted().joined(separator: ", ")
                throw InputError(source: source, location: key, problem: "unknown theme key (known: \(list))")
            }
            merged[key] = value
        }
        // Null is left to the decoder: it is the default UI scale, and an error elsewhere.
        for number in numbers {
            guard let value = overrides[number.key], !(value is NSNull) else { continue }
            guard !isBoolean(value), let figure = value as? Double, !number.isWhole || figure == figure.rounded() else {
                throw InputError(source: source, location: number.key, problem: "expected \(number.description)")
            }
            guard number.range.contains(figure) else {
                throw InputError(source: source, location: number.key,
                                 problem: "\(format(figure)) is outside the range allowed: use \(number.description)")
            }
        }
        do {
            return try JSONDecoder().decode(Theme.self,
                                            from: JSONSerialization.data(withJSONObject: merged))
        } catch let DecodingError.dataCorrupted(context) {
            throw InputError(source: source, location: InputError.location(context.codingPath),
                             problem: context.debugDescription)
        } catch let DecodingError.typeMismatch(type, context) {
            throw InputError(source: source, location: InputError.location(context.codingPath),
                             problem: "expected \(type == String.self || type == Color.self ? "a string" : "a number")")
        } catch let DecodingError.valueNotFound(_, context) {
            throw InputError(source: source, location: InputError.location(context.codingPath),
                             problem: "null is not a value here; leave the key out to keep the default")
        } catch {
            throw InputError(source: source, location: "", problem: "\(error)")
        }
    }

    /// Whether a JSONSerialization value is `true` or `false`: they come as numbers of the C
    /// type char (`is Bool` holds for the numbers 0 and 1 too).
    private static func isBoolean(_ value: Any) -> Bool {
        (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
    }

    /// `12`, `0.25`, `1e+20`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}

extension Theme.Number: CustomStringConvertible {
    /// `a number from 4 to 100`.
    var description: String {
        "\(isWhole ? "a whole number" : "a number") from \(Theme.format(range.lowerBound)) to \(Theme.format(range.upperBound))"
    }
}
