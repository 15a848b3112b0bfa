import Foundation

extension PDFDate {
    /// Reads a PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, ISO 32000 7.9.4) as tools write them:
    /// every part after the year optional, the `D:` prefix and the apostrophes too, `Z` or
    /// an offset, or none (taken as UTC). Nil for anything else.
    ///
    ///     PDFDate.parse("D:20261102101500+01'00'") // 2026-11-02T09:15:00Z
    public static func parse(_ text: String) -> Date? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.hasPrefix("D:") { rest = rest.dropFirst(2) }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 4, digits.count <= 14, digits.count % 2 == 0 else { return nil }
        rest = rest.dropFirst(digits.count)
        let numbers = Array(digits.utf8).map { Int($0 - UInt8(ascii: "0")) }
        func field(_ at: Int, _ count: Int, _ fallback: Int) -> Int {
            at + count <= numbers.count ? numbers[at..<at + count].reduce(0) { $0 * 10 + $1 } : fallback
        }
        let (year, month, day) = (field(0, 4, 0), field(4, 2, 1), field(6, 2, 1))
        let (hour, minute, second) = (field(8, 2, 0), field(10, 2, 0), field(12, 2, 0))
        guard (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59, second <= 59 else { return nil }
        var offset = 0
        if let sign = rest.first, sign == "+" || sign == "-" {
            let parts = rest.dropFirst().split(separator: "'", omittingEmptySubsequences: true)
            guard let hours = parts.first.flatMap({ Int($0) }), hours <= 23, parts.count <= 2 else { return nil }
            let minutes = parts.count == 2 ? Int(parts[1]) : 0
            guard let minutes, minutes <= 59 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == "+" ? 1 : -1)
        } else if !(rest.isEmpty || rest.first == "Z") {
            return nil
        }
        let iso = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour, minute, second)
        return ISODate.parse(iso).map { $0.addingTimeInterval(Double(-offset)) }
    }
}
