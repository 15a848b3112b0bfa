import Foundation

/// ``Metrics`` in Prometheus' text exposition format, version 0.0.4: per family a `# HELP`
/// and a `# TYPE` line, then a line per sample; a histogram's samples are its cumulative
/// `_bucket{le="..."}` lines (`+Inf` last), `_sum` and `_count`.
///
///     # HELP pinrender_http_requests_total Requests answered, by route template, method and status.
///     # TYPE pinrender_http_requests_total counter
///     pinrender_http_requests_total{route="/v1/sync",method="POST",status="200"} 3
enum MetricsText {
    /// The media type of the text.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The text of `families`.
    static func render(_ families: [Metrics.Family]) -> String {
        var text = ""
        for family in families {
            let name = family.name.name
            text += "# HELP \(name) \(escapedHelp(family.name.help))\n# TYPE \(name) \(family.name.kind.rawValue)\n"
            for (labels, sample) in family.samples {
                guard family.name.kind == .histogram else {
                    text += "\(name)\(labelText(labels)) \(number(sample.value))\n"
                    continue
                }
                var cumulative = 0
                for (position, count) in sample.buckets.enumerated() {
                    cumulative += count
                    let bound = position < family.name.buckets.count ? number(family.name.buckets[position]) : "+Inf"
                    text += "\(name)_bucket\(labelText(labels + [Metrics.Label(name: "le", value: bound)])) \(cumulative)\n"
                }
                text += "\(name)_sum\(labelText(labels)) \(number(sample.sum))\n"
                text += "\(name)_count\(labelText(labels)) \(sample.count)\n"
            }
        }
        return text
    }

    /// `{a="1",b="2"}`, or nothing without labels.
    private static func labelText(_ labels: [Metrics.Label]) -> String {
        guard !labels.isEmpty else { return "" }
        return "{" + labels.map { "\($0.name)=\"\(escapedValue($0.value))\"" }.joined(separator: ",") + "}"
    }

    /// A value as the format writes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value.isNaN { return "NaN" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A label value: backslash, double quote and line feed escaped.
    private static func escapedValue(_ text: String) -> String {
        escapedHelp(text).replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// A help text: backslash and line feed escaped.
    private static func escapedHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
