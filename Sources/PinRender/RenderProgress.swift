/// How far a render is: pages done of a document's pages, or, for one large page, stripes
/// of rows written of its stripes.
public struct RenderProgress: Sendable, Equatable {
    /// What is counted.
    public enum Unit: String, Sendable {
        case page, stripe
    }

    public var unit: Unit
    public var done: Int
    public var total: Int

    public init(_ unit: Unit, done: Int, total: Int) {
        self.unit = unit
        self.done = done
        self.total = total
    }
}
