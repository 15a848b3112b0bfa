/// A page rotation as PDF's `/Rotate` has it: clockwise, in quarter turns, when displayed.
public enum Rotation: Int, Sendable, Codable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    /// Normalizes any multiple of 90 (negative too, as some PDFs write it).
    ///
    ///     Rotation(degrees: -90) // .threeQuarters
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// True when width and height trade places on display.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }
}
