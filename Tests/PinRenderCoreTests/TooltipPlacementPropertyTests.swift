import Foundation
import Testing
@testable import PinRenderCore

/// Randomized checks of the tooltip placement rules over thousands of generated pages, from a
/// fixed seed so that every run checks the same cases and a failure names a case to replay.
struct TooltipPlacementPropertyTests {
    static let caseCount = 2400

    /// Output sizes that matter: phones in both orientations, a tablet, and the extremes.
    static let namedSizes: [CGSize] = [
        CGSize(width: 320, height: 568), CGSize(width: 568, height: 320),
        CGSize(width: 375, height: 667), CGSize(width: 667, height: 375),
        CGSize(width: 390, height: 844), CGSize(width: 1366, height: 1024),
        CGSize(width: 60, height: 40), CGSize(width: 4000, height: 3000),
        CGSize(width: 60, height: 3000), CGSize(width: 4000, height: 40),
    ]

    /// Coordinates on the edges, on the mobile rule's band limits, and just inside them.
    static let specialCoordinates: [Double] = [0, 1, 0.5, 0.05, 0.95, 0.049, 0.951, 0.001, 0.999]

    static let alphabet: [String] = ["a", "e", "o", "W", " ", " ", "ж", "ш", "Ю", "ש", "ع", "👋🏽", "👨‍👩‍👧", "\n", "\t", "1", "."]

    struct Case {
        var index: Int
        var size: CGSize
        var theme: Theme
        var threads: [CommentThread]
        var description: String {
            "case \(index): \(size.width) x \(size.height), \(threads.count) pins, uiScale \(theme.uiScale.map { "\($0)" } ?? "auto")"
        }
    }

