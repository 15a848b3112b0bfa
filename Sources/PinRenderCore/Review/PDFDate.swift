import Foundation

/// Dates as PDF writes them: `D:YYYYMMDDHHmmSS+00'00'`, in UTC, from the data (never "now").
public enum PDFDate {
    /// `D:20261102091500+00'00'` for 2026-11-02T09:15:00Z.
    public static func string(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "D:%04d%02d%02d%02d%02d%02d+00'00'", c.year ?? 0, c.month ?? 0, c.day ?? 0,
                      c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
