import Foundation

/// The bounding box of the first shape of an SVG document (a W3C SvgSelector's value), in its
/// user units: `rect`, `circle`, `ellipse`, `polygon`, `polyline`, or a `path` whose commands
/// are absolute pairs of coordinates (M, L, C, S, Q, T, Z). Nil when there is none.
enum SVGShape {
    static func bounds(of element: MarkupElement) -> CGRect? {
        if let rect = shapeBounds(element) { return rect }
        for child in element.elements() {
            if let rect = bounds(of: child) { return rect }
        }
        return nil
    }

    private static func shapeBounds(_ element: MarkupElement) -> CGRect? {
        let a = element.attributes
        func number(_ key: String) -> Double? { a[key].flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } }
        switch element.name {
        case "rect":
            guard let w = number("width"), let h = number("height") else { return nil }
            return CGRect(x: number("x") ?? 0, y: number("y") ?? 0, width: w, height: h)
        case "circle":
            guard let cx = number("cx"), let cy = number("cy"), let r = number("r") else { return nil }
            return CGRect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r)
        case "ellipse":
            guard let cx = number("cx"), let cy = number("cy"), let rx = number("rx"), let ry = number("ry") else { return nil }
            return CGRect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry)
        case "polygon", "polyline":
            return a["points"].flatMap { box(numbers($0)) }
        case "path":
            guard let d = a["d"], d.allSatisfy({ !"HhVvAamlcsqtz".contains($0) }) else { return nil }
            return box(numbers(d.filter { !"MLCSQTZ".contains($0) }))
        default:
            return nil
        }
    }

    private static func numbers(_ text: String) -> [Double] {
        text.split(whereSeparator: { $0 == "," || $0 == " " || $0.isNewline || $0 == "\t" }).compactMap { Double($0) }
    }

    /// The box of pairs of coordinates; nil for none or an odd count.
    private static func box(_ values: [Double]) -> CGRect? {
        guard values.count >= 2, values.count % 2 == 0, values.allSatisfy(\.isFinite) else { return nil }
        let xs = stride(from: 0, to: values.count, by: 2).map { values[$0] }
        let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
