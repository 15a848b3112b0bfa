/// Which pins get a tooltip (`--tooltips`).
public enum TooltipMode: String, Sendable, CaseIterable {
    /// Tooltips where they fit without covering other tooltips or markers, most important
    /// first (unresolved before resolved, then newest); none on crowded pages.
    case auto
    /// A tooltip for every root pin, overlapping if it must, always inside the output.
    case all
    /// Every tooltip in a column beside the page, joined to its pin by a leader line (the
    /// comment balloons of review apps); the output grows by the column. On a device
    /// screen, whose size is the device's, as `all`.
    case margin
    /// No tooltips.
    case none
}
