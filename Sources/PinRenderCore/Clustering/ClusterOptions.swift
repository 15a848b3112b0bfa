/// Clustering options, with supercluster's meanings and defaults: at zoom z the content is
/// `extent * 2^z` pixels wide, and items closer than `radius` pixels there are grouped.
public struct ClusterOptions: Sendable, Equatable {
    public var radius: Double = 40
    public var extent: Double = 512
    /// The fewest pins a cluster may hold.
    public var minPoints: Int = 2
    public var minZoom: Int = 0
    /// The last zoom with clusters; beyond it every pin stands alone, and pins that were
    /// still grouped at `maxZoom` (the same spot or nearly) are fanned out.
    public var maxZoom: Int = 16
    public var nodeSize: Int = 64

    public init(radius: Double = 40, extent: Double = 512, minPoints: Int = 2,
                minZoom: Int = 0, maxZoom: Int = 16) {
        self.radius = radius
        self.extent = extent
        self.minPoints = minPoints
        self.minZoom = minZoom
        self.maxZoom = maxZoom
    }
}

/// A point to cluster: an id, a position in any Cartesian unit where one unit is the
/// content's width (normalized coordinates for square content), and whether it is open.
public struct ClusterPoint: Sendable, Equatable {
    public var id: String
    public var x: Double
    public var y: Double
    public var resolved: Bool
    public var authorId: String

    public init(id: String, x: Double, y: Double, resolved: Bool = false, authorId: String = "") {
        self.id = id
        self.x = x
        self.y = y
        self.resolved = resolved
        self.authorId = authorId
    }
}
