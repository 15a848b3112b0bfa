import Foundation

/// ISO 8601 dates as the apps write them, with or without fractional seconds.
public enum ISODate {
    /// Parses `2026-11-02T09:15:00Z`, `2026-11-02T09:15:00.123+03:00` and the like.
    public static func parse(_ text: String) -> Date? {
        if let date = parseWholeSeconds(text) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(text) {
            return date
        }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// The apps' usual form, `YYYY-MM-DDTHH:MM:SS` then `Z` or `+HH:MM`, read directly:
    /// Foundation's parser takes several microseconds a date, most of the time of reading
    /// 10k pins. Anything else (fractions, other forms, years before the Gregorian calendar,
    /// which Foundation counts as Julian, offsets past 18 hours) is left to Foundation.
    /// Out-of-range days and hours roll over, as Foundation's do.
    static func parseWholeSeconds(_ text: String) -> Date? {
        text.utf8.withContiguousStorageIfAvailable { b -> Date? in
            guard b.count == 20 || b.count == 25 else { return nil }
            func number(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for i in from..<from + count {
                    guard b[i] >= UInt8(ascii: "0"), b[i] <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(b[i] - UInt8(ascii: "0"))
                }
                return value
            }
            guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
                  b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
                  let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  year >= 1583, (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59,
                  second <= 60 else { return nil }
            var offset = 0
            if b.count == 20 {
                guard b[19] == UInt8(ascii: "Z") else { return nil }
            } else {
                guard b[19] == UInt8(ascii: "+") || b[19] == UInt8(ascii: "-"), b[22] == UInt8(ascii: ":"),
                      let h = number(20, 2), let m = number(23, 2), h * 60 + m <= 18 * 60, m <= 59 else { return nil }
                offset = (h * 3600 + m * 60) * (b[19] == UInt8(ascii: "+") ? 1 : -1)
            }
            // Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
            let y = month <= 2 ? year - 1 : year
            let era = (y >= 0 ? y : y - 399) / 400
            let yearOfEra = y - era * 400
            let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
            let days = era * 146097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719468
            return Date(timeIntervalSince1970: Double(days * 86400 + hour * 3600 + minute * 60 + second - offset))
        } ?? nil
    }

    /// Formats as `2026-11-02 09:15` in the given time zone (UTC by default): short,
    /// unambiguous, and the same on every machine.
    public static func display(_ date: Date, timeZone: TimeZone = .gmt) -> String {
        let c = fields(of: date, in: timeZone)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year, c.month, c.day, c.hour, c.minute)
    }

    /// The date and time of day of `date` in `timeZone`, as Foundation's Gregorian calendar
    /// gives them. From 1583 to 9999 they are computed (H. Hinnant's civil_from_days, the
    /// inverse of ``parseWholeSeconds(_:)``'s): making a `Calendar` reads the current locale
    /// and time zone through ICU, about 3 MB of pages that a render has no other use for.
    /// Other years (Julian before 1583, to Foundation) are Foundation's.
    static func fields(of date: Date, in timeZone: TimeZone) -> DateFields {
        let local = (date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down)
        guard local >= -12_212_553_600, local < 253_402_300_800 else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return DateFields(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0, hour: c.hour ?? 0,
                              minute: c.minute ?? 0, second: c.second ?? 0)
        }
        let seconds = Int(local)
        let days = (seconds >= 0 ? seconds : seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return DateFields(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month,
                          day: dayOfYear - (153 * shiftedMonth + 2) / 5 + 1,
                          hour: time / 3600, minute: time / 60 % 60, second: time % 60)
    }
}

/// A date and time of day in some time zone (see ``ISODate/fields(of:in:)``).
struct DateFields: Equatable {
    var year, month, day, hour, minute, second: Int
}
