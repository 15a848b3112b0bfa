import Foundation

extension Theme {
    /// A text color and the fill it is set on, named by their theme keys.
    public struct TextPair: Sendable, Equatable {
        public var text: String
        public var fill: String
        public var textColor: Color
        public var fillColor: Color
        /// The pair's WCAG 2.x contrast ratio.
        public var contrastRatio: Double { textColor.contrastRatio(with: fillColor) }
    }

    /// The contrast WCAG 2.x level AA asks of text: 4.5 to 1.
    public static let minimumTextContrast = 4.5

    /// Every text a marker, badge or cluster bubble sets and the fill under it: a marker's
    /// number, a resolved marker's number, reply, voice and check badges, a bubble's count
    /// (open or all resolved), its open count, an edge indicator's count.
    public var markTextPairs: [TextPair] {
        [("markerText", markerText, "markerFill", markerFill), ("resolvedText", resolvedText, "resolvedFill", resolvedFill),
         ("badgeText", badgeText, "badgeFill", badgeFill), ("badgeText", badgeText, "checkFill", checkFill),
         ("badgeText", badgeText, "markerFill", markerFill), ("badgeText", badgeText, "resolvedFill", resolvedFill)]
            .map { TextPair(text: $0.0, fill: $0.2, textColor: $0.1, fillColor: $0.3) }
    }

    /// The pairs of ``markTextPairs`` below ``minimumTextContrast``, as warnings:
    /// `markerText on markerFill has a contrast of 2.1:1 (WCAG AA asks 4.5:1)`.
    public var contrastWarnings: [String] {
        markTextPairs.filter { $0.contrastRatio < Self.minimumTextContrast }.map {
            "\($0.text) on \($0.fill) has a contrast of \(($0.contrastRatio * 100).rounded(.down) / 100):1 (WCAG AA asks \(Self.minimumTextContrast):1)"
        }
    }
}
