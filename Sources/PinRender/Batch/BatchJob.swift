import Foundation
import PinRenderCore

/// `pinrender batch`: the lines of a manifest that are this shard's, rendered `jobs` at a
/// time, their output directories made as needed; a line whose outputs are already made from the same files and options is skipped
/// (see ``BatchRecord``). One failing line does not stop the others: each line's result
/// goes to the results file (JSON Lines) as it finishes.
///
///     let job = BatchJob(manifest: try BatchManifest.load("batch.jsonl"), tool: "pinrender 0.1.0")
///     let results = try job.run()
public struct BatchJob: Sendable {
    public var manifest: BatchManifest
    public var shard = BatchShard.whole
    /// Lines rendered at once (each render also uses the cores for its pages and stripes).
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// Where each line's result is written, one JSON object a line.
    public var results: String?
    /// The tool's name and version, part of every line's record.
    public var tool: String
    /// Handed to each render (see ``RenderJob/overrun``).
    public var overrun: (@Sendable (LimitError) -> Never)?

    public init(manifest: BatchManifest, tool: String) {
        self.manifest = manifest
        self.tool = tool
    }

    /// One line's outcome.
    public struct Result: Sendable, Equatable {
        public enum Status: String, Sendable {
            case done, skipped, failed
        }
        public var line: Int
        public var output: String
        public var status: Status
        /// Why it failed: the message the command line would print.
        public var error: String?
        public var seconds: Double
        /// The files written (none when skipped or failed).
        public var files: [String]
        /// What the render noticed (pins on pages not rendered, ...).
        public var warnings: [String] = []

        /// The result as one line of JSON.
        public var json: String {
            var fields = ["\"line\":\(line)", "\"output\":\(BatchManifest.quoted(output))", "\"status\":\"\(status.rawValue)\"",
                          "\"seconds\":\((seconds * 1000).rounded() / 1000)"]
            if !files.isEmpty { fields.append("\"files\":[\(files.map(BatchManifest.quoted).joined(separator: ","))]") }
            if !warnings.isEmpty { fields.append("\"warnings\":[\(warnings.map(BatchManifest.quoted).joined(separator: ","))]") }
            if let error { fields.append("\"error\":\(BatchManifest.quoted(error))") }
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    /// This shard's lines.
    public var lines: [BatchManifest.Line] { manifest.lines.filter { shard.owns($0.key) } }

    /// Renders this shard's lines; `progress` is called with the lines done and failed so
    /// far and the lines in all, after each line, one call at a time. Throws only when the
    /// results file cannot be written.
    public func run(progress: (@Sendable (_ done: Int, _ failed: Int, _ total: Int) -> Void)? = nil) throws -> [Result] {
        let lines = self.lines
        for directory in Set(lines.map { URL(fileURLWithPath: $0.options.output).deletingLastPathComponent().path }) {
            BatchRecord.removeStale(in: directory)
        }
        let log = try results.map { try ResultLog(path: $0) }
        let counts = Exclusive((done: 0, failed: 0))
        return try WorkerPool(workers: jobs).map(lines.count, context: { _ in }) { _, index in
            let result = run(lines[index])
            try log?.append(result)
            counts.use { counts in
                counts.done += 1
                if result.status == .failed { counts.failed += 1 }
                progress?(counts.done, counts.failed, lines.count)
            }
            return result
        }
    }

    /// Renders one line, or skips it when its record is current.
    private func run(_ line: BatchManifest.Line) -> Result {
        let start = Date()
        var result = Result(line: line.number, output: line.key, status: .done, error: nil, seconds: 0, files: [])
        do {
            let digest = try BatchRecord.digest(of: line, tool: tool)
            if let digest, BatchRecord.current(for: line.options.output, digest: digest) {
                result.status = .skipped
            } else {
                for path in line.options.writtenPaths {
                    try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                            withIntermediateDirectories: true)
                }
                var job = RenderJob(options: line.options)
                job.overrun = overrun
                let report = try job.run()
                result.files = report.files
                result.warnings = report.warnings
                if let digest {
                    var sizes: [String: Int] = [:]
                    for file in report.files {
                        sizes[file] = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
                    }
                    try BatchRecord(digest: digest, files: sizes).write(for: line.options.output)
                }
            }
        } catch {
            result.status = .failed
            result.error = commandLineMessage(error)
        }
        result.seconds = Date().timeIntervalSince(start)
        return result
    }

    /// The results file, a line appended per result under a lock.
    private final class ResultLog: Sendable {
        private let handle: Exclusive<FileHandle>
        private let path: String

        init(path: String) throws {
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw OutputError(file: path, reason: "cannot be written")
            }
            self.handle = Exclusive(handle)
            self.path = path
        }

        func append(_ result: Result) throws {
            try handle.use { handle in
                do {
                    try handle.write(contentsOf: Data((result.json + "\n").utf8))
                } catch {
                    throw OutputError(file: path, reason: "\(error.localizedDescription)")
                }
            }
        }
    }
}
