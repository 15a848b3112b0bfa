/// Whether crowded markers are grouped (`--cluster`).
public enum ClusterMode: String, Sendable, CaseIterable {
    /// Markers that would overlap at the output size become one bubble with a count.
    case auto
    /// Every pin is drawn as its own marker.
    case off
}
