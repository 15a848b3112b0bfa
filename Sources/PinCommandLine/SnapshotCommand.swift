import Foundation
import PinRender
import PinRenderCore

/// `pinrender snapshot`: runs a manifest of render cases against stored references.
enum SnapshotCommand: Command {
    /// Where references and artifacts go, which cases run, and the record mode.
    struct Request {
        var directory: String?
        var artifacts: String?
        var only: String?
        var record: SnapshotMode?
    }

    static let parser = OptionParser<Request>(command: "snapshot", groups: [
        OptionGroup(title: "OPTIONS", options: [
            Option("--dir", value: "DIR", help: "where references are (default: __snapshots__ beside the manifest)",
                   isPath: true) { text, request in
                request.directory = text
            },
            Option("--record", value: OptionValue.placeholder(SnapshotMode.self), help: """
                which references to write (or PINRENDER_RECORD): missing (default)
                those that do not exist yet, failed also those that differ, all
                every one, never none. With CI set, a missing reference is a
                failure, never recorded silently
                """) { text, request in
                request.record = try OptionValue.choice(text, of: SnapshotMode.self)
            },
            Option("--artifacts", value: "DIR", help: """
                where a mismatch writes <case>.expected.png, .actual.png, .diff.png
                and .report.txt (which pins moved, appeared, changed...); default
                snapshot-artifacts beside DIR
                """, isPath: true) { text, request in
                request.artifacts = text
            },
            Option("--only", value: "NAME", help: "run only the case of this name") { text, request in
                request.only = text
            },
        ]),
    ])

    static var manual: Manual {
        func fields<Target>(_ parser: OptionParser<Target>) -> [String] {
            parser.options.map { "\"\($0.key)\"" }
        }
        var lines: [String] = []
        for field in fields(SnapshotManifest.caseOptions) {
            if let last = lines.last, last.count + field.count < 86 { lines[lines.count - 1] += ", " + field } else { lines.append(field) }
        }
        return Manual(pinrender: "snapshot", summary: "render a manifest of cases and compare each with its reference", synopsis: [
            """
            pinrender snapshot MANIFEST.json [--dir DIR] [--record all|failed|missing|never]
                                             [--artifacts DIR] [--only NAME]
            """,
        ], description: [
            .paragraph("""
                Renders each case of the manifest as pinrender render does and compares its image and
                its layout with the references, DIR/<case>.png and DIR/<case>.json; prints one line
                per case, then how many passed and failed.
                """),
        ], options: parser.sections, sections: [
            Manual.Section(title: "MANIFEST", blocks: [
                .literal("{\(fields(SnapshotManifest.settings).joined(separator: ", ")), \"cases\": [{\"name\", ...}]}"),
                .paragraph("""
                    The fields of a case: "name" and these options of pinrender render, with the same checks
                    (pinrender render --help; --max-pixels is "maxPixels", a flag is true or false):
                    \(lines.joined(separator: ",\n"))
                    Paths are relative to the manifest.
                    """),
            ]),
        ], exitStatus: [
            Manual.Definition("0", "every case matches (or was recorded)"),
            Manual.Definition("1", "some differ or are missing"),
            Manual.Definition("2", "bad usage or a bad manifest"),
        ], examples: [
            Manual.Example("mkdir -p out/__snapshots__"),
            Manual.Example("""
                echo '{"cases": [{"name": "plan", "input": "../samples/floorplan.pdf", "page": 1, "dpi": 50,
                    "pins": "../samples/pins/floorplan-few.json"}]}' > out/snapshots.json
                """),
            Manual.Example("""
                pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-few.json --page 1 --dpi 50 \\
                    -o out/__snapshots__/plan.png --layout-json out/__snapshots__/plan.json
                """, comment: "the case's references: its image and layout"),
            Manual.Example("pinrender snapshot out/snapshots.json", comment: "prints ok plan, then 1 passed, 0 failed"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var request = Request()
        let manifests = try parser.parse(words, into: &request)
        guard manifests.count == 1 else { throw InputError.usage("snapshot needs one MANIFEST.json") }
        let path = manifests[0]
        let manifest = try SnapshotManifest.load(path)
        try PinSource.requireReadable(manifest.cases.map(\.options.pins))
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        let references = request.directory.map { URL(fileURLWithPath: $0) } ?? base.appendingPathComponent("__snapshots__")
        var store = SnapshotStore(directory: references,
                                  artifacts: request.artifacts.map { URL(fileURLWithPath: $0) }
                                      ?? references.deletingLastPathComponent().appendingPathComponent("snapshot-artifacts"),
                                  mode: try SnapshotMode.resolve(request.record),
                                  forbidsRecording: SnapshotMode.forbidsRecording(asked: request.record))
        store.diff = manifest.diff
        store.maxDiffPixels = manifest.maxDiffPixels
        let cases = manifest.cases.filter { request.only == nil || $0.name == request.only }
        guard !cases.isEmpty else { throw InputError.usage("no case named \(request.only ?? "")") }
        try checkPaths(manifest: path, cases: cases, store: store)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-snapshot-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var failures = 0
        for c in cases {
            let (image, layout) = try manifest.render(c, scratch: scratch)
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
    private static func checkPaths(manifest path: String, cases: [SnapshotManifest.Case], store: SnapshotStore) throws {
        var paths = OutputPaths()
        paths.read(path, option: "MANIFEST", role: "the manifest")
        for c in cases {
            paths.read(files: c.options, naming: "case \(c.name): ")
        }
        for c in cases {
            for (option, file) in store.writes(named: c.name) { paths.write(file, option: option) }
        }
        try paths.check()
    }
}
