import Foundation
import PinRenderCore

/// `pinrender cluster`: pins to clusters per zoom, as JSON for other tools and benchmarks.
///
///     {"zooms": [{"zoom": 0, "clusters": [{"id", "x", "y", "count", "unresolved",
///       "expansionZoom", "pinIds"}], "points": [{"id", "x", "y"}]}]}
///
/// x and y are normalized. Every root pin is in exactly one cluster or point per zoom.
/// Beyond `maxZoom` pins that were still grouped are fanned out: their points carry
/// `fanX`, `fanY`, the normalized position to show them at.
public enum ClusterReport {
    /// Reads, validates and clusters the root pins of a pins file.
    public static func index(pinsAt source: String, options: ClusterOptions) throws -> ClusterIndex {
        let pins = try PinDecoder(source: PinSource.name(of: source)).decode(PinSource.read(source))
        return ClusterIndex(points: pins.compactMap { pin in
            guard let p = pin.normalizedPoint else { return nil }
            return ClusterPoint(id: pin.id, x: p.x, y: p.y, resolved: pin.resolved, authorId: pin.authorId)
        }, options: options)
    }

    /// Writes the JSON text for the given zooms to `sink`, a megabyte or so at a time.
    public static func writeJSON(_ index: ClusterIndex, zooms: [Int], to sink: @escaping (Data) -> Void) {
        var out = JSONWriter(sink: sink)
        out.raw("{\"zooms\":[")
        for (z, zoom) in zooms.enumerated() {
            if z > 0 { out.raw(",") }
            out.raw("{\"zoom\":"); out.integer(zoom); out.raw(",\"clusters\":[")
            let nodes = index.nodes(atZoom: zoom)
            var first = true
            for node in nodes where index.isCluster(node) {
                if !first { out.raw(",") }
                first = false
                let p = index.position(of: node)
                out.raw("{\"id\":"); out.string(index.id(of: node))
                out.raw(",\"x\":"); out.number(p.x)
                out.raw(",\"y\":"); out.number(p.y)
                out.raw(",\"count\":"); out.integer(index.count(of: node))
                out.raw(",\"unresolved\":"); out.integer(index.unresolvedCount(of: node))
                out.raw(",\"expansionZoom\":"); out.integer(index.expansionZoom(of: node))
                out.raw(",\"pinIds\":[")
                for (i, leaf) in index.leaves(of: node).enumerated() {
                    if i > 0 { out.raw(",") }
                    out.string(index.points[leaf].id)
                }
                out.raw("]}")
            }
            out.raw("],\"points\":[")
            let fans = zoom > index.options.maxZoom ? fanPositions(index, zoom: zoom) : [:]
            first = true
            for node in nodes where !index.isCluster(node) {
                if !first { out.raw(",") }
                first = false
                let p = index.position(of: node)
                out.raw("{\"id\":"); out.string(index.points[node].id)
                out.raw(",\"x\":"); out.number(p.x)
                out.raw(",\"y\":"); out.number(p.y)
                if let fan = fans[node] {
                    out.raw(",\"fanX\":"); out.number(fan.x)
                    out.raw(",\"fanY\":"); out.number(fan.y)
                }
                out.raw("}")
            }
            out.raw("]}")
        }
        out.raw("]}\n")
        out.flush()
    }

    /// Where fanned-out pins are shown at a zoom beyond `maxZoom`: around their group's
    /// center, one cluster radius apart.
    static func fanPositions(_ index: ClusterIndex, zoom: Int) -> [Int: CGPoint] {
        let pixels = index.options.extent * pow(2, Double(zoom))
        var result: [Int: CGPoint] = [:]
        for group in index.fannedGroups() {
            let center = index.position(of: group.center)
            let offsets = FanOut.offsets(count: group.pins.count, spacing: index.options.radius)
            for (pin, offset) in zip(group.pins, offsets) {
                result[pin] = CGPoint(x: center.x + offset.x / pixels, y: center.y + offset.y / pixels)
            }
        }
        return result
    }
}
