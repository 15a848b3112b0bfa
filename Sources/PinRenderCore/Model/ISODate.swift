import Foundation

/// ISO 8601 dates as the apps write them, with or without fractional seconds.
public enum ISODate {
    /// Parses `2026-11-02T09:15:00Z`, `2026-11-02T09:15:00.123+03:00` and the like.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: false).parse(text) {
            return date
        }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// Formats as `2026-11-02 09:15` in the given time zone (UTC by default): short,
    /// unambiguous, and the same on every machine.
    public static func display(_ date: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d",
                      c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }
}
