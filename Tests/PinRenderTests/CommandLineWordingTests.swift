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

    /// An unknown device is blamed on the option given (`--devices` for preview, `--device`
    /// for render) and the closest preset is suggested, orientation kept.
    @Test func anUnknownDeviceNamesTheOptionGivenAndTheClosestPreset() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pins = Support.path("samples/pins/floorplan-few.json"), plan = Support.path("samples/floorplan.pdf")
        let sheet = dir.appendingPathComponent("sheet.png").path
        let preview = try Support.pinrender(["preview", plan, "--pins", pins, "--devices", "iphone-se,iphone-16", "-o", sheet])
        #expect(preview.status == 2 && preview.stderr.hasPrefix("pinrender: --devices: unknown device \"iphone-16\""), "\(preview.stderr)")
        #expect(preview.stderr.contains("did you mean iphone-15?"), "\(preview.stderr)")
        let render = try Support.pinrender(["render", plan, "--pins", pins, "--device", "ipda-mini@landscape",
                                            "-o", dir.appendingPathComponent("screen.png").path])
        #expect(render.status == 2 && render.stderr.hasPrefix("pinrender: --device: unknown device"), "\(render.stderr)")
        #expect(render.stderr.contains("did you mean ipad-mini@landscape?"), "\(render.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
