/// Which pins get a tooltip (`--tooltips`).
public enum TooltipMode: String, Sendable, CaseIterable {
    /// Tooltips where they fit without covering other tooltips or markers, most important
    /// first (unresolved before resolved, then newest); none on crowded pages.
    case auto
    /// A tooltip for every root pin, overlapping if it must, always inside the output.
    case all
    /// No tooltips.
    case none
}
