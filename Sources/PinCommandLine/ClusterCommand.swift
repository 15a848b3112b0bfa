import Foundation
import PinRender
import PinRenderCore

/// `pinrender cluster`: parses arguments and prints the clusters of a pins file.
enum ClusterCommand: Command {
    /// What `cluster` is asked for: the clustering, one zoom or all, and the format.
    struct Request {
        var options = ClusterOptions()
        var zoom: Int?
        var json = false
    }

    static let parser = OptionParser<Request>(command: "cluster", groups: [
        OptionGroup(title: "OPTIONS", options: [
            Option("--zoom", value: "Z", help: "only this zoom (0 to 61; default: every zoom)") { text, request in
                request.zoom = try OptionValue.whole(text, needs: "a whole number in 0...61") { (0...61).contains($0) }
            },
            Option("--min-zoom", value: "Z", help: "the first zoom (default 0)") { text, request in
                request.options.minZoom = try OptionValue.whole(text, needs: "a whole number in 0...60") { (0...60).contains($0) }
            },
            Option("--max-zoom", value: "Z", help: "the last zoom where pins are grouped (default 16)") { text, request in
                request.options.maxZoom = try OptionValue.whole(text, needs: "a whole number in 0...60") { (0...60).contains($0) }
            },
            Option("--radius", value: "R", help: "pins closer than R pixels are grouped (default 40)") { text, request in
                request.options.radius = try OptionValue.number(text, needs: "a positive number") { $0 > 0 }
            },
            Option("--extent", value: "E", help: "the content's width at zoom 0, in pixels (default 512)") { text, request in
                request.options.extent = try OptionValue.number(text, needs: "a positive number") { $0 > 0 }
            },
            Option("--min-points", value: "N", help: "the fewest pins that make a cluster (default 2)") { text, request in
                request.options.minPoints = try OptionValue.whole(text, needs: "a whole number in 1...2147483647") {
                    (1...Int(Int32.max)).contains($0)
                }
            },
            Option("--json", help: "print JSON (below) instead of a table of counts per zoom") { _, request in
                request.json = true
            },
        ]) { given, request in
            if request.options.maxZoom < request.options.minZoom {
                throw OptionProblem.statement("\(given.name("--max-zoom")) is below \(given.name("--min-zoom"))")
            }
        },
    ])

    static var manual: Manual {
        Manual(pinrender: "cluster", summary: "group pins into clusters per zoom (supercluster's algorithm, Cartesian)", synopsis: [
            """
            pinrender cluster PINS [--zoom Z] [--max-zoom Z] [--min-zoom Z] [--radius R]
                                   [--extent E] [--min-points N] [--json]
            """,
        ], description: [
            .paragraph("""
                At zoom z the content is E x 2^z pixels wide; pins closer than R pixels there are grouped.
                Zooms run from --min-zoom to --max-zoom + 1, where every pin stands alone and pins that
                were still grouped at --max-zoom (the same spot) are fanned out (fanX, fanY).
                """),
        ], options: parser.sections, sections: [
            Manual.Section(title: "JSON", blocks: [
                .paragraph("""
                    --json prints {"zooms": [{"zoom", "clusters": [{"id", "x", "y", "count", "unresolved",
                    "expansionZoom", "pinIds"}], "points": [{"id", "x", "y"}]}]} with x, y normalized.
                    """),
            ]),
        ], exitStatus: [
            Manual.Definition("0", "printed"),
            Manual.Definition("2", "bad usage or bad pins (one line on standard error)"),
        ], examples: [
            Manual.Example("pinrender cluster samples/pins/floorplan-crowd.json --zoom 2 --json"),
            Manual.Example("pinrender cluster samples/pins/floorplan-crowd.json --max-zoom 8 --radius 60"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var request = Request()
        let sources = try parser.parse(words, into: &request)
        guard sources.count == 1, let source = sources.first else {
            throw InputError.usage("cluster needs one PINS file (or - for standard input)")
        }
        try PinSource.requireReadable([source])
        let index = try ClusterReport.index(pinsAt: source, options: request.options)
        let zooms = request.zoom.map { [min(max($0, index.zoomRange.lowerBound), index.zoomRange.upperBound)] }
            ?? Array(index.zoomRange)
        if request.json {
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
}
