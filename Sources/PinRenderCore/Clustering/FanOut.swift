import Foundation

/// Positions for pins that share one spot, so each can be seen and opened (spiderfy): a
/// circle for up to 8 of them, a spiral beyond. Offsets are in pixels around the center;
/// the first pin is at 12 o'clock and the rest go clockwise.
public enum FanOut {
    /// Offsets for `count` pins with markers `spacing` pixels across.
    public static func offsets(count: Int, spacing: Double) -> [CGPoint] {
        guard count > 1 else { return Array(repeating: .zero, count: count) }
        if count <= 8 {
            // The circle whose chord between neighbours is `spacing`.
            let radius = max(spacing, spacing / (2 * sin(Double.pi / Double(count))))
            return (0..<count).map { i in
                let angle = 2 * Double.pi * Double(i) / Double(count) - Double.pi / 2
                return CGPoint(x: radius * cos(angle), y: radius * sin(angle))
            }
        }
        // Archimedean spiral r = a * theta with neighbours `spacing` apart along it.
        var points: [CGPoint] = []
        var theta = 2 * Double.pi
        let a = spacing / (2 * Double.pi) * 1.1
        for _ in 0..<count {
            let radius = a * theta
            points.append(CGPoint(x: radius * cos(theta - .pi / 2), y: radius * sin(theta - .pi / 2)))
            theta += spacing / radius
        }
        return points
    }
}
