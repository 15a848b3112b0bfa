import Foundation
import PinRender
import PinRenderCore
import PinRenderGraphics
#if canImport(Testing)
import Testing
#endif
import XCTest

/// Image snapshot testing for Swift on Linux, in XCTest and Swift Testing alike: a
/// difference from the reference fails the test at the line of the call, as `#expect` and
/// `XCTAssert` do (Swift Testing's issue, or XCTest's failure, with the caller's file and line).
///
/// References live in `__Snapshots__/<TestFile>/<name>.png` beside the test file (with the
/// layout JSON when given), as swift-snapshot-testing keeps them; exclude that folder from
/// the test target (`exclude: ["__Snapshots__"]`). The record mode comes from `record`, else
/// `PINRENDER_RECORD`, else `missing`; under `CI` a missing reference fails. A mismatch writes
/// expected, actual, diff and a report of which pins changed to `PINRENDER_ARTIFACTS`
/// (default: a temporary directory) and names them in the failure.
///
///     @Test func planPage() throws {
///         let (image, layout) = try renderSnapshot(RenderOptions(input: "plan.pdf", pins: "pins.json", output: ""))
///         assertSnapshot(of: image, layout: layout, named: "plan-page-1")
///     }
///
/// - Parameters:
///   - image: the rendered pixels.
///   - layout: the layout JSON, compared too when given (the report names moved pins).
///   - name: the reference's file name, without `.png`.
///   - record: the record mode; nil for `PINRENDER_RECORD` or `missing`.
///   - threshold: pixelmatch's color threshold.
///   - maxDiffPixels: differing pixels allowed.
///   - fileID, filePath, line, column: where the failure is reported (the caller); `filePath`
///     also places `__Snapshots__`.
public func assertSnapshot(of image: PixelBuffer, layout: Data? = nil, named name: String,
                           record: SnapshotMode? = nil, threshold: Double = 0.1, maxDiffPixels: Int = 0,
                           fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                           line: UInt = #line, column: UInt = #column) {
    do {
        try verifySnapshot(of: image, layout: layout, named: name, record: record, threshold: threshold,
                           maxDiffPixels: maxDiffPixels, filePath: filePath)
    } catch {
        let message = "\(error)"
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
        #endif
        XCTFail(message, file: filePath, line: line)
    }
}

/// The check behind ``assertSnapshot(of:layout:named:record:threshold:maxDiffPixels:fileID:filePath:line:column:)``,
/// for callers that handle the outcome themselves: throws ``SnapshotError`` when the image
/// differs from its reference, ``SnapshotRecorded`` when it recorded a missing one.
public func verifySnapshot(of image: PixelBuffer, layout: Data? = nil, named name: String,
                           record: SnapshotMode? = nil, threshold: Double = 0.1, maxDiffPixels: Int = 0,
                           filePath: StaticString = #filePath) throws {
    let test = URL(fileURLWithPath: "\(filePath)")
    let directory = test.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
    let environment = ProcessInfo.processInfo.environment
    let artifacts = environment["PINRENDER_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-artifacts")
    var store = SnapshotStore(directory: directory, artifacts: artifacts, mode: try SnapshotMode.resolve(record),
                              forbidsRecording: SnapshotMode.forbidsRecording(asked: record, environment: environment))
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
