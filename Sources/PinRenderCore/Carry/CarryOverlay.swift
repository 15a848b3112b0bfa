/// The picture of a carry on one new page, as data: the two rasters' colours, each pin's
/// arrow from its old place (through the page transform) to its new one, and a ring round
/// each pin that needs a look. Drawn by PinRenderGraphics' `CarryOverlayDrawer`.
public struct CarryOverlay: Sendable, Equatable {
    /// A pin's mark, in pixels of the new page's raster.
    public struct Mark: Sendable, Equatable {
        /// Where the page transform alone puts the pin.
        public var from: Point
        /// Where the pin is now.
        public var to: Point
        public var verdict: CarryVerdict
        public init(from: Point, to: Point, verdict: CarryVerdict) {
            self.from = from
            self.to = to
            self.verdict = verdict
        }
        /// Whether a person should look: a ring is drawn round it.
        public var needsLook: Bool { verdict == .changed || verdict == .gone }
    }

    public var marks: [Mark]
    /// The ring's radius and the arrow's head, in pixels.
    public var ringRadius: Double
    public var headLength: Double

    /// - Parameters: the marks, and the raster's pixels per point (marks keep their size in
    ///   points whatever the resolution).
    public init(marks: [Mark], pixelsPerPoint: Double) {
        self.marks = marks
        ringRadius = 9 * pixelsPerPoint
        headLength = 5 * pixelsPerPoint
    }

    /// The pixel colour (R, G, B) of a point whose old grey is `old` and new grey `new`: old
    /// ink red, new ink cyan, ink on both dark.
    public static func color(old: Float, new: Float) -> (UInt8, UInt8, UInt8) {
        let r = UInt8(max(0, min(255, (new * 255).rounded()))), gb = UInt8(max(0, min(255, (old * 255).rounded())))
        return (r, gb, gb)
    }
}
