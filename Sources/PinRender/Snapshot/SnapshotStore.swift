import Foundation
import PinRenderCore
import PinRenderGraphics

/// Compares a rendered image (and its layout) with a stored reference, records references
/// as the mode says, and on a mismatch writes expected, actual, diff and a report saying
/// which pins changed into an artifacts directory.
public struct SnapshotStore {
    /// Where references live: `<name>.png` and `<name>.json`.
    public var directory: URL
    /// Where failures leave their files.
    public var artifacts: URL
    public var mode: SnapshotMode
    /// A missing reference fails instead of being recorded (CI with no mode asked for).
    public var forbidsRecording: Bool
    public var diff = ImageDiff.Options()
    public var maxDiffPixels = 0

    public init(directory: URL, artifacts: URL, mode: SnapshotMode, forbidsRecording: Bool) {
        self.directory = directory
        self.artifacts = artifacts
        self.mode = mode
        self.forbidsRecording = forbidsRecording
    }

    /// What happened to one snapshot.
    public enum Outcome: Equatable {
        case matched
        case recorded(String)
    }

    /// Checks `actual` (and its layout JSON, if any) against the reference `name`.
    public func check(_ actual: PixelBuffer, layout: Data?, named name: String) throws -> Outcome {
        let reference = self.reference(name, "png")
        let referenceLayout = self.reference(name, "json")
        let exists = FileManager.default.fileExists(atPath: reference.path)
        if !exists && (mode == .never || forbidsRecording) {
            throw SnapshotError.missing(name: name, reference: reference.path)
        }
        if mode == .all || !exists {
            try record(actual, layout: layout, at: reference, layoutAt: referenceLayout)
            return .recorded(reference.path)
        }
        let expected = try PixelBuffer(pngAt: reference.path)
        var summary: String
        var diffImage: [UInt8]?
        if expected.width != actual.width || expected.height != actual.height {
            summary = "size: expected \(expected.width)x\(expected.height), got \(actual.width)x\(actual.height)"
        } else {
            let result = ImageDiff(options: diff).compare(expected.rgba, actual.rgba, width: actual.width,
                                                         height: actual.height, diffImage: true)
            if result.diffPixels <= maxDiffPixels { return .matched }
            summary = "\(result.diffPixels) pixels differ in \(result.regions.count) region\(result.regions.count == 1 ? "" : "s")"
            diffImage = result.image
        }
        var report = [summary]
        if let layout, let old = FileManager.default.contents(atPath: referenceLayout.path) {
            let changes = try LayoutDiff.compare(expected: old, actual: layout)
            report += changes.isEmpty ? ["no pin changed: the page itself differs"] : changes.map(\.description)
        }
        if mode == .failed {
            try record(actual, layout: layout, at: reference, layoutAt: referenceLayout)
            return .recorded(reference.path)
        }
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        var files: [String] = []
        func save(_ image: PixelBuffer, _ suffix: String) throws {
            let path = artifact(name, "\(suffix).png").path
            try image.writePNG(to: path, name: path)
            files.append(path)
        }
        try save(expected, "expected")
        try save(actual, "actual")
        if let diffImage { try save(PixelBuffer(width: actual.width, height: actual.height, rgba: diffImage), "diff") }
        let reportPath = artifact(name, "report.txt")
        try Data((report.joined(separator: "\n") + "\n").utf8).write(to: reportPath)
        files.append(reportPath.path)
        throw SnapshotError.different(name: name, summary: report.joined(separator: "; "), artifacts: files)
    }

    /// Every file ``check(_:layout:named:)`` may write for the snapshot `name`, with the
    /// option that says where: its reference (unless the mode is `never`) and its artifacts.
    public func writes(named name: String) -> [(option: String, path: String)] {
        (mode == .never ? [] : ["png", "json"].map { ("--dir", reference(name, $0).path) })
            + ["expected.png", "actual.png", "diff.png", "report.txt"].map { ("--artifacts", artifact(name, $0).path) }
    }

    private func reference(_ name: String, _ suffix: String) -> URL {
        directory.appendingPathComponent("\(name).\(suffix)")
    }

    private func artifact(_ name: String, _ suffix: String) -> URL {
        artifacts.appendingPathComponent("\(name).\(suffix)")
    }

    private func record(_ image: PixelBuffer, layout: Data?, at reference: URL, layoutAt referenceLayout: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try image.writePNG(to: reference.path, name: reference.path)
        if let layout { try layout.write(to: referenceLayout) }
    }
}
