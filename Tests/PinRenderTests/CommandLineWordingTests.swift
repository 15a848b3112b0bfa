import Foundation
import Testing

/// What the command line says when it is asked for help or given something wrong, as a
/// new user meets it (issue 15): the real binary, its exit status and its one line.
@Suite struct CommandLineWordingTests {
    /// `pinrender help COMMAND` is `pinrender COMMAND --help`, for every command.
    @Test func helpCommandPrintsThatCommandsHelp() throws {
        for command in ["render", "preview", "devices", "diff", "snapshot", "cluster"] {
            let viaHelp = try Support.pinrender(["help", command])
            let viaFlag = try Support.pinrender([command, "--help"])
            #expect(viaHelp.status == 0 && viaFlag.status == 0, "\(command): \(viaHelp.stderr)")
            #expect(viaHelp.stdout == viaFlag.stdout, "help \(command) is not \(command) --help")
        }
        let unknown = try Support.pinrender(["help", "frobnicate"])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty && unknown.stderr.contains("frobnicate"))
    }

    /// `--version` after a command prints the version, as before one.
    @Test func versionAfterACommandPrintsTheVersion() throws {
        let plain = try Support.pinrender(["--version"])
        for command in ["render", "preview", "diff", "snapshot", "cluster", "devices"] {
            let run = try Support.pinrender([command, "--version"])
            #expect(run.status == 0 && run.stdout == plain.stdout && run.stderr.isEmpty, "\(command): \(run.stderr)")
        }
    }
}
