import Foundation

extension Scene {
    /// One line saying how many tooltips of this page overlap others or were dropped for want
    /// of room, or nil when every one is shown clear: `page 1: of 12 tooltips, 3 overlap
    /// others and 1 is dropped: no room for them on 320 x 568 (...)`.
    public var tooltipShortfall: String? {
        let overlapping = overlappingTooltips?.count ?? 0, dropped = droppedTooltips.count
        guard overlapping + dropped > 0 else { return nil }
        let total = tooltips.count + dropped
        let parts = [overlapping > 0 ? "\(overlapping) overlap\(overlapping == 1 ? "s" : "") others" : nil,
                     dropped > 0 ? "\(dropped) \(dropped == 1 ? "is" : "are") dropped" : nil].compactMap { $0 }
        func figure(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value) }
        return "page \(page): of \(total) tooltip\(total == 1 ? "" : "s"), \(parts.joined(separator: " and ")): "
            + "no room for them on \(figure(width)) x \(figure(height)) (--tooltips margin sets them beside the page)"
    }
}
