import Foundation
import PinRender
import PinRenderCore
import PinRenderGraphics

/// Image snapshot testing for Swift on Linux, in XCTest and Swift Testing alike: the check
/// throws when the image differs from its reference, and a throwing test fails in both.
///
/// References live in `__Snapshots__/<TestFile>/<name>.png` beside the test file (with the
/// layout JSON when given), as swift-snapshot-testing keeps them. The record mode comes
/// from `record`, else `PINRENDER_RECORD`, else `missing`; under `CI` a missing reference
/// fails. A mismatch writes expected, actual, diff and a report of which pins changed to
/// `PINRENDER_ARTIFACTS` (default: a temporary directory) and names them in the error.
///
///     @Test func planPage() throws {
///         let (image, layout) = try renderSnapshot(RenderOptions(input: "plan.pdf", pins: "pins.json", output: ""))
///         try assertSnapshot(of: image, layout: layout, named: "plan-page-1")
///     }
public func assertSnapshot(of image: PixelBuffer, layout: Data? = nil, named name: String,
                           record: SnapshotMode? = nil, threshold: Double = 0.1, maxDiffPixels: Int = 0,
                           file: StaticString = #filePath) throws {
    let test = URL(fileURLWithPath: "\(file)")
    let directory = test.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
    let environment = ProcessInfo.processInfo.environment
    let artifacts = environment["PINRENDER_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-artifacts")
    var store = SnapshotStore(directory: directory, artifacts: artifacts, mode: try SnapshotMode.resolve(record),
                              isCI: SnapshotMode.isCI(environment))
    store.diff.threshold = threshold
    store.maxDiffPixels = maxDiffPixels
    if case .recorded(let path) = try store.check(image, layout: layout, named: name), record != .all {
        // A new reference is not a pass: say so, as swift-snapshot-testing does.
        throw SnapshotRecorded(path: path)
    }
}

/// Thrown after writing a reference that did not exist: check it, then run the test again.
public struct SnapshotRecorded: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "recorded a new snapshot at \(path); check it and run the test again" }
}

/// Renders one page as `pinrender render` would and returns its pixels and layout JSON.
public func renderSnapshot(_ options: RenderOptions) throws -> (PixelBuffer, Data) {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-snapshot-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var options = options
    options.output = scratch.appendingPathComponent("render.png").path
    options.layoutJSON = scratch.appendingPathComponent("render.json").path
    if options.pages == .all { options.pages = .list([1]) }
    _ = try RenderJob(options: options).run()
    return (try PixelBuffer(pngAt: options.output), try Data(contentsOf: URL(fileURLWithPath: options.layoutJSON!)))
}
