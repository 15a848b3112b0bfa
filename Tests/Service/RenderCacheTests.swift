import Foundation
import Testing
@testable import PinService

@Suite struct RenderCacheTests {
    @Test func keepsTheLeastRecentlyUsedOutPastItsLimit() {
        var cache = RenderCache(limit: 10)
        cache["a"] = Data(count: 4)
        cache["b"] = Data(count: 4)
        #expect(cache["a"] != nil)    // a used last: b is the oldest now
        cache["c"] = Data(count: 4)
        #expect(cache["b"] == nil)
        #expect(cache["a"]?.count == 4)
        #expect(cache["c"]?.count == 4)
        #expect((cache.count, cache.bytes) == (2, 8))
    }

    @Test func keepsNothingLargerThanItsLimitNorAnythingAtZero() {
        var cache = RenderCache(limit: 10)
        cache["big"] = Data(count: 11)
        #expect(cache["big"] == nil)
        var none = RenderCache(limit: 0)
        none["a"] = Data(count: 1)
        #expect(none.count == 0)
    }

    @Test func aKeyKeptIsNotReplaced() {
        var cache = RenderCache(limit: 10)
        cache["a"] = Data([1])
        cache["a"] = Data([2, 2])
        #expect(cache["a"] == Data([1]))
        #expect(cache.bytes == 1)
    }
}
