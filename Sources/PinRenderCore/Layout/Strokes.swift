/// The widths and offsets of the lines and shadows of a scene's marks, in output units: the
/// same for every mark of a scene, following its UI scale.
public struct Strokes: Sendable, Equatable {
    /// How far a marker's or bubble's shadow falls below it.
    public var shadowOffset: Double
    /// How much the shadow's radius passes the mark's.
    public var shadowSpread: Double
    /// The ring of a marker or bubble, inside its radius (the fill starts within it).
    public var ring: Double
    /// The rim around a badge, outside its radius.
    public var badgeRim: Double
    /// A bubble's second ring, which says "several" without the number: its distance inside
    /// the radius.
    public var clusterRingInset: Double
    /// The width of a bubble's second ring and of a tooltip's border.
    public var line: Double
    /// The width of a tooltip's leader line.
    public var leader: Double
    /// A resolved tooltip's dashed border: dash, gap.
    public var resolvedDash: [Double]

    /// The strokes at a UI scale of `ui`.
    public init(ui: Double) {
        shadowOffset = 1.2 * ui
        shadowSpread = 0.8 * ui
        ring = 2 * ui
        badgeRim = 1.2 * ui
        clusterRingInset = 4.5 * ui
        line = 1 * ui
        leader = 1.5 * ui
        resolvedDash = [4 * ui, 3 * ui]
    }
}

extension Scene {
    /// The strokes of this scene's marks.
    public var strokes: Strokes { Strokes(ui: uiScale) }
}
