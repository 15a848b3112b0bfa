import Foundation
import PinRender
import PinRenderCore

/// `pinrender snapshot`: runs a manifest of render cases against stored references.
enum SnapshotCommand {
    static let help = """
    pinrender snapshot: render a manifest of cases and compare each with its reference

    USAGE
      pinrender snapshot MANIFEST.json [--dir DIR] [--record all|failed|missing|never]
                                       [--artifacts DIR] [--only NAME]

    References are DIR/<case>.png and DIR/<case>.json (default DIR: __snapshots__ beside the
    manifest). --record (or PINRENDER_RECORD): missing (default) writes references that do
    not exist yet, failed also rewrites those that differ, all rewrites every one, never
    writes none. With CI set, a missing reference is a failure, never recorded silently.
    A mismatch writes <case>.expected.png, .actual.png, .diff.png and .report.txt (which pins
    moved, appeared, changed...) into --artifacts (default snapshot-artifacts beside DIR).

    The manifest: {"threshold": 0.1, "maxDiffPixels": 0, "cases": [{"name", "input" or
    "canvas", "pins", "page", "dpi" | "width" | "scale", "device", "zoom", "focus",
    "tooltips", "cluster", "include", "threads"}]}, paths relative to the manifest.

    EXIT STATUS
      0 every case matches (or was recorded); 1 some differ or are missing; 2 bad manifest

    EXAMPLE
      pinrender snapshot Tests/Snapshots/snapshots.json
    """

    static func run(_ words: [String]) throws -> Int32 {
        var arguments = try Arguments.parse(words, valued: ["--dir", "--record", "--artifacts", "--only"])
        if arguments.flag("--help", "-h") {
            print(help)
            return 0
        }
        let directory = arguments.value("--dir"), artifacts = arguments.value("--artifacts")
        let only = arguments.value("--only")
        let asked = try arguments.value("--record").map { text -> SnapshotMode in
            guard let mode = SnapshotMode(rawValue: text) else { throw usage("--record takes all, failed, missing or never") }
            return mode
        }
        try arguments.finish()
        guard arguments.positionals.count == 1 else { throw usage("snapshot needs one MANIFEST.json") }
        let path = arguments.positionals[0]
        let manifest = try SnapshotManifest.load(path)
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        let references = directory.map { URL(fileURLWithPath: $0) } ?? base.appendingPathComponent("__snapshots__")
        var store = SnapshotStore(directory: references,
                                  artifacts: artifacts.map { URL(fileURLWithPath: $0) }
                                      ?? references.deletingLastPathComponent().appendingPathComponent("snapshot-artifacts"),
                                  mode: try SnapshotMode.resolve(asked), isCI: SnapshotMode.isCI())
        store.diff.threshold = manifest.threshold ?? 0.1
        store.maxDiffPixels = manifest.maxDiffPixels ?? 0
        let cases = manifest.cases.filter { only == nil || $0.name == only }
        guard !cases.isEmpty else { throw usage("no case named \(only ?? "")") }
        try checkPaths(manifest: path, cases: cases, of: manifest, base: base, store: store)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-snapshot-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var failures = 0
        for c in cases {
            let (image, layout) = try manifest.render(c, base: base, scratch: scratch)
            do {
                switch try store.check(image, layout: layout, named: c.name) {
                case .matched: print("ok \(c.name)")
                case .recorded(let file): print("recorded \(c.name): \(file)")
                }
            } catch let error as SnapshotError {
                failures += 1
                print("FAILED \(error)")
            }
        }
        print("\(cases.count - failures) passed, \(failures) failed")
        return failures == 0 ? 0 : 1
    }

    /// Refuses a run that would write a reference or an artifact over a file it reads (the
    /// manifest, a case's document or pins) or over another case's file.
    private static func checkPaths(manifest path: String, cases: [SnapshotManifest.Case], of manifest: SnapshotManifest,
                                   base: URL, store: SnapshotStore) throws {
        var paths = OutputPaths()
        paths.read(path, option: "MANIFEST", role: "the manifest")
        for c in cases {
            paths.read(files: try manifest.options(for: c, base: base, output: ""), naming: "case \(c.name): ")
        }
        for c in cases {
            for (option, file) in store.writes(named: c.name) { paths.write(file, option: option) }
        }
        try paths.check()
    }
}
