import Foundation
import Testing

/// Progress on standard error while it is a terminal (run through a pseudo-terminal here):
/// the pages of a PDF export as they are drawn and pinned, and its comments, the stripes of one large PNG page as they are
/// written; the line erased at the end. Nothing when standard error is not a terminal.
@Suite struct ProgressTests {
    /// What `pinrender arguments` writes to its standard error when that is a terminal.
    private func onTerminal(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let run = try Support.run("/usr/bin/python3", [Support.path("Tests/Fixtures/stderr_on_pty.py"), Support.binary] + arguments)
        return (run.status, run.stdout)
    }

    /// The progress lines written, in order (each starts with a carriage return).
    private func lines(_ stderr: String) -> [String] {
        stderr.split(separator: "\r").map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }.filter { !$0.isEmpty }
    }

    /// Runs `arguments` with standard error on a terminal, then on a file: the terminal gets
    /// `expected` lines in order, then the line erased; the file gets nothing.
    private func expectProgress(_ arguments: [String], _ expected: [String]) throws {
        let terminal = try onTerminal(arguments)
        #expect(terminal.status == 0, "\(terminal.stderr)")
        #expect(lines(terminal.stderr) == expected, "\(terminal.stderr.debugDescription)")
        #expect(terminal.stderr.hasSuffix("\r\u{1B}[K"), "the line is not erased: \(terminal.stderr.debugDescription)")
        let plain = try Support.pinrender(arguments)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr.debugDescription)")
    }

    @Test func aPDFExportShowsEachPageAndComment() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = try Support.pinsFile([(1, 0.5, 0.5), (2, 0.3, 0.3)], in: dir)
        try expectProgress(["render", Support.path("samples/floorplan.pdf"), "--pins", pins, "-o", dir.appendingPathComponent("r.pdf").path],
                           (1...4).map { "page \($0)/4" } + (1...4).map { "pins over page \($0)/4" } + ["comment 1/2", "comment 2/2"])
    }

    @Test func aLargeSinglePageShowsItsStripes() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        // 4000 rows: 7 stripes of 600, rounded up to 8.
        let arguments = ["render", "--canvas", "300x4000", "--pins", pins, "-o", dir.appendingPathComponent("tall.png").path]
        try expectProgress(arguments, (1...8).map { "stripe \($0)/8" })
        // A warning after progress starts on a clean line.
        let warned = try onTerminal(arguments + ["--content-id", "other"])
        #expect(warned.stderr.hasSuffix("\r\u{1B}[Kpinrender: warning: --content-id \"other\" matches none of the 1 pins of \(pins) (their contentId: doc)\r\n"),
                "\(warned.stderr.debugDescription)")
    }
}
