import Foundation
import Testing
import PinRenderCore
internal import CPangoCairo
@testable import PinRenderGraphics

/// The process's mark drawings (``MarkDrawings``): each made once and served to every
/// canvas after, on any thread, up to a budget of bytes.
@Suite struct MarkDrawingsTests {
    static func key(_ name: String) -> MarkImages.Key {
        MarkImages.Key(kind: name, text: "", values: [1, 2], phase: 3)
    }

    /// How many drawings were made, on any thread.
    final class Made: Sendable {
        private let count = Exclusive(0)
        func add() { count.use { $0 += 1 } }
        var total: Int { count.use { $0 } }
    }

    /// A 10 x 10 drawing (400 bytes), counted in `made`.
    static func drawing(counting made: Made) throws -> MarkDrawing? {
        made.add()
        let pixels = try ImageSurface(format: CAIRO_FORMAT_ARGB32, width: 10, height: 10, context: "a test mark")
        pixels.write { data, _ in data.initialize(repeating: 0xFF, count: 400) }
        return MarkDrawing(pixels, left: -5, top: -5)
    }

    @Test func aDrawingIsMadeOnceAndServedAfter() throws {
        let (store, made) = (MarkDrawings(budget: 1 << 20), Made())
        let first = try store.drawing(for: Self.key("a")) { try Self.drawing(counting: made) }
        let second = try store.drawing(for: Self.key("a")) { try Self.drawing(counting: made) }
        #expect(made.total == 1)
        #expect(first?.pixels === second?.pixels)
        #expect(first?.opaque == Array(repeating: 0..<10, count: 10))
    }

    @Test func pastTheBudgetDrawingsAreMadeButNotKept() throws {
        let (store, made) = (MarkDrawings(budget: 500), Made())
        for name in ["a", "b", "a", "b", "b"] {
            _ = try store.drawing(for: Self.key(name)) { try Self.drawing(counting: made) }
        }
        #expect(made.total == 4, "a once, b every time")
    }

    /// Eight threads asking at once: whoever made a drawing, each gets the one kept.
    @Test func threadsAskingAtOnceGetTheDrawingKept() throws {
        let (store, made) = (MarkDrawings(budget: 1 << 20), Made())
        let got = Exclusive<[ImageSurface?]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let drawing = try? store.drawing(for: Self.key("shared")) { try Self.drawing(counting: made) }
            got.use { $0.append(drawing?.pixels) }
        }
        let kept = try store.drawing(for: Self.key("shared")) { try Self.drawing(counting: made) }
        let pixels = got.use { $0 }
        #expect(pixels.count == 8)
        #expect(pixels.allSatisfy { $0 === kept?.pixels })
    }
}
