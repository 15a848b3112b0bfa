import Foundation
import Testing
@testable import PinRenderCore

/// A value that is not `Sendable`, used by several workers one at a time.
@Suite struct ExclusiveTests {
    /// A counter that is not `Sendable` and notices a use that starts while another is going on.
    final class Counter {
        var count = 0
        var inUse = false
        var overlaps = 0
    }

    @Test func usesFromManyThreadsNeverOverlapAndNoneIsLost() throws {
        let counter = Exclusive(Counter())
        _ = try WorkerPool(workers: 4).map(400, context: { _ in }) { _, _ in
            counter.use { counter in
                if counter.inUse { counter.overlaps += 1 }
                counter.inUse = true
                for _ in 0..<100 { counter.count += 1 }
                counter.inUse = false
            }
        }
        #expect(counter.use { $0.count } == 40_000)
        #expect(counter.use { $0.overlaps } == 0)
    }

    @Test func aValueTypeIsChangedInPlace() {
        let rows = Exclusive([UInt8](repeating: 0, count: 16))
        rows.use { $0.append(1) }
        #expect(rows.use { $0.count } == 17)
    }
}
