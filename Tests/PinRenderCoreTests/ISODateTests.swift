import Foundation
import Testing
@testable import PinRenderCore

/// The direct reading of whole-second dates gives exactly what Foundation's ISO 8601 parser
/// gives, rollovers included, and leaves every other form to it.
struct ISODateTests {
    private func foundation(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(text)
    }

    @Test func randomDatesReadAsFoundationReadsThem() {
        var random = SplitMix64(seed: 2026)
        var direct = 0
        for _ in 0..<3000 {
            func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.unit() * Double(range.count)) }
            // Days up to 31 in every month and hours up to 24: Foundation rolls them over. Years
            // before 1583 (Julian to Foundation) and offsets past 18 hours are left to it.
            var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", pick(1000...2400), pick(1...12), pick(1...31),
                              pick(0...24), pick(0...59), pick(0...60))
            switch pick(0...2) {
            case 0: text += "Z"
            case 1: text += String(format: "+%02d:%02d", pick(0...23), pick(0...59))
            default: text += String(format: "-%02d:%02d", pick(0...23), pick(0...59))
            }
            let fast = ISODate.parseWholeSeconds(text)
            if fast != nil {
                direct += 1
                #expect(fast == foundation(text), "\(text)")
            }
            #expect(ISODate.parse(text) == foundation(text), "\(text)")
        }
        #expect(direct > 1000)
    }

    @Test func julianYearsAndLongOffsetsAreFoundations() {
        #expect(ISODate.parseWholeSeconds("1500-01-01T00:00:00Z") == nil)
        #expect(ISODate.parse("1500-01-01T00:00:00Z") == foundation("1500-01-01T00:00:00Z"))
        #expect(ISODate.parseWholeSeconds("2026-11-02T09:15:00+18:30") == nil)
        #expect(ISODate.parse("2026-11-02T09:15:00+18:30") == foundation("2026-11-02T09:15:00+18:30"))
        #expect(ISODate.parseWholeSeconds("2026-11-02T09:15:00+18:00") == foundation("2026-11-02T09:15:00+18:00"))
    }

    @Test(arguments: ["2026-11-02T09:15:00.123Z", "2026-11-02T09:15:00+0300", "2026-11-02t09:15:00z",
                      "2026-11-02 09:15:00Z", "2026-11-02T09:15Z", "2026-13-02T09:15:00Z", "2026-11-00T09:15:00Z",
                      "2026-11-02T09:15:00", "+2026-11-02T09:15:00Z", "２０２６-11-02T09:15:00Z"])
    func otherFormsAreLeftToFoundation(text: String) {
        #expect(ISODate.parseWholeSeconds(text) == nil)
        #expect(ISODate.parse(text) == foundation(text)
                    ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)))
    }
}
