import Foundation
import PinRender
import PinRenderCore

/// `pinrender batch`: renders the lines of a manifest (this shard's), reports each.
enum BatchCommand: Command {
    /// How many lines run at once, which share, and where results go.
    struct Request {
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var shard: BatchShard?
        var results: String?
    }

    static let parser = OptionParser<Request>(command: "batch", groups: [
        OptionGroup(title: "OPTIONS", options: [
            Option("--jobs", value: "N", help: "lines rendered at once (default: the number of cores)") { text, request in
                request.jobs = try OptionValue.whole(text, needs: "a whole number from 1 to 256") { (1...256).contains($0) }
            },
            Option("--shard", value: "I/N", help: """
                render only share I of N (from 1), chosen by a hash of each line's
                output: N processes split the manifest, nothing twice, nothing missed.
                Default: JOB_COMPLETION_INDEX with JOB_COMPLETIONS (Kubernetes), or
                SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT (Slurm), else all
                """) { text, request in
                request.shard = try BatchShard(text)
            },
            Option("--results", value: "FILE", help: "each line's result as JSON Lines: done, skipped or failed and why, seconds",
                   isPath: true) { text, request in
                request.results = text
            },
        ]),
    ])

    static var manual: Manual {
        Manual(pinrender: "batch", summary: "render or export every line of a manifest, resumably, split across machines", synopsis: [
            "pinrender batch MANIFEST.jsonl [--jobs N] [--shard I/N] [--results FILE]",
        ], description: [
            .paragraph("""
                Each line of the manifest is one render: a JSON object whose fields are the options of
                pinrender render by name (INPUT is "input", -o is "output", --max-pixels is
                "maxPixels"), paths relative to the manifest:
                """),
            .literal(#"{"input": "sheets/a1.pdf", "pins": "pins/a1.json", "output": "out/a1.png", "dpi": 150}"#),
            .paragraph("""
                A line whose outputs were made from the same document, pins, theme and options (and
                pinrender version) is skipped: a record beside each output (.NAME.pinrender-batch)
                holds their digest. Every write is atomic, so a killed batch is simply run again.
                Pins from a URL are fetched, and the line rendered, every time.
                """),
        ], options: parser.sections, exitStatus: [
            Manual.Definition("0", "every line done or skipped"),
            Manual.Definition("1", "a line failed (the others still ran)"),
            Manual.Definition("2", "bad usage or a bad manifest (one line naming the line and field; nothing rendered)"),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example("""
                printf '%s\\n' '{"input": "../samples/floorplan.pdf", "pins": "../samples/pins/threads.json", "output": "plan.pdf"}' \\
                    '{"input": "../samples/photo.jpg", "pins": "../samples/pins/photo.json", "output": "photo.png"}' > out/project.jsonl
                """),
            Manual.Example("pinrender batch out/project.jsonl --results out/results.jsonl"),
            Manual.Example("pinrender batch out/project.jsonl", comment: "again: both lines skipped, their outputs are up to date"),
            Manual.Example("pinrender batch out/project.jsonl --shard 1/2", comment: "one of two machines: only the lines its share holds"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var request = Request()
        let files = try parser.parse(words, into: &request)
        guard files.count == 1 else { throw InputError.usage("batch needs one MANIFEST.jsonl") }
        let shard = try request.shard ?? BatchShard.from(environment: ProcessInfo.processInfo.environment) ?? .whole
        let manifest = try BatchManifest.load(files[0])
        try PinSource.requireReadable(manifest.lines.map(\.options.pins))
        var job = BatchJob(manifest: manifest, tool: "pinrender \(version)")
        job.shard = shard
        job.jobs = request.jobs
        job.results = request.results
        job.overrun = endOnTimeout
        let started = Date()
        let interactive = isatty(STDERR_FILENO) != 0
        let results = try job.run { done, failed, total in
            guard interactive else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[K\(progress(done: done, failed: failed, total: total, since: started))".utf8))
        }
        if interactive && !results.isEmpty { FileHandle.standardError.write(Data("\n".utf8)) }
        for result in results where result.status == .failed {
            FileHandle.standardError.write(Data("pinrender: line \(result.line) (\(result.output)): \(result.error ?? "")\n".utf8))
        }
        // Warnings go to the results file when there is one, else to standard error.
        if request.results == nil {
            for result in results {
                for warning in result.warnings { warn("line \(result.line) (\(result.output)): \(warning)") }
            }
        }
        let count = { (status: BatchJob.Result.Status) in results.filter { $0.status == status }.count }
        let share = shard == .whole ? "" : " (shard \(shard): \(results.count) of \(job.manifest.lines.count) lines)"
        print("batch: \(count(.done)) done, \(count(.skipped)) skipped, \(count(.failed)) failed\(share)")
        return count(.failed) > 0 ? 1 : 0
    }

    /// `12/200 done, 1 failed · 3.1 lines/s · 1 min 2 s left`
    static func progress(done: Int, failed: Int, total: Int, since start: Date) -> String {
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let rate = Double(done) / elapsed
        let left = Int((Double(total - done) / max(rate, 1e-9)).rounded())
        let time = left >= 60 ? "\(left / 60) min \(left % 60) s" : "\(left) s"
        return "\(done)/\(total) done\(failed > 0 ? ", \(failed) failed" : "") · "
            + String(format: "%.1f lines/s", rate) + " · \(time) left"
    }
}
