import Foundation
import Testing
@testable import PinRenderCore

/// Placing the tooltips of a page without room costs the same per place however crowded the
/// page is (issue 19): the labeler's probe counts the marks and tooltips looked at, and the
/// steps of the sweep, to score the places of those left, and the count per place must not
/// grow with the pins on a page of the same size, while the marks under each place (what
/// summing them one by one would cost) grow with them. No clock: a quadratic labeler fails
/// by its count.
struct TooltipLabelerWorkTests {
    /// `count` pins spread at random over a 1200 x 900 page: markers of radius 10 as
    /// obstacles, 140 x 40 boxes.
    static func page(_ count: Int) -> (labeler: TooltipLabeler, requests: [TooltipLabeler.Request]) {
        var random = SplitMix64(seed: 0x3057_0000 &+ UInt64(count))
        let container = CGRect(x: 8, y: 8, width: 1184, height: 884)
        let placer = TooltipPlacer(container: container, offset: 10, leaderStep: 20)
        let radius = 10.0
        var obstacles: [(id: String, rect: CGRect)] = []
        var requests: [TooltipLabeler.Request] = []
        for i in 0..<count {
            let pin = CGPoint(x: random.unit() * 1200, y: random.unit() * 900)
            obstacles.append(("p\(i)", CGRect(x: pin.x - radius, y: pin.y - radius, width: 2 * radius, height: 2 * radius)))
            let sides = TooltipPlacer.preferredSides(u: pin.x / 1200, v: pin.y / 900)
            let size = CGSize(width: 140, height: 40)
            requests.append(TooltipLabeler.Request(
                id: "p\(i)", candidates: placer.candidates(size: size, pin: pin, markerRadius: radius, sides: sides),
                fallback: placer.fallback(size: size, pin: pin, markerRadius: radius, sides: sides)?.candidate))
        }
        return (TooltipLabeler(strict: false, obstacles: obstacles, obstacleCell: 4 * radius, cell: 160), requests)
    }

    /// The mean number of markers under a place's box: what scoring it one marker at a time costs.
    static func marksUnder(_ page: (labeler: TooltipLabeler, requests: [TooltipLabeler.Request])) -> Double {
        let boxes = page.requests.prefix(20).flatMap { $0.candidates.map(\.rect) }
        let under = boxes.map { box in page.labeler.obstacles.filter { TooltipCandidate.overlap(box, $0.rect) > 0 }.count }
        return Double(under.reduce(0, +)) / Double(boxes.count)
    }

    @Test func workPerPlaceStaysBoundedAsThePageCrowds() {
        var perPlace: [Int: Double] = [:], under: [Int: Double] = [:]
        for count in [250, 1000, 4000] {
            let page = Self.page(count)
            var work = TooltipLabeler.Work()
            let (choices, _) = page.labeler.label(page.requests, work: &work)
            #expect(choices.allSatisfy { $0 != nil })
            // Most are left without room, and each of those is scored.
            #expect(work.scored > page.requests.count * 10)
            perPlace[count] = Double(work.visited) / Double(work.scored)
            under[count] = Self.marksUnder(page)
        }
        // Sixteen times the pins: sixteen times the marks under a place, not more work per place.
        #expect(under[4000]! > 10 * under[250]!, "\(under)")
        #expect(perPlace[4000]! < 1.5 * perPlace[250]!, "\(perPlace)")
        #expect(perPlace[4000]! < under[4000]!, "\(perPlace) \(under)")
    }
}
