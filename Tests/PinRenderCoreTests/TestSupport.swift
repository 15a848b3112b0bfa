import Foundation
@testable import PinRenderCore

/// A fixed-advance text measurer standing in for Pango: every visible character is 0.6 em
/// wide (invisible format characters such as bidi marks take no room, as in Pango), a line
/// is 1.25 em high, text wraps at `maxWidth` and stops after `style.maxLines` lines.
struct StandInMeasurer: TextMeasuring {
    func measure(_ text: String, style: TextStyle, maxWidth: Double) -> (width: Double, height: Double) {
        let shown = text.filter { !$0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format } }
        let fullWidth = 0.6 * style.size * Double(shown.count)
        let width = min(maxWidth, fullWidth)
        let lines = min(style.maxLines, max(1, Int((fullWidth / maxWidth).rounded(.up))))
        return (width, Double(lines) * style.size * 1.25)
    }
}

/// `text` without the invisible bidi controls (marks, embeddings, isolates) that tooltip text
/// carries to keep its layout left-to-right.
func visible(_ text: String) -> String {
    let bidi: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                             0x2066, 0x2067, 0x2068, 0x2069]
    return String(String.UnicodeScalarView(text.unicodeScalars.filter { !bidi.contains($0.value) }))
}

/// 2026-11-02T09:15:00Z, worked out with `date -u -d 2026-11-02T09:15:00Z +%s`.
let november2At0915UTC = Date(timeIntervalSince1970: 1_793_610_900)

/// A root pin with the fields the tests care about.
func rootPin(_ id: String, x: Double = 0.5, y: Double = 0.5, page: Int = 1, at seconds: Double = 0,
             text: String = "", resolved: Bool = false, number: Int? = nil,
             authorId: String = "u1", authorName: String? = nil,
             kind: Pin.Kind = .text, audio: Pin.Audio? = nil) -> Pin {
    Pin(id: id, contentId: "doc", page: page, relativeX: x, relativeY: y, authorId: authorId,
        authorName: authorName, createdAt: Date(timeIntervalSince1970: seconds), text: text,
        resolved: resolved, number: number, kind: kind, audio: audio)
}

/// A reply to `parent`.
func replyPin(_ id: String, to parent: String, page: Int = 1, at seconds: Double = 0, text: String = "") -> Pin {
    Pin(id: id, contentId: "doc", page: page, authorId: "u2",
        createdAt: Date(timeIntervalSince1970: seconds), text: text, parentId: parent)
}

/// Positive-area overlap of two rectangles, with a tolerance for rounding.
func overlaps(_ a: CGRect, _ b: CGRect, tolerance: Double = 1e-9) -> Bool {
    a.minX < b.maxX - tolerance && b.minX < a.maxX - tolerance
        && a.minY < b.maxY - tolerance && b.minY < a.maxY - tolerance
}

/// `inner` lies inside `outer`, with a tolerance for rounding.
func contains(_ outer: CGRect, _ inner: CGRect, tolerance: Double = 1e-9) -> Bool {
    inner.minX >= outer.minX - tolerance && inner.maxX <= outer.maxX + tolerance
        && inner.minY >= outer.minY - tolerance && inner.maxY <= outer.maxY + tolerance
}

extension Tooltip {
    var rect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}

extension Marker {
    /// The bounding box of the marker circle.
    var box: CGRect { CGRect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius) }
}
