import Foundation
import PinRender
import PinRenderCore

extension RenderWorker {
    /// Carries a content's pins (the job's payload, the pins JSON) from its latest revision
    /// (`query["old"]`) to an uploaded one (`document`) as `pinrender carry` does, with the
    /// pixel limit of a render (its time and memory are the worker's, as for every job). The
    /// command writes files, so this runs in a directory of its own under the worker's
    /// `TMPDIR` (its slot's, emptied whenever a worker ends: a worker killed mid-carry leaves
    /// nothing), removed after: the pins file in, CARRIED.json and REPORT.json out. The answer's file is CARRIED.json then REPORT.json; `split` is where
    /// the report begins.
    static func carry(_ job: WorkerJob, pins: Data) throws -> (UnnamedFile, split: Int) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pinrender-carry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pinsFile = directory.appendingPathComponent("pins.json")
        try pins.write(to: pinsFile)
        let (carried, report) = (directory.appendingPathComponent("carried.json"), directory.appendingPathComponent("report.json"))
        var carry = CarryJob(old: job.query["old"] ?? "", new: job.document, pins: pinsFile.path, output: carried.path)
        carry.report = report.path
        carry.pixelLimit = job.limits.pixelLimit
        try carry.run()
        let (carriedData, reportData) = (try Data(contentsOf: carried), try Data(contentsOf: report))
        let file = try UnnamedFile(label: "carried.json")
        try file.write(carriedData + reportData)
        return (file, carriedData.count)
    }
}
