import Foundation
import Testing
@testable import PinRenderCore

/// The sweep that sums the area of fixed rectangles under each query (``CoveredArea``) gives,
/// within its stated error, what summing them one by one gives.
struct CoveredAreaTests {
    static func shared(_ a: CGRect, _ b: CGRect) -> Double {
        let width = min(a.maxX, b.maxX) - max(a.minX, b.minX), height = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return width > 0 && height > 0 ? width * height : 0
    }

    @Test(arguments: [1, 2, 3])
    func areasAreTheSumsOneByOne(_ seed: UInt64) {
        var random = SplitMix64(seed: 0xA2EA_0000 &+ seed)
        func rect(_ size: Double) -> CGRect {
            CGRect(x: random.unit() * 500 - 20, y: random.unit() * 400 - 20,
                   width: random.unit() * size, height: random.unit() * size)
        }
        // Stacked and touching rectangles too: the same one four times, one sharing an edge.
        var rects = (0..<400).map { _ in rect(60) }
        rects += Array(repeating: rects[0], count: 4) + [rects[1].offsetBy(dx: rects[1].width, dy: 0)]
        let queries = (0..<300).map { _ in rect(200) } + [rects[1], .null, CGRect(x: 1, y: 1, width: 0, height: 5)]
        var work = CoveredArea.Work()
        let (areas, error) = CoveredArea.areas(of: queries, under: rects + [.null], work: &work)
        #expect(error < 1e-2)
        for (query, area) in zip(queries, areas) {
            let expected = rects.reduce(0) { $0 + Self.shared(query, $1) }
            #expect(abs(area - expected) <= error, "\(query): \(area) vs \(expected)")
        }
    }

    @Test func aSquareHalfUnderAnother() {
        var work = CoveredArea.Work()
        let (areas, _) = CoveredArea.areas(of: [CGRect(x: 0, y: 0, width: 10, height: 10)],
                                           under: [CGRect(x: 5, y: 5, width: 10, height: 10),
                                                   CGRect(x: 0.25, y: 0.5, width: 1, height: 2)], work: &work)
        #expect(areas == [27])
    }
}
