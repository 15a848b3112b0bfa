import Foundation
import Testing
import PinRenderCore
@testable import PinRender

/// A render into an unnamed file (``RenderDestination/file(_:)``, a render worker's), its
/// pins given as bytes, writes the bytes the command line's render writes to its file: a PNG
/// and a PDF export, of a PDF and of an image. A failure leaves the file empty, and what would
/// be more than one file is refused before anything is drawn.
@Suite struct RenderDestinationTests {
    struct Case: CustomStringConvertible, Sendable {
        var input: String
        var format: String
        var description: String { "\(input) to \(format)" }
    }

    static let cases = [Case(input: "samples/floorplan.pdf", format: "png"), Case(input: "samples/floorplan.pdf", format: "pdf"),
                        Case(input: "samples/screenshot.png", format: "png"), Case(input: "samples/screenshot.png", format: "pdf")]

    @Test(arguments: cases)
    func theSameBytesAsTheFile(_ c: Case) throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = try Support.pinsFile([(1, 0.3, 0.4), (1, 0.7, 0.2), (1, 0.5, 0.9)], in: dir)
        var options = RenderOptions(input: Support.path(c.input), pins: pins, output: dir.appendingPathComponent("cli.\(c.format)").path)
        options.pages = .list([1])
        _ = try RenderJob(options: options).run()
        let file = try UnnamedFile(label: "render.\(c.format)")
        var job = RenderJob(options: options)
        job.options.pins = "pins"
        job.options.output = "render.\(c.format)"
        job.pinsDocument = try Data(contentsOf: URL(fileURLWithPath: pins))
        job.destination = .file(file)
        _ = try job.run()
        let expected = try Data(contentsOf: URL(fileURLWithPath: options.output))
        #expect(file.size == expected.count)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == expected)
        // Only the command line's output is in the directory: the pins and the result.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["cli.\(c.format)", "pins.json"])
    }

    @Test func aFailureLeavesTheFileEmpty() throws {
        let file = try UnnamedFile(label: "render.png")
        _ = Data("an older render".utf8).withUnsafeBytes { write(file.descriptor, $0.baseAddress, $0.count) }
        var job = RenderJob(options: RenderOptions(input: Support.path("samples/floorplan.pdf"), pins: "pins", output: "render.png"))
        job.pinsDocument = Data(#"{"pins": [{"id": "a", "page": 9}]}"#.utf8)
        job.destination = .file(file)
        #expect(throws: InputError.self) { try job.run() }
        #expect(file.size == 0)
    }

    @Test func moreThanOneFileIsRefused() throws {
        let file = try UnnamedFile(label: "render.png")
        var options = RenderOptions(input: Support.path("samples/floorplan.pdf"), pins: "pins", output: "render.png")
        options.pages = .list([1, 2])
        var job = RenderJob(options: options)
        job.pinsDocument = Data(#"{"pins": []}"#.utf8)
        job.destination = .file(file)
        let pages = #expect(throws: InputError.self) { try job.run() }
        #expect(pages?.source == "page")
        job.options.pages = .list([1])
        job.options.layoutJSON = "layout.json"
        let side = #expect(throws: InputError.self) { try job.run() }
        #expect(side?.source == "--layout-json")
        #expect(file.size == 0)
    }
}
