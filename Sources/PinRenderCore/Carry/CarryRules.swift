import Foundation

/// What became of a pin on the new revision, as CARRIED.json and REPORT.json name it.
public enum CarryVerdict: String, Sendable, CaseIterable {
    /// The content under it is unchanged and it stays where it was on the page.
    case same
    /// The content under it is unchanged and moved; the pin went with it.
    case moved
    /// The content under it changed: a person should look.
    case changed
    /// Its page or its content is no longer there; the pin keeps its old point.
    case gone
}

/// The rules that turn a pin's local match into a verdict, in one place.
public enum CarryRules {
    /// A neighbourhood with less ink than this (``GreyImage/ink``) is blank.
    public static let blankInk = 0.002
    /// The correlation above which the content under a pin is the same.
    public static let unchangedPeak = 0.7
    /// The correlation under which the inner part of a neighbourhood changed though the
    /// whole still matches (a basin gone from under a pin beside a wall).
    public static let innerPeak = 0.5
    /// The ink the inner part needs for that check: more than a blank's, so that the edge of
    /// a faint line drawn at another scale is not taken for content gone.
    public static let innerInk = 5 * blankInk
    /// A pin that moves less than this many pixels at --dpi on the page stays `same`.
    public static let samePixels = 0.5
    /// A local shift this small (old pixels) that correlates as well in place is the page
    /// transform's own error, not content that moved.
    static let snap = 1.0

    /// The judgement on one pin.
    public struct Judgement: Sendable, Equatable {
        public var verdict: CarryVerdict
        public var confidence: Double
        /// The shift kept beyond the page transform, in old raster pixels.
        public var shift: Point

        public init(verdict: CarryVerdict, confidence: Double, shift: Point) {
            self.verdict = verdict
            self.confidence = confidence
            self.shift = shift
        }
    }

    /// Judges a pin from its local match: blank on both pages follows the page transform;
    /// content found again (correlation at least ``unchangedPeak``) moves with it; content gone
    /// blank is `gone`; other content is `changed`. `moved` tells whether the point's new
    /// place (given the shift kept) is not where it was; `pageConfidence` is the page
    /// transform's.
    public static func judge(_ match: LocalMatch, pageConfidence: Double, moved: (Point) -> Bool) -> Judgement {
        let zero = Point(x: 0, y: 0)
        func unchanged(_ shift: Point, _ confidence: Double) -> Judgement {
            Judgement(verdict: moved(shift) ? .moved : .same, confidence: rounded(confidence), shift: shift)
        }
        if match.oldInk < blankInk {
            guard match.newInk >= blankInk else { return unchanged(zero, pageConfidence) }
            return Judgement(verdict: .changed, confidence: rounded(min(1, match.newInk / (4 * blankInk))), shift: zero)
        }
        if match.peak >= unchangedPeak, match.innerOldInk >= innerInk, match.innerPeak < innerPeak {
            guard match.innerNewInk >= blankInk else { return Judgement(verdict: .gone, confidence: rounded(match.peak), shift: zero) }
            return Judgement(verdict: .changed, confidence: rounded(1 - match.innerPeak / 2), shift: zero)
        }
        if match.peak >= unchangedPeak {
            let small = hypot(match.shift.x, match.shift.y) <= snap && match.peakInPlace >= match.peak - 0.02
            return unchanged(small ? zero : match.shift, pageConfidence * min(1, match.peak))
        }
        if match.newInk < blankInk {
            return Judgement(verdict: .gone, confidence: rounded(1 - match.newInk / blankInk * 0.5), shift: zero)
        }
        return Judgement(verdict: .changed, confidence: rounded(min(1, max(0, (unchangedPeak - match.peak) / unchangedPeak) + 0.5)), shift: zero)
    }

    /// How sure a page transform is, 0 to 1: more inliers and a smaller residual, surer.
    public static func confidence(of fit: TransformFit) -> Double {
        let support = min(1, Double(fit.inliers) / 12)
        return rounded(support * max(0, 1 - fit.residual / 2))
    }

    /// A confidence as written: within 0 to 1, to three decimals.
    static func rounded(_ value: Double) -> Double { (min(1, max(0, value)) * 1000).rounded() / 1000 }
}