    static func randomText(_ random: inout SplitMix64, maxLength: Int) -> String {
        let length = Int(random.next() % UInt64(maxLength + 1))
        return String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined())
    }

    static func coordinate(_ random: inout SplitMix64) -> Double {
        random.next() % 5 == 0 ? specialCoordinates[Int(random.next() % UInt64(specialCoordinates.count))] : random.unit()
    }

    static func makeCase(_ index: Int) -> Case {
        var random = SplitMix64(seed: 0x5EED_0000 &+ UInt64(index))
        let size: CGSize
        switch random.next() % 10 {
        case 0...2:
            size = namedSizes[Int(random.next() % UInt64(namedSizes.count))]
        case 3...5:
            size = CGSize(width: (60 + random.unit() * 3940).rounded(), height: (40 + random.unit() * 2960).rounded())
        default:
            size = CGSize(width: 60 + random.unit() * 3940, height: 40 + random.unit() * 2960)
        }
        var theme = Theme()
        switch random.next() % 10 {
        case 0: theme.uiScale = 2
        case 1: theme.tooltipMaxLines = 8
        case 2: theme.containerPadding = 0
        default: break
        }
        let count: Int
        switch random.next() % 10 {
        case 0: count = Int(random.next() % 4)
        case 1...6: count = 1 + Int(random.next() % 12)
        case 7, 8: count = 13 + Int(random.next() % 13)
        default: count = 26 + Int(random.next() % 15)
        }
        // Unique numbers, not in creation order, some explicit-looking and large.
        var numbers = Array(1...max(count, 1))
        numbers.shuffle(using: &random)
        if random.next() % 4 == 0 { numbers = numbers.map { $0 + 100 } }
        let threads = (0..<count).map { i -> CommentThread in
            let textLength: Int
            switch random.next() % 4 {
            case 0: textLength = 0
            case 1: textLength = 40
            case 2: textLength = 300
            default: textLength = 2000
            }
            let voice = random.next() % 10 == 0
            let root = Pin(id: "pin-\(i)", contentId: "doc", relativeX: coordinate(&random), relativeY: coordinate(&random),
                           authorId: "u\(random.next() % 5)",
                           authorName: random.next() % 3 == 0 ? nil : randomText(&random, maxLength: 40),
                           // Few distinct times, so that ties fall back to the id.
                           createdAt: Date(timeIntervalSince1970: Double(random.next() % 20) * 3600),
                           text: randomText(&random, maxLength: textLength),
                           resolved: random.next() % 3 == 0, kind: voice ? .voice : .text,
                           audio: voice ? Pin.Audio(url: "a", durationMs: Int(random.next() % 4_000_000)) : nil)
            let replyCount = random.next() % 8 == 0 ? 100 + Int(random.next() % 50) : Int(random.next() % 4)
            let replies = (0..<replyCount).map { replyPin("pin-\(i)-r\($0)", to: root.id, at: Double($0)) }
            return CommentThread(root: root, number: numbers[i], replies: replies)
        }
        return Case(index: index, size: size, theme: theme, threads: threads)
    }

    static let cases: [Case] = (0..<caseCount).map(makeCase)

    @Test func generatorCoversTheInterestingCases() {
        let sizes = Set(Self.cases.map { "\($0.size.width)x\($0.size.height)" })
        #expect(sizes.contains("320.0x568.0"))
        #expect(sizes.contains("375.0x667.0"))
        #expect(sizes.contains("60.0x40.0"))
        #expect(sizes.contains("4000.0x3000.0"))
        let pins = Self.cases.flatMap(\.threads).map(\.root)
        #expect(pins.contains { $0.relativeX == 0 && $0.relativeY == 0 } || pins.contains { $0.relativeX == 0 })
        #expect(pins.contains { $0.relativeX == 1 })
        #expect(pins.contains { $0.relativeY == 1 })
        #expect(pins.contains { $0.text.count > 1500 })
        #expect(pins.contains { $0.text.isEmpty })
        #expect(Self.cases.contains { $0.threads.count > Theme().autoTooltipLimit })
        #expect(Self.cases.filter { (1...Theme().autoTooltipLimit).contains($0.threads.count) }.count > 1500)
    }

    /// Collects the broken properties of one scene; empty when all hold.
    static func violations(_ scene: Scene, _ c: Case, mode: TooltipMode) -> [String] {
        var problems: [String] = []
        let ids = c.threads.map(\.id)
        if scene.width != c.size.width || scene.height != c.size.height { problems.append("scene size") }
        if scene.markers.count != c.threads.count { problems.append("\(scene.markers.count) markers") }

        // Every pin has a tooltip or is listed as dropped, exactly once.
        let shown = scene.tooltips.map(\.pinId)
        let all = shown + scene.droppedTooltips
        if all.count != ids.count || Set(all) != Set(ids) {
            problems.append("tooltips \(shown.count) + dropped \(scene.droppedTooltips.count) != \(ids.count) pins")
        }

        // Every tooltip lies inside the output, indeed inside its padding.
        let pad = c.theme.containerPadding * scene.uiScale
        let output = CGRect(x: 0, y: 0, width: scene.width, height: scene.height)
        let container = output.insetBy(dx: pad, dy: pad)
        for tip in scene.tooltips {
            if !contains(output, tip.rect, tolerance: 1e-6) {
                problems.append("tooltip \(tip.pinId) \(tip.rect) leaves the output")
            } else if !contains(container, tip.rect, tolerance: 1e-6) {
                problems.append("tooltip \(tip.pinId) \(tip.rect) enters the padding \(pad)")
            }
            if tip.width <= 0 || tip.height <= 0 { problems.append("tooltip \(tip.pinId) is empty") }
            for block in tip.texts where block.x < tip.x - 1e-6 || block.x + block.width > tip.x + tip.width + 1e-6
                || block.y < tip.y - 1e-6 || block.y > tip.y + tip.height + 1e-6 {
                problems.append("text of \(tip.pinId) outside its box")
            }
        }

        if mode == .auto {
            if c.threads.count > c.theme.autoTooltipLimit && !scene.tooltips.isEmpty {
                problems.append("tooltips on a page over the auto limit")
            }
            for (i, a) in scene.tooltips.enumerated() {
                for b in scene.tooltips[(i + 1)...] where overlaps(a.rect, b.rect) {
                    problems.append("tooltips \(a.pinId) \(a.rect) and \(b.pinId) \(b.rect) overlap")
                }
                for marker in scene.markers where marker.id != a.pinId && overlaps(a.rect, marker.box) {
                    problems.append("tooltip \(a.pinId) \(a.rect) covers marker \(marker.id) \(marker.box)")
                }
                // Nor its own marker: in auto mode a box is never clamped over its pin.
                if let own = scene.markers.first(where: { $0.id == a.pinId }), overlaps(a.rect, own.box) {
                    problems.append("tooltip \(a.pinId) covers its own marker")
                }
                if (a.arrow == nil) == (a.leader == nil) { problems.append("tooltip \(a.pinId) has no arrow or no leader line, or both") }
            }
        }
        return problems
    }

    @Test(arguments: [TooltipMode.auto, .all])
    func placementProperties(_ mode: TooltipMode) {
        var failures: [String] = []
        var tooltipsPlaced = 0, tooltipsDropped = 0
        for c in Self.cases {
            let layout = PageLayout(theme: c.theme, tooltips: mode, measurer: StandInMeasurer())
            let scene = layout.scene(page: 1, threads: c.threads, outputSize: c.size)
            tooltipsPlaced += scene.tooltips.count
            tooltipsDropped += scene.droppedTooltips.count
            let problems = Self.violations(scene, c, mode: mode)
            if !problems.isEmpty {
                failures.append("\(c.description): " + problems.prefix(3).joined(separator: "; "))
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) of \(Self.cases.count) cases fail, e.g.\n"
                + failures.prefix(8).joined(separator: "\n")))
        // The cases are not vacuous: many tooltips are placed.
        #expect(tooltipsPlaced > 5000, "only \(tooltipsPlaced) placed, \(tooltipsDropped) dropped")
    }

    /// Obstacles are looked up near each tooltip in a grid; with one cell holding them all
    /// (every obstacle checked, as before the grid) the scenes are the same, at small cells
    /// too, clusters and crowded pages included.
    @Test(arguments: [TooltipMode.auto, .all])
    func nearbyObstaclesPlaceAsAllObstaclesDo(_ mode: TooltipMode) {
        var failures: [String] = []
        // A third of the cases: three layouts each.
        for c in Self.cases where c.index % 3 == 0 {
            var layout = PageLayout(theme: c.theme, tooltips: mode, measurer: StandInMeasurer(),
                                    clustering: c.index % 2 == 0 ? .auto : .off)
            layout.obstacleCell = .greatestFiniteMagnitude
            let everything = layout.scene(page: 1, threads: c.threads, outputSize: c.size)
            for cell in [nil, 40.0] as [Double?] {
                layout.obstacleCell = cell
                if layout.scene(page: 1, threads: c.threads, outputSize: c.size) != everything {
                    failures.append("\(c.description), cell \(cell.map { "\($0)" } ?? "default")")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ, e.g. \(failures.prefix(5))")
    }

    @Test(arguments: [TooltipMode.auto, .all, .none])
    func sceneDoesNotDependOnThreadOrder(_ mode: TooltipMode) {
        var failures: [String] = []
        var random = SplitMix64(seed: 0xDEC0DE)
        for c in Self.cases where c.threads.count > 1 {
            let layout = PageLayout(theme: c.theme, tooltips: mode, measurer: StandInMeasurer())
            let scene = layout.scene(page: 1, threads: c.threads, outputSize: c.size)
            let shuffled = layout.scene(page: 1, threads: c.threads.shuffled(using: &random), outputSize: c.size)
            if shuffled != scene { failures.append(c.description) }
        }
        #expect(failures.isEmpty, "\(failures.count) cases differ when shuffled, e.g. \(failures.prefix(5))")
    }
}
