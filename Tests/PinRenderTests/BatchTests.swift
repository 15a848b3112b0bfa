import Foundation
import Testing
import PinRender

/// `pinrender batch` run as a user runs it: each line renders what `pinrender render` would,
/// a second run skips what is unchanged, a failing line stops nothing else, shards split a
/// manifest with nothing twice and nothing missed, and a killed batch is run again to the end.
@Suite struct BatchTests {
    /// A manifest of `count` small renders (PNG pages and a PDF export) in a scratch
    /// directory, with the samples copied beside it.
    struct Project {
        let directory: URL
        let manifest: String
        let lines: [[String: Any]]

        /// `count` lines of three kinds in turn, each output in the folder `folder` gives its
        /// index, then `extra`.
        init(count: Int = 6, extra: [[String: Any]] = [], folder: (Int) -> String = { _ in "out" }) throws {
            directory = try Support.scratch()
            for sample in ["samples/floorplan.pdf", "samples/pins/floorplan-few.json", "samples/screenshot.png",
                           "samples/pins/screenshot.json"] {
                try FileManager.default.copyItem(atPath: Support.path(sample),
                                                 toPath: directory.appendingPathComponent(URL(fileURLWithPath: sample).lastPathComponent).path)
            }
            var lines: [[String: Any]] = (0..<count).map { index in
                switch index % 3 {
                case 0: return ["input": "floorplan.pdf", "pins": "floorplan-few.json", "output": "\(folder(index))/plan-\(index).png",
                                "page": index % 4 + 1, "dpi": 20 + index]
                case 1: return ["input": "screenshot.png", "pins": "screenshot.json", "output": "\(folder(index))/shot-\(index).png",
                                "width": 200 + index, "tooltips": "all"]
                default: return ["input": "floorplan.pdf", "pins": "floorplan-few.json", "output": "\(folder(index))/plan-\(index).pdf"]
                }
            }
            lines += extra
            self.lines = lines
            manifest = directory.appendingPathComponent("project.jsonl").path
            let text = try lines.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
            try (text.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        }

        func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

        /// The results file's lines.
        func results(_ name: String) throws -> [[String: Any]] {
            try String(contentsOfFile: path(name), encoding: .utf8).split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
        }

        /// What `pinrender render` writes for line `index`, to compare with the batch's output.
        func renderAlone(_ index: Int) throws -> Data {
            var arguments = ["render"]
            let line = lines[index]
            let out = path("alone-\(index)." + URL(fileURLWithPath: line["output"] as! String).pathExtension)
            for (key, value) in line.sorted(by: { $0.key < $1.key }) {
                switch key {
                case "input": arguments.append(path(value as! String))
                case "pins": arguments += ["--pins", path(value as! String)]
                case "output": arguments += ["-o", out]
                default: arguments += ["--\(key)", "\(value)"]
                }
            }
            let run = try Support.pinrender(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
    }

    @Test func eachLineIsWhatRenderWritesAndASecondRunSkipsIt() throws {
        let project = try Project()
        let first = try Support.pinrender(["batch", project.manifest, "--results", project.path("r1.jsonl")])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("6 done, 0 skipped, 0 failed"), "\(first.stdout)")
        #expect(first.stderr.isEmpty, "no progress when standard error is not a terminal: \(first.stderr)")
        let results = try project.results("r1.jsonl")
        #expect(Set(results.map { $0["line"] as? Int }) == Set((1...6).map { Optional($0) }))
        #expect(results.allSatisfy { $0["status"] as? String == "done" })
        // The sample's pins lie on pages 1 to 4: the PNG of one page warns of the others'.
        let warned = results.first { $0["output"] as? String == "out/plan-0.png" }?["warnings"] as? [String]
        #expect(warned?.contains { $0.contains("on pages not rendered") } == true, "\(String(describing: warned))")
        for index in 0..<6 {
            let output = project.path(project.lines[index]["output"] as! String)
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == (try project.renderAlone(index)),
                    "line \(index + 1) differs from pinrender render's output")
        }
        let before = try FileManager.default.attributesOfItem(atPath: project.path("out/plan-0.png"))[.modificationDate] as? Date

        let second = try Support.pinrender(["batch", project.manifest, "--results", project.path("r2.jsonl")])
        #expect(second.status == 0 && second.stdout.contains("0 done, 6 skipped"), "\(second.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: project.path("out/plan-0.png"))[.modificationDate] as? Date == before)

        // Changed pins render their lines again; a deleted output is made again; the rest skip.
        let pins = project.path("screenshot.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: pins))) as? [String: Any])
        var list = json["pins"] as! [[String: Any]]
        list[0]["relativeX"] = 0.5
        json["pins"] = list
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: pins))
        try FileManager.default.removeItem(atPath: project.path("out/plan-2.pdf"))
        let third = try Support.pinrender(["batch", project.manifest, "--results", project.path("r3.jsonl")])
        let statuses = Dictionary(uniqueKeysWithValues: try project.results("r3.jsonl").map { ($0["output"] as! String, $0["status"] as! String) })
        #expect(statuses == ["out/plan-0.png": "skipped", "out/shot-1.png": "done", "out/plan-2.pdf": "done",
                             "out/plan-3.png": "skipped", "out/shot-4.png": "done", "out/plan-5.pdf": "skipped"], "\(third.stdout)")
    }

    /// On a terminal (a pseudo-terminal made by `script`), progress: done/total, rate, time left.
    @Test func progressOnATerminal() throws {
        let project = try Project(count: 3)
        let command = "'\(Support.binary)' batch '\(project.manifest)' --jobs 1"
        let run = try Support.run("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(run.status == 0, "\(run.stdout)")
        for done in 1...3 {
            #expect(run.stdout.contains("\(done)/3 done · "), "\(run.stdout)")
        }
        #expect(run.stdout.contains("lines/s · ") && run.stdout.contains(" s left"), "\(run.stdout)")
    }

    @Test func aFailingLineStopsNothingElse() throws {
        let project = try Project(count: 3, extra: [["input": "missing.pdf", "pins": "floorplan-few.json", "output": "out/x.png"],
                                                    ["canvas": "300x200", "pins": "screenshot.json", "output": "out/y.png"]])
        let run = try Support.pinrender(["batch", project.manifest, "--results", project.path("r.jsonl"), "--jobs", "2"])
        #expect(run.status == 1)
        #expect(run.stdout.contains("4 done, 0 skipped, 1 failed"), "\(run.stdout)")
        #expect(run.stderr.contains("line 4 (out/x.png)") && run.stderr.contains("missing.pdf"), "\(run.stderr)")
        let failed = try project.results("r.jsonl").filter { $0["status"] as? String == "failed" }
        #expect(failed.count == 1 && failed.first?["line"] as? Int == 4 && (failed.first?["error"] as? String)?.contains("missing.pdf") == true)
        #expect(FileManager.default.fileExists(atPath: project.path("out/y.png")))
    }

    @Test func shardsSplitTheManifestWithNothingTwiceAndNothingMissed() throws {
        let project = try Project(count: 9)
        func outputs(_ results: String) throws -> [String] { try project.results(results).map { $0["output"] as! String } }
        var seen: [String] = []
        var byFlag: [[String]] = []
        for index in 1...3 {
            let run = try Support.pinrender(["batch", project.manifest, "--shard", "\(index)/3", "--results", project.path("s\(index).jsonl")])
            #expect(run.status == 0, "\(run.stderr)")
            byFlag.append(try outputs("s\(index).jsonl"))
            seen += byFlag.last!
        }
        #expect(seen.sorted() == project.lines.map { $0["output"] as! String }.sorted(), "every line once")
        #expect(byFlag.allSatisfy { !$0.isEmpty }, "nine lines in three shards: \(byFlag.map(\.count))")
        // The job arrays' variables give the same shares (Kubernetes from 0, Slurm from its minimum).
        for index in 1...3 {
            let kubernetes = try Support.pinrender(["batch", project.manifest, "--results", project.path("k\(index).jsonl")],
                                                   environment: ["JOB_COMPLETION_INDEX": "\(index - 1)", "JOB_COMPLETIONS": "3"])
            #expect(kubernetes.status == 0 && kubernetes.stdout.contains("(shard \(index)/3:"), "\(kubernetes.stdout)")
            #expect(try outputs("k\(index).jsonl").sorted() == byFlag[index - 1].sorted())
            let slurm = try Support.pinrender(["batch", project.manifest, "--results", project.path("l\(index).jsonl")],
                                              environment: ["SLURM_ARRAY_TASK_ID": "\(index + 4)", "SLURM_ARRAY_TASK_MIN": "5",
                                                            "SLURM_ARRAY_TASK_COUNT": "3"])
            #expect(try outputs("l\(index).jsonl").sorted() == byFlag[index - 1].sorted())
            #expect(slurm.status == 0)
        }
        let lone = try Support.pinrender(["batch", project.manifest], environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(lone.status == 2 && lone.stderr == "pinrender: JOB_COMPLETION_INDEX: is set but JOB_COMPLETIONS, the number of shards, is not\n",
                "\(lone.stderr)")
        for bad in ["0/3", "4/3", "1/0", "x"] {
            let run = try Support.pinrender(["batch", project.manifest, "--shard", bad])
            #expect(run.status == 2 && run.stderr.contains("--shard needs I/N"), "\(bad): \(run.stderr)")
        }
    }

    @Test func aBadManifestIsNamedByLineAndFieldAndNothingIsWritten() throws {
        let directory = try Support.scratch()
        let cases: [(String, String)] = [
            ("{\"input\": \"a.pdf\", \"pins\": \"p.json\", \"output\": \"o.png\"}\n{\"input\": \"a.pdf\", \"pins\": \"p.json\", \"output\": \"o.png\", \"dpi\": 0}",
             "m.jsonl: line 2.dpi: needs a positive number"),
            ("\n\n{\"pins\": \"p.json\", \"input\": \"a.pdf\"}", "m.jsonl: line 3.output: missing"),
            ("{\"input\": \"a.pdf\", \"pins\": \"p.json\", \"output\": \"o.png\"}\n{\"input\": \"b.pdf\", \"pins\": \"p.json\", \"output\": \"o.png\"}",
             "m.jsonl: line 2.output: \(directory.path)/o.png is also written by line 1"),
            ("{\"input\": \"a.pdf\", \"pins\": \"-\", \"output\": \"o.png\"}", "m.jsonl: line 1.pins: standard input is not available to a batch"),
            (String(repeating: "[", count: 100_000), "m.jsonl: line 1: nested more than 8 levels deep"),
            ("[1, 2]", "m.jsonl: line 1: needs an object {\"input\", \"pins\", \"output\", ...}"),
        ]
        for (text, message) in cases {
            let manifest = directory.appendingPathComponent("m.jsonl").path
            try text.write(toFile: manifest, atomically: true, encoding: .utf8)
            let results = directory.appendingPathComponent("r.jsonl").path
            let run = try Support.pinrender(["batch", manifest, "--results", results])
            #expect(run.status == 2 && run.stderr == "pinrender: \(directory.path)/\(message)\n", "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: results) && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("o.png").path))
        }
    }

    /// A run killed between writing a line's record and renaming it leaves
    /// `.NAME.pinrender-batch.PID.tmp`: the next run removes it once that process is gone, and
    /// leaves a running batch's and any other file alone.
    @Test func theNextRunRemovesTheTemporaryRecordsOfKilledRuns() throws {
        let project = try Project(count: 3)
        let first = try Support.pinrender(["batch", project.manifest])
        #expect(first.status == 0, "\(first.stderr)")
        // Above the kernel's largest process id: no process has it.
        let maximum = Int32(try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines))!
        let dead = ".plan-0.png.pinrender-batch.\(maximum + 1).tmp"
        let kept = [".plan-0.png.pinrender-batch.\(getpid()).tmp", ".plan-0.png.pinrender-batch.\(maximum + 1).tmp.mine",
                    "plan-0.png.pinrender-batch.\(maximum + 1).tmp", ".pinrender-batch.\(maximum + 1).tmp"]
        for name in [dead] + kept { try Data("{".utf8).write(to: URL(fileURLWithPath: project.path("out/" + name))) }
        let again = try Support.pinrender(["batch", project.manifest])
        #expect(again.status == 0 && again.stdout.contains("0 done, 3 skipped"), "\(again.stdout) \(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: project.path("out/" + dead)))
        for name in kept { #expect(FileManager.default.fileExists(atPath: project.path("out/" + name)), "\(name)") }
    }

    /// `kill -9` in the middle of a batch, then the same command: every output is whole and
    /// equal to a clean render, and nothing that was finished is rendered twice. The batch is
    /// killed where it cannot go on: line 4's folder is locked by the test, as by another run
    /// writing there, so line 4 waits (up to its --timeout of 10 minutes) after 3 lines done.
    @Test func aKilledBatchIsRunAgainToTheEnd() throws {
        let project = try Project(count: 12, folder: { $0 == 3 ? "held" : "out" })
        let held = project.path("held")
        try FileManager.default.createDirectory(atPath: held, withIntermediateDirectories: true)
        let lock = open(held, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Support.binary)
        process.arguments = ["batch", project.manifest, "--jobs", "1", "--results", project.path("killed.jsonl")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = Support.eventually { !process.isRunning || ((try? project.results("killed.jsonl"))?.count ?? 0) >= 3 }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        close(lock)
        let finished = try project.results("killed.jsonl")
        #expect(finished.map { $0["line"] as? Int } == [1, 2, 3] && finished.allSatisfy { $0["status"] as? String == "done" },
                "killed after \(finished)")
        let again = try Support.pinrender(["batch", project.manifest, "--results", project.path("again.jsonl")])
        #expect(again.status == 0, "\(again.stderr)")
        let statuses = try project.results("again.jsonl").sorted { ($0["line"] as! Int) < ($1["line"] as! Int) }.map { $0["status"] as! String }
        #expect(statuses == Array(repeating: "skipped", count: 3) + Array(repeating: "done", count: 9), "\(statuses)")
        for index in 0..<12 {
            let output = project.path(project.lines[index]["output"] as! String)
            #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == (try project.renderAlone(index)), "line \(index + 1)")
        }
    }
}
