import Foundation
import Testing
@testable import PinRenderCore

private func build(_ pins: [Pin]) throws -> (threads: [CommentThread], warnings: [ThreadBuilder.Warning]) {
    try ThreadBuilder(source: "pins.json").build(pins)
}

struct ThreadBuilderTests {
    /// The rule the store and the sync client apply with the parent a reply names: a reply
    /// to a reply joins its root, on the root's page, with no point of its own.
    @Test func aReplyJoinsItsParentsRootOnItsPageWithoutAPoint() {
        let root = Pin(id: "a", page: 3, relativeX: 0.5, relativeY: 0.5)
        var first = Pin(id: "r1", relativeX: 0.1, relativeY: 0.2, parentId: "a")
        first.join(root)
        var second = Pin(id: "r2", parentId: "r1")
        second.join(first)
        #expect(first.parentId == "a" && first.page == 3 && first.relativeX == nil && first.relativeY == nil)
        #expect(second.parentId == "a" && second.page == 3)
    }

    @Test func numbersByCreationTimeThenId() throws {
        // b and c were made at the same second: the id breaks the tie.
        let pins = [rootPin("a", at: 300), rootPin("c", at: 100), rootPin("b", at: 100), rootPin("d", at: 200)]
        let (threads, warnings) = try build(pins)
        #expect(warnings.isEmpty)
        #expect(threads.map(\.id) == ["b", "c", "d", "a"])
        #expect(threads.map(\.number) == [1, 2, 3, 4])
    }

    @Test func explicitNumbersAreKeptAndOthersFillTheGaps() throws {
        let pins = [rootPin("x", at: 500, number: 2), rootPin("p", at: 100), rootPin("q", at: 200), rootPin("r", at: 300)]
        let (threads, _) = try build(pins)
        let numbers = Dictionary(uniqueKeysWithValues: threads.map { ($0.id, $0.number) })
        #expect(numbers == ["p": 1, "x": 2, "q": 3, "r": 4])
        // Threads come ordered by number.
        #expect(threads.map(\.id) == ["p", "x", "q", "r"])
    }

    @Test func severalExplicitNumbers() throws {
        let pins = [rootPin("e1", at: 900, number: 1), rootPin("e3", at: 0, number: 3),
                    rootPin("n1", at: 10), rootPin("n2", at: 20), rootPin("n3", at: 30)]
        let (threads, _) = try build(pins)
        #expect(threads.map(\.id) == ["e1", "n1", "e3", "n2", "n3"])
        #expect(threads.map(\.number) == [1, 2, 3, 4, 5])
    }

    @Test func explicitNumbersAboveTheCount() throws {
        let pins = [rootPin("big", at: 0, number: 10), rootPin("a", at: 1), rootPin("b", at: 2)]
        let (threads, _) = try build(pins)
        #expect(threads.map(\.id) == ["a", "b", "big"])
        #expect(threads.map(\.number) == [1, 2, 10])
    }

    @Test func repliesOrderedByCreationTimeThenId() throws {
        let pins = [replyPin("r-late", to: "R", at: 500), rootPin("R", at: 0),
                    replyPin("r-b", to: "R", at: 200), replyPin("r-a", to: "R", at: 200),
                    replyPin("r-early", to: "R", at: 100)]
        let (threads, warnings) = try build(pins)
        #expect(warnings.isEmpty)
        #expect(threads.count == 1)
        #expect(threads[0].id == "R")
        #expect(threads[0].replies.map(\.id) == ["r-early", "r-a", "r-b", "r-late"])
    }

    @Test func repliesAreNotNumbered() throws {
        let pins = [rootPin("A", at: 10), replyPin("ra", to: "A", at: 1), rootPin("B", at: 20)]
        let (threads, _) = try build(pins)
        #expect(threads.map(\.id) == ["A", "B"])
        #expect(threads.map(\.number) == [1, 2])
    }

