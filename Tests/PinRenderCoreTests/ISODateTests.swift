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

    /// What Foundation's Gregorian calendar says of `date` in `zone`.
    private func calendarFields(_ date: Date, _ zone: TimeZone) -> DateFields {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return DateFields(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!, second: c.second!)
    }

    /// The computed date and time of day are the calendar's: random instants from 1400 to
    /// 9999 (fractions and times before 1970 included), in zones with daylight saving time,
    /// odd offsets and the date line, and the edges of the computed range.
    @Test func fieldsAreTheGregorianCalendars() throws {
        let zones = try ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Pacific/Kiritimati",
                         "America/St_Johns", "Europe/Dublin", "Australia/Lord_Howe"].map { try #require(TimeZone(identifier: $0)) }
            + [.gmt, try #require(TimeZone(secondsFromGMT: -12 * 3600))]
        var random = SplitMix64(seed: 19)
        var instants = (0..<4000).map { _ in -17_987_443_200 + random.unit() * (253_402_300_799 + 17_987_443_200) }
        instants += [-12_212_553_600, -12_212_553_601, -12_212_553_599.5, -0.25, 0, 86_399.999, 951_782_400,
                     253_402_300_799.5, 253_402_300_800, 253_402_387_200]
        for (index, instant) in instants.enumerated() {
            let date = Date(timeIntervalSince1970: instant)
            let zone = zones[index % zones.count]
            #expect(ISODate.fields(of: date, in: zone) == calendarFields(date, zone), "\(instant) in \(zone.identifier)")
        }
        #expect(ISODate.display(Date(timeIntervalSince1970: 1_793_610_900)) == "2026-11-02 09:15")
        #expect(PDFDate.string(Date(timeIntervalSince1970: 1_793_610_900.75)) == "D:20261102091500+00'00'")
    }
}
