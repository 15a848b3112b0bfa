import Foundation

extension ISODate {
    /// `2026-11-02T09:15:00Z`: the date in UTC to the second, as the apps write it.
    public static func string(_ date: Date) -> String {
        let c = fields(of: date, in: .gmt)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year, c.month, c.day, c.hour, c.minute, c.second)
    }
}