    @Test func replyToAReplyJoinsTheRootWithTheRootsPage() throws {
        let pins = [rootPin("R", page: 3, at: 0),
                    replyPin("r1", to: "R", page: 1, at: 10),
                    replyPin("r2", to: "r1", page: 7, at: 20),
                    replyPin("r3", to: "r2", page: 9, at: 30)]
        let (threads, warnings) = try build(pins)
        #expect(warnings.isEmpty)
        #expect(threads.count == 1)
        #expect(threads[0].replies.map(\.id) == ["r1", "r2", "r3"])
        #expect(threads[0].replies.map(\.page) == [3, 3, 3])
        // The parent is kept as the data had it.
        #expect(threads[0].replies[1].parentId == "r1")
    }

    @Test func orphanReplyIsLeftOutWithAWarning() throws {
        let pins = [rootPin("R", at: 0), replyPin("orphan", to: "ghost", at: 5), replyPin("ok", to: "R", at: 6)]
        let (threads, warnings) = try build(pins)
        #expect(threads.count == 1)
        #expect(threads[0].replies.map(\.id) == ["ok"])
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.pinId == "orphan")
        #expect(warning.message.contains("ghost"))
        #expect(warning.description.hasPrefix("pin orphan: "))
    }

    @Test func replyToAnOrphanIsLeftOutToo() throws {
        let pins = [replyPin("o1", to: "ghost", at: 5), replyPin("o2", to: "o1", at: 6)]
        let (threads, warnings) = try build(pins)
        #expect(threads.isEmpty)
        #expect(Set(warnings.map(\.pinId)) == ["o1", "o2"])
        #expect(warnings.allSatisfy { $0.message.contains("ghost") })
    }

    @Test func parentCycleIsLeftOutWithAWarning() throws {
        let pins = [rootPin("R", at: 0), replyPin("x", to: "y", at: 1), replyPin("y", to: "x", at: 2),
                    replyPin("self", to: "self", at: 3)]
        let (threads, warnings) = try build(pins)
        #expect(threads.map(\.id) == ["R"])
        #expect(threads[0].replies.isEmpty)
        #expect(warnings.map(\.pinId).sorted() == ["self", "x", "y"])
        #expect(warnings.allSatisfy { $0.message.contains("cycle") })
        let x = try #require(warnings.first { $0.pinId == "x" })
        #expect(x.description.contains("pin x"))
    }

    @Test func duplicateIdThrowsNamingTheLaterIndex() throws {
        let pins = [rootPin("a", at: 0), rootPin("b", at: 1), replyPin("c", to: "a"), rootPin("b", at: 2)]
        do {
            _ = try build(pins)
            Issue.record("a duplicate id must throw")
        } catch let error as InputError {
            #expect(error.source == "pins.json")
            #expect(error.location == "pins[3].id")
            #expect(error.problem.contains("\"b\""))
            #expect(error.problem.contains("duplicate"))
        }
    }

    @Test func duplicateReplyIdThrows() throws {
        let pins = [rootPin("a"), replyPin("r", to: "a"), replyPin("r", to: "a")]
        #expect(throws: InputError(source: "pins.json", location: "pins[2].id", problem: "duplicate id \"r\"")) {
            try build(pins)
        }
    }

    @Test func emptyInput() throws {
        let (threads, warnings) = try build([])
        #expect(threads.isEmpty)
        #expect(warnings.isEmpty)
    }

    @Test func inputOrderDoesNotMatter() throws {
        let pins = [rootPin("a", at: 3), rootPin("b", at: 1, number: 2), rootPin("c", at: 1),
                    replyPin("r1", to: "a", at: 4), replyPin("r2", to: "r1", at: 4), rootPin("d", at: 2)]
        let expected = try build(pins).threads
        var random = SplitMix64(seed: 7)
        for _ in 0..<20 {
            #expect(try build(pins.shuffled(using: &random)).threads == expected)
        }
        #expect(expected.map(\.id) == ["c", "b", "d", "a"])
    }
}
