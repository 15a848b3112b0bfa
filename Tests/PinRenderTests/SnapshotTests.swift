import Foundation
import Testing
import XCTest
import PinRender
import PinRenderGraphics
import PinSnapshot

/// `pinrender snapshot` over the samples with committed references, record modes, a one
/// pixel pin move caught and named, and the Swift helper.
@Suite struct SnapshotTests {
    static let manifest = Support.path("Tests/Snapshots/snapshots.json")
    static let references = Support.path("Tests/Snapshots/__snapshots__")

    @Test func theSamplesMatchTheirReferences() throws {
        let result = try Support.pinrender(["snapshot", Self.manifest, "--record", "never"], environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("9 passed, 0 failed"))
    }

    @Test func aOnePixelPinMoveIsCaughtAndNamed() throws {
        let dir = try Support.scratch()
        // The first sample case with pin p1 moved one output pixel right (60 dpi: 1/992.5 of the width).
        var pins = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Support.path("samples/pins/floorplan-few.json")))) as! [String: Any]
        var list = pins["pins"] as! [[String: Any]]
        let index = list.firstIndex { $0["id"] as? String == "p1" }!
        list[index]["relativeX"] = (list[index]["relativeX"] as! Double) + 1 / 992.5
        pins["pins"] = list
        try JSONSerialization.data(withJSONObject: pins).write(to: dir.appendingPathComponent("moved.json"))
        let manifest = """
        {"cases": [{"name": "plan-page1", "input": "\(Support.path("samples/floorplan.pdf"))", "pins": "moved.json", "page": 1, "dpi": 60}]}
        """
        try Data(manifest.utf8).write(to: dir.appendingPathComponent("m.json"))
        let artifacts = dir.appendingPathComponent("artifacts").path
        let result = try Support.pinrender(["snapshot", dir.appendingPathComponent("m.json").path, "--dir", Self.references,
                                            "--artifacts", artifacts, "--record", "never"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("pin p1 moved 1.0 px"), "\(result.stdout)")
        for suffix in ["expected.png", "actual.png", "diff.png", "report.txt"] {
            #expect(FileManager.default.fileExists(atPath: "\(artifacts)/plan-page1.\(suffix)"), "no \(suffix)")
        }
        // The committed reference is untouched by a failure in "never" mode.
        let check = try Support.pinrender(["snapshot", Self.manifest, "--record", "never", "--only", "plan-page1"])
        #expect(check.status == 0)
    }

    @Test func recordModesAndCI() throws {
        let dir = try Support.scratch()
        let manifest = """
        {"cases": [{"name": "blank", "canvas": "200x100", "pins": "\(Support.path("samples/pins/screenshot.json"))"}]}
        """
        let path = dir.appendingPathComponent("m.json").path
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: path))
        let underCI = try Support.pinrender(["snapshot", path], environment: ["CI": "true", "PINRENDER_RECORD": nil])
        #expect(underCI.status == 1 && underCI.stdout.contains("CI is set"), "\(underCI.stdout)")
        let reference = dir.appendingPathComponent("__snapshots__/blank.png").path
        #expect(!FileManager.default.fileExists(atPath: reference))
        // The failure's advice works under CI: a mode asked for explicitly records.
        let recorded = try Support.pinrender(["snapshot", path], environment: ["CI": "true", "PINRENDER_RECORD": "missing"])
        #expect(recorded.status == 0 && recorded.stdout.contains("recorded blank"), "\(recorded.stdout)")
        #expect(FileManager.default.fileExists(atPath: reference))
        let again = try Support.pinrender(["snapshot", path, "--record", "never"], environment: ["CI": "true"])
        #expect(again.status == 0 && again.stdout.contains("ok blank"))
        let bad = try Support.pinrender(["snapshot", path], environment: ["PINRENDER_RECORD": "sometimes"])
        #expect(bad.status == 2 && bad.stderr.contains("PINRENDER_RECORD"))
        try Data("{\"cases\": [{\"name\": \"x\"}]}".utf8).write(to: URL(fileURLWithPath: path))
        let broken = try Support.pinrender(["snapshot", path])
        #expect(broken.status == 2 && broken.stderr.contains("pins"), "\(broken.stderr)")
    }

    /// A manifest's cases are checked as the command line is, before anything is rendered or
    /// written: a bad field is one line naming the case and the field.
    @Test func aBadCaseFieldIsNamedAndNothingIsWritten() throws {
        let dir = try Support.scratch()
        let pins = Support.path("samples/pins/screenshot.json")
        for (field, message) in [(#""canvas": "0x10""#, "cases[1].canvas: needs WxH, e.g. 390x844"),
                                 (#""canvas": "100x100", "dpi": 0"#, "cases[1].dpi: needs a positive number"),
                                 (#""canvas": "100x100", "zoom": 2"#, "cases[1]: zoom, offset, focus and safeArea need device"),
                                 (#""canvas": "100x100", "dpl": 72"#, "cases[1].dpl: unknown field")] {
            let manifest = """
            {"cases": [{"name": "good", "canvas": "100x100", "pins": "\(pins)"},
                       {"name": "bad", \(field), "pins": "\(pins)"}]}
            """
            let path = dir.appendingPathComponent("m.json").path
            try Data(manifest.utf8).write(to: URL(fileURLWithPath: path))
            let result = try Support.pinrender(["snapshot", path, "--record", "all"])
            #expect(result.stderr.hasPrefix("pinrender: \(path): \(message)") && result.stderr.split(separator: "\n").count == 1,
                    "\(field): \(result.stderr)")
            #expect(result.status == 2 && result.stdout.isEmpty, "\(field): \(result.stdout)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["m.json"])
        }
    }

    /// The helper library, as a test suite of pinrender's own uses it.
    @Test func helperMatchesAndReportsPins() throws {
        var options = RenderOptions(input: Support.path("samples/screenshot.png"), pins: Support.path("samples/pins/screenshot.json"),
                                    output: "")
        options.size = .fit(width: 300, height: nil)
        let (image, layout) = try renderSnapshot(options)
        assertSnapshot(of: image, layout: layout, named: "screenshot-300", record: nil)
        // One marker shifted by 3 pixels fails, and the error names the pin.
        var moved = image.rgba
        let width = image.width
        for y in 0..<image.height {
            for x in stride(from: width - 1, through: 3, by: -1) {
                let i = (y * width + x) * 4, j = (y * width + x - 3) * 4
                if y > 100 && y < 140 { for c in 0..<4 { moved[i + c] = image.rgba[j + c] } }
            }
        }
        let shifted = PixelBuffer(width: image.width, height: image.height, rgba: moved)
        #expect(throws: SnapshotError.self) {
            try verifySnapshot(of: shifted, named: "screenshot-300", record: SnapshotMode.never)
        }
    }

    /// A failing snapshot is reported at the line that asserts it, in this file, as
    /// `#expect` is (a thrown error was reported at the test, or `<EXPR>:0` by XCTest).
    @Test func aFailureIsReportedAtTheCallersLine() {
        let blank = PixelBuffer(width: 8, height: 8, rgba: [UInt8](repeating: 255, count: 8 * 8 * 4))
        let line = #line + 2
        withKnownIssue {
            assertSnapshot(of: blank, named: "screenshot-300", record: .never)
        } matching: { issue in
            issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
                && "\(issue)".contains("screenshot-300")
        }
    }
}

/// The same under XCTest: the failure carries the caller's file and line.
final class SnapshotXCTestLocationTests: XCTestCase {
    /// Failures caught instead of recorded, while `capturing`.
    private var failures: [(description: String, file: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        failures.append((description, filePath, lineNumber))
    }

    func testAFailureIsReportedAtTheCallersLine() {
        let blank = PixelBuffer(width: 8, height: 8, rgba: [UInt8](repeating: 255, count: 8 * 8 * 4))
        capturing = true
        let line = #line; assertSnapshot(of: blank, named: "screenshot-300", record: .never)
        capturing = false
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.file, "\(#filePath)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("screenshot-300") ?? false, "\(failures)")
    }
}
