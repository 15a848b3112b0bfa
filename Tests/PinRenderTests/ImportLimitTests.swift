import Foundation
import Testing
import PinRenderCore
@testable import PinRender

/// An import within limits (the service's render worker sets a render's): it checks them
/// before reading the comments and before placing them, stops with a ``LimitError`` naming
/// the step, and writes nothing. The time is a clock the test moves, a second on at every
/// reading, so the import stops at the check the limit falls on, on any machine.
@Suite struct ImportLimitTests {
    static let annotation = """
        {"@context": "http://www.w3.org/ns/anno.jsonld", "id": "urn:x:a1", "type": "Annotation",
         "motivation": "commenting", "body": {"type": "TextualBody", "value": "Привет"},
         "target": {"source": "photo.jpg", "selector": {"type": "FragmentSelector",
           "conformsTo": "http://www.w3.org/TR/media-frags/", "value": "xywh=percent:50,50,0,0"}},
         "creator": {"id": "u1", "name": "A"}, "created": "2026-12-01T09:00:00Z"}
        """

    /// An import of one annotation into `pins.json` (which holds "old pins"), limited to
    /// `seconds` on a clock a second on at every reading and to `maxMemory`.
    func importing(within seconds: Double, maxMemory: Int = .max) throws -> (job: ImportJob, output: URL) {
        let dir = try Support.scratch()
        let input = dir.appendingPathComponent("review.jsonld")
        try Data(Self.annotation.utf8).write(to: input)
        let output = dir.appendingPathComponent("pins.json")
        try Data("old pins".utf8).write(to: output)
        var job = ImportJob(input: input.path, output: output.path)
        job.limits = (seconds, maxMemory)
        job.clock = TimeoutTests.TestClock(tick: 1).jobClock
        return (job, output)
    }

    @Test(arguments: [(0.5, JobActivity.readingComments), (1.5, .placingComments)])
    func theTimeIsCheckedBeforeEachStep(seconds: Double, step: JobActivity) throws {
        let (job, output) = try importing(within: seconds)
        let error = try #require(throws: LimitError.self) { try job.run(warn: { _ in }) }
        #expect(error.limit == .time(seconds: seconds))
        #expect(error.activities == [step])
        #expect(error.subject == job.input)
        #expect(try String(contentsOf: output, encoding: .utf8) == "old pins")
    }

    @Test func withTimeForItsStepsItWrites() throws {
        let (job, output) = try importing(within: 2.5)
        #expect(try job.run(warn: { _ in }) == 1)
        #expect(try String(contentsOf: output, encoding: .utf8).contains("\"text\": \"Привет\""))
    }

    @Test func memoryOverTheLimitStopsItBeforeReading() throws {
        let (job, output) = try importing(within: 60, maxMemory: 1)
        let error = try #require(throws: LimitError.self) { try job.run(warn: { _ in }) }
        #expect(error.limit == .memory(bytes: 1))
        #expect(error.activities == [.readingComments])
        #expect(error.description.contains("reading the comments"))
        #expect(try String(contentsOf: output, encoding: .utf8) == "old pins")
    }
}
