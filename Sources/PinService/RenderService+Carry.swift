import Foundation
import PinPlatform
import PinRenderCore
import PinServiceCore

extension RenderService {
    /// What a worker's carry gave: CARRIED.json's pins and REPORT.json's bytes.
    struct Carried: Sendable {
        var pins: [Pin]
        var report: Data
    }

    /// Carries `pins` (the pins JSON of a content) from the document at `old` to the new
    /// revision at `new` in the checks' worker, off the loop thread, one at a time with the
    /// upload checks and imports, within the time and memory of a render; then calls `done`
    /// on the loop thread.
    func carry(_ pins: Data, from old: String, to new: URL, done: @escaping (Result<Carried, ServiceError>) -> Void) {
        let finish = LoopBound(value: done)
        let job = WorkerJob(kind: .carry, document: new.path, query: ["old": old], limits: limits, bytes: pins.count)
        checker.queue.async { [self] in
            let outcome = checker.run(job, payload: pins, name: "the revision", sent: {})
            metrics?.observe(Metrics.renderSeconds, ["kind": job.kind.rawValue], outcome.seconds)
            let result = outcome.answer.flatMap { answer -> Result<Carried, ServiceError> in
                let split = min(answer.answer.split ?? 0, answer.file.count)
                do {
                    let carried = try PinDecoder(source: "carried.json").decode(answer.file.prefix(split))
                    return .success(Carried(pins: carried, report: answer.file.dropFirst(split)))
                } catch {
                    return .failure(ServiceError(status: 500, message: "the revision: the carried pins cannot be read: \(error)"))
                }
            }
            MainLoop.perform { finish.value(result) }
        }
    }
}
