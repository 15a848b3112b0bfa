import Foundation
import Testing
@testable import PinRenderCore

/// The labeler's choices on crowded generated pages, held to those recorded in
/// `Tests/Fixtures/labeler-choices.json` by the labeler before it was made fast for
/// 10,000 pins (issue 19): the speed-ups (stale grid entries removed, lookups without sorting,
/// scoring that stops once a place cannot win) must not move a single tooltip. Each case
/// takes a different path: a page without room (more than ``TooltipLabeler/crowd`` pins
/// left), one where a few are left and repair moves others, strict `auto`, clusters as
/// obstacles, leaning markers on the edges. `PINRENDER_RECORD_LABELER=1` rewrites the file
/// (only on purpose: say why in the commit).
struct TooltipLabelerReferenceTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var count: Int
        var size: CGSize
        var mode: TooltipMode
        var clustering: ClusterMode = .off
        var uiScale: Double?
        var seed: UInt64
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no room", count: 600, size: CGSize(width: 1600, height: 1200), mode: .all, seed: 1),
        Case(name: "no room at ui 2", count: 300, size: CGSize(width: 1400, height: 1000), mode: .all, uiScale: 2, seed: 2),
        Case(name: "a few left", count: 70, size: CGSize(width: 1800, height: 1200), mode: .all, seed: 3),
        Case(name: "room for most", count: 150, size: CGSize(width: 4000, height: 3000), mode: .all, uiScale: 1, seed: 4),
        Case(name: "strict", count: 25, size: CGSize(width: 900, height: 700), mode: .auto, seed: 5),
        Case(name: "bubbles as obstacles", count: 200, size: CGSize(width: 1500, height: 1000), mode: .all,
             clustering: .auto, seed: 6),
    ]

    static let texts = ["ok", "check the door width here", "проверить размер проёма",
                        String(repeating: "The frame must stay readable under the pin. ", count: 4), "👍", "בדיקה"]

    /// `count` pins from `seed`: a fifth on the edges or corners, some resolved, voiced or
    /// with replies, texts of every length.
    static func threads(_ c: Case) -> [CommentThread] {
        var random = SplitMix64(seed: 0x1ABE_1000 &+ c.seed)
        let edge: [Double] = [0, 1, 0.02, 0.98]
        return (0..<c.count).map { i in
            func coordinate() -> Double {
                random.next() % 5 == 0 ? edge[Int(random.next() % 4)] : random.unit()
            }
            let voice = random.next() % 9 == 0
            let root = Pin(id: "p\(i)", contentId: "doc", relativeX: coordinate(), relativeY: coordinate(),
                           authorId: "u\(i % 7)", authorName: i % 3 == 0 ? nil : "Author \(i % 11)",
                           createdAt: Date(timeIntervalSince1970: Double(random.next() % 50) * 600),
                           text: texts[Int(random.next() % UInt64(texts.count))], resolved: random.next() % 4 == 0,
                           kind: voice ? .voice : .text, audio: voice ? Pin.Audio(url: "a", durationMs: 61_000) : nil)
            let replies = (0..<Int(random.next() % 3)).map { replyPin("p\(i)-r\($0)", to: root.id, at: Double($0)) }
            return CommentThread(root: root, number: i + 1, replies: replies)
        }
    }

    /// What the labeler chose, one line a tooltip (its pin, corner, side, leader or arrow),
    /// then the overlapping and dropped ones.
    static func choices(_ c: Case) -> [String] {
        var theme = Theme()
        theme.uiScale = c.uiScale
        let scene = PageLayout(theme: theme, tooltips: c.mode, measurer: StandInMeasurer(), clustering: c.clustering)
            .scene(page: 1, threads: threads(c), outputSize: c.size)
        return scene.tooltips.map { "\($0.pinId) \($0.x) \($0.y) \($0.side.rawValue) \($0.leader == nil ? "arrow" : "leader")" }
            + ["overlapping: " + (scene.overlappingTooltips ?? []).joined(separator: " "),
               "dropped: " + scene.droppedTooltips.joined(separator: " ")]
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/labeler-choices.json").standardized

    static let recording = ProcessInfo.processInfo.environment["PINRENDER_RECORD_LABELER"] == "1"

    /// The recorded choices by case; when recording, all cases' at once, written first.
    static let recorded: [String: [String]] = {
        if recording {
            let all = Dictionary(uniqueKeysWithValues: cases.map { ($0.name, choices($0)) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try! encoder.encode(all).write(to: fixture)
            return all
        }
        guard let data = try? Data(contentsOf: fixture) else { return [:] }
        return (try? JSONDecoder().decode([String: [String]].self, from: data)) ?? [:]
    }()

    @Test(arguments: cases)
    func choicesAreTheRecordedOnes(_ c: Case) throws {
        let expected = try #require(Self.recorded[c.name], "no choices recorded for \(c.name)")
        let found = Self.choices(c)
        #expect(found.count == expected.count)
        let differing = zip(found, expected).enumerated().filter { $1.0 != $1.1 }
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.first.map { "\($0.element.0) (was \($0.element.1))" } ?? "")")
    }

    /// The cases take the paths they are there for.
    @Test func casesCoverThePaths() throws {
        func overlapping(_ name: String) throws -> Int {
            let lines = try #require(Self.recorded[name])
            return lines.first { $0.hasPrefix("overlapping: ") }!.split(separator: " ").count - 1
        }
        #expect(try overlapping("no room") > TooltipLabeler.crowd)
        #expect(try overlapping("no room at ui 2") > TooltipLabeler.crowd)
        #expect(try (1...TooltipLabeler.crowd).contains(overlapping("a few left")))
        #expect(try #require(Self.recorded["strict"]).last!.count > "dropped: ".count)
        #expect(try #require(Self.recorded["bubbles as obstacles"]).contains { $0.contains("leader") })
    }
}
