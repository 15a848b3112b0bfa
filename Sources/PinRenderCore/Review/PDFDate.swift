import Foundation

/// Dates as PDF writes them: `D:YYYYMMDDHHmmSS+00'00'`, in UTC, from the data (never "now").
public enum PDFDate {
    /// `D:20261102091500+00'00'` for 2026-11-02T09:15:00Z.
    public static func string(_ date: Date) -> String {
        let c = ISODate.fields(of: date, in: .gmt)
        return String(format: "D:%04d%02d%02d%02d%02d%02d+00'00'", c.year, c.month, c.day, c.hour, c.minute, c.second)
    }
}
