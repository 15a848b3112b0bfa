import Foundation
import PinRender
import PinRenderCore
import PinRenderGraphics

// `make bench`: clustering and pin-heavy rendering, timed in release builds and set beside
// the reference figures of ../shared/design/anchors.md (supercluster on Node 20, 2 cores).
// Writes the table to standard output; the Makefile saves it in bench/RESULTS.md.

/// Uniform random points, as in supercluster's benchmark.
func randomPoints(_ n: Int, seed: UInt64) -> [ClusterPoint] {
    var state = seed
    func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) * 0x1.0p-53
    }
    return (0..<n).map { ClusterPoint(id: "p\($0)", x: next(), y: next(), resolved: $0 % 3 == 0) }
}

/// Median wall time of `runs` calls, in seconds.
func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

func format(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.2f s", seconds)
}

/// supercluster's load times from anchors.md, by (points, maxZoom).
let reference: [String: Double] = ["10000@8": 0.051, "100000@8": 0.484, "10000@16": 0.28, "100000@16": 2.1,
                                   "1000000@16": 20]

print("## Clustering (radius 40, extent 512, minPoints 2, uniform random points)\n")
print("| points | maxZoom | build | queries of every zoom | supercluster build | ratio (pinrender/supercluster) |")
print("|---:|---:|---:|---:|---:|---:|")
for (n, maxZoom) in [(10_000, 8), (100_000, 8), (10_000, 16), (100_000, 16), (1_000_000, 16)] {
    let points = randomPoints(n, seed: 42)
    let options = ClusterOptions(radius: 40, extent: 512, minPoints: 2, minZoom: 0, maxZoom: maxZoom)
    var index: ClusterIndex?
    let runs = n >= 1_000_000 ? 1 : 3
    let build = median(runs) { index = ClusterIndex(points: points, options: options) }
    let world = CGRect(x: 0, y: 0, width: 1, height: 1)
    var shown = 0
    let queries = median(runs) {
        shown = 0
        for zoom in index!.zoomRange { shown += index!.nodes(atZoom: zoom, in: world).count }
    }
    let peer = reference["\(n)@\(maxZoom)"]
    let ratio = peer.map { String(format: "%.2f", build / $0) } ?? "-"
    print("| \(n) | \(maxZoom) | \(format(build)) | \(format(queries)) (\(shown) nodes) | \(peer.map(format) ?? "-") | \(ratio) |")
}

// 10k pins against the rasterization of the page they are on: the A1 plan's page 1 at
// 150 dpi (bench/make_plan.py), in process, on one core. Reading, layout and drawing of the
// pins are what scales with them; the whole commands are compared in bench/compare.py.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let work = root.appendingPathComponent("bench/work")
let document = try PDFDocument(path: work.appendingPathComponent("plan-a1.pdf").path)
let planPage = try document.page(at: 1)
let drawn = CGRect(x: 0, y: 0, width: planPage.popplerSize.width * 150 / 72, height: planPage.popplerSize.height * 150 / 72)
let output = CGSize(width: drawn.width.rounded(), height: drawn.height.rounded())
var canvas: ImageCanvas?
let raster = try median(3) {
    canvas = try ImageCanvas(width: Int(output.width), height: Int(output.height))
    try canvas!.drawPage(planPage, at: drawn, clip: CGRect(origin: .zero, size: output))
}
let pinsData = try Data(contentsOf: work.appendingPathComponent("pins-10k.json"))
print("\n## 10,000 pins against the page they are on (A1 plan page 1, 150 dpi, one core, in process)\n")
print("Median of 3 runs. The page's rasterization: \(format(raster)).\n")
print("| pins | read, threaded, laid out | drawn | pins / page |")
print("|---|---:|---:|---:|")
for (name, tooltips, clustering) in [("clusters and tooltips auto", TooltipMode.auto, ClusterMode.auto),
                                     ("`--cluster off`", .auto, .off), ("`--tooltips all --cluster off`", .all, .off)] {
    var scene: Scene?
    let layout = PageLayout(theme: Theme(), tooltips: tooltips, measurer: PangoTextMeasurer(), clustering: clustering)
    let reading = try median(3) {
        let pins = try PinDecoder(source: "pins-10k.json").decode(pinsData)
        let threads = try ThreadBuilder(source: "pins-10k.json").build(pins).threads
        scene = layout.scene(page: 1, threads: threads, outputSize: output, pageSize: drawn.size).onPixels()
    }
    let drawing = try median(3) { try canvas!.draw(scene!) }
    print("| \(name): \(scene!.clusters.count) bubbles, \(scene!.markers.count) markers, \(scene!.tooltips.count) tooltips "
          + "| \(format(reading)) | \(format(drawing)) | \(String(format: "%.2f", (reading + drawing) / raster)) |")
}
