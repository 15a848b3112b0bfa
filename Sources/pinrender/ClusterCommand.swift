import Foundation
import PinRender
import PinRenderCore

/// `pinrender cluster`: parses arguments and prints the clusters of a pins file.
enum ClusterCommand {
    static let help = """
    pinrender cluster: group pins into clusters per zoom (supercluster's algorithm, Cartesian)

    USAGE
      pinrender cluster PINS [--zoom Z] [--max-zoom Z] [--min-zoom Z] [--radius R]
                             [--extent E] [--min-points N] [--json]

    At zoom z the content is E x 2^z pixels wide; pins closer than R pixels there are grouped.
    Defaults: --radius 40 --extent 512 --min-points 2 --min-zoom 0 --max-zoom 16.
    Zooms run from --min-zoom to --max-zoom + 1, where every pin stands alone and pins that
    were still grouped at --max-zoom (the same spot) are fanned out (fanX, fanY).

    --json prints {"zooms": [{"zoom", "clusters": [{"id", "x", "y", "count", "unresolved",
    "expansionZoom", "pinIds"}], "points": [{"id", "x", "y"}]}]} with x, y normalized;
    without it, a table of counts per zoom.

    EXAMPLES
      pinrender cluster samples/pins/floorplan-crowd.json --zoom 2 --json
      pinrender cluster pins.json --max-zoom 8 --radius 60
    """

    static func run(_ words: [String]) throws -> Int32 {
        var arguments = try Arguments.parse(words, valued: ["--zoom", "--max-zoom", "--min-zoom", "--radius",
                                                            "--extent", "--min-points"])
        if arguments.flag("--help", "-h") {
            print(help)
            return 0
        }
        var options = ClusterOptions()
        if let v = arguments.value("--radius") { options.radius = try number(v, "--radius") }
        if let v = arguments.value("--extent") { options.extent = try number(v, "--extent") }
        if let v = arguments.value("--min-points") { options.minPoints = try whole(v, "--min-points", 1...Int(Int32.max)) }
        if let v = arguments.value("--min-zoom") { options.minZoom = try whole(v, "--min-zoom", 0...60) }
        if let v = arguments.value("--max-zoom") { options.maxZoom = try whole(v, "--max-zoom", 0...60) }
        guard options.maxZoom >= options.minZoom else { throw usage("--max-zoom is below --min-zoom") }
        let zoom = try arguments.value("--zoom").map { try whole($0, "--zoom", 0...61) }
        let json = arguments.flag("--json")
        try arguments.finish()
        guard arguments.positionals.count == 1, let source = arguments.positionals.first else {
            throw usage("cluster needs one PINS file (or - for standard input)")
        }
        let index = try ClusterReport.index(pinsAt: source, options: options)
        let zooms = zoom.map { [min(max($0, index.zoomRange.lowerBound), index.zoomRange.upperBound)] }
            ?? Array(index.zoomRange)
        if json {
            ClusterReport.writeJSON(index, zooms: zooms) { FileHandle.standardOutput.write($0) }
        } else {
            print("zoom  clusters  single pins  largest")
            for z in zooms {
                let nodes = index.nodes(atZoom: z)
                let clusters = nodes.filter(index.isCluster)
                let largest = clusters.map(index.count(of:)).max() ?? 1
                print(String(format: "%4d  %8d  %11d  %7d", z, clusters.count, nodes.count - clusters.count, largest))
            }
        }
        return 0
    }

    private static func number(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text), value > 0, value.isFinite else { throw usage("\(option) needs a positive number") }
        return value
    }

    private static func whole(_ text: String, _ option: String, _ range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw usage("\(option) needs a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}
