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

// A page with 10k pins, against the same page with none.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let work = root.appendingPathComponent("bench/work")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
var state: UInt64 = 7
func unit() -> Double {
    state = state &* 6364136223846793005 &+ 1442695040888963407
    return Double(state >> 11) * 0x1.0p-53
}
let pins = (0..<10_000).map { i in
    ["id": "p\(i)", "contentId": "plan", "relativeX": unit(), "relativeY": unit(), "authorId": "u\(i % 9)",
     "createdAt": "2026-11-02T09:15:00Z", "text": "Comment \(i)", "resolved": i % 4 == 0] as [String: Any]
}
let pinsPath = work.appendingPathComponent("pins-10k.json").path
try JSONSerialization.data(withJSONObject: ["pins": pins]).write(to: URL(fileURLWithPath: pinsPath))
let emptyPath = work.appendingPathComponent("pins-none.json").path
try Data("[]".utf8).write(to: URL(fileURLWithPath: emptyPath))
func render(_ pins: String) throws {
    var options = RenderOptions(input: root.appendingPathComponent("samples/floorplan.pdf").path, pins: pins,
                                output: work.appendingPathComponent("page.png").path)
    options.pages = .list([1])
    options.size = .dpi(150)
    _ = try RenderJob(options: options).run()
}
let plain = try median(3) { try render(emptyPath) }
let busy = try median(3) { try render(pinsPath) }
print("\n## A page with 10,000 pins (floor plan page 1, 150 dpi PNG, clusters and tooltips auto)\n")
print("| page alone | page with 10k pins | added by the pins |")
print("|---:|---:|---:|")
print("| \(format(plain)) | \(format(busy)) | \(format(busy - plain)) |")

// `pinrender diff` against ImageMagick `compare -metric AE` on a 17.4-megapixel pair (A3 at
// 300 dpi, one pin moved), whole commands including PNG decoding, alternating runs.
func run(_ tool: String, _ arguments: [String]) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    process.waitUntilExit()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
var moved = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("samples/pins/floorplan-few.json"))) as! [String: Any]
var movedPins = moved["pins"] as! [[String: Any]]
movedPins[0]["relativeX"] = (movedPins[0]["relativeX"] as! Double) + 0.002
moved["pins"] = movedPins
let movedPath = work.appendingPathComponent("pins-moved.json").path
try JSONSerialization.data(withJSONObject: moved).write(to: URL(fileURLWithPath: movedPath))
var pair: [String] = []
for (name, pins) in [("expected", root.appendingPathComponent("samples/pins/floorplan-few.json").path), ("actual", movedPath)] {
    var options = RenderOptions(input: root.appendingPathComponent("samples/floorplan.pdf").path, pins: pins,
                                output: work.appendingPathComponent("\(name)-17mp.png").path)
    options.pages = .list([1])
    options.size = .dpi(300)
    _ = try RenderJob(options: options).run()
    pair.append(options.output)
}
let pinrenderBinary = root.appendingPathComponent(".build/release/pinrender").path
if FileManager.default.isExecutableFile(atPath: "/usr/bin/compare") {
    var ours: [Double] = [], theirs: [Double] = []
    for _ in 0..<3 {
        ours.append(try run(pinrenderBinary, ["diff", pair[0], pair[1], "--json"]))
        theirs.append(try run("/usr/bin/compare", ["-metric", "AE", pair[0], pair[1], "null:"]))
    }
    let a = ours.sorted()[1], b = theirs.sorted()[1]
    let x = try PixelBuffer(pngAt: pair[0]), y = try PixelBuffer(pngAt: pair[1])
    let compareOnly = median(3) { _ = ImageDiff().compare(x.rgba, y.rgba, width: x.width, height: x.height) }
    print("\n## Image diff of a 17.4-megapixel pair (whole command, PNG decoding included)\n")
    print("| pinrender diff --json | ImageMagick compare -metric AE | ratio |")
    print("|---:|---:|---:|")
    print("| \(format(a)) | \(format(b)) | \(String(format: "%.2f", a / b)) |")
    print("\nThe comparison step alone (decoded pixels in memory): \(format(compareOnly)); pixelmatch's core in Node 20 "
          + "took 0.35 s warm on such a pair (anchors.md): ratio \(String(format: "%.2f", compareOnly / 0.35)).")
} else {
    print("\n(ImageMagick's compare is not installed: no diff comparison; `apt-get install imagemagick`.)")
}
