import Foundation
import PinRender
import PinRenderCore

/// The version `pinrender --version` prints.
let version = "0.1.0"
let versionLine = "pinrender \(version)"

let mainHelp = """
pinrender \(version): comment pins on PDF pages and images

USAGE
  pinrender render INPUT --pins PINS -o OUT [options]   annotated PNG or PDF
  pinrender render INPUT --pins PINS -o OUT --device NAME [--zoom Z] [--focus ID]
                                                         what one screen shows
  pinrender preview INPUT --pins PINS --devices LIST -o SHEET.png
                                                         screens side by side
  pinrender devices                                      the screen presets
  pinrender diff EXPECTED ACTUAL [-o DIFF.png] [--json]   compare renders (exit 1 when different)
  pinrender snapshot MANIFEST.json [--record MODE]        snapshot tests of render cases
  pinrender cluster PINS [--zoom Z] [--json]              clusters per zoom
  pinrender batch MANIFEST.jsonl [--shard I/N]            every line of a manifest, resumably
  pinrender serve [--data DIR] [--db URI] [--listen ADDR]   the pin service: REST, live events, renders
  pinrender pins add|edit|list|sync|watch --store FILE   pins offline, synced with a server, live
  pinrender --version
  pinrender COMMAND --help                               details and examples

EXAMPLE
  pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-few.json -o out/plan.png

Exit status: 0 done; 2 bad usage or bad input (one line on standard error, nothing written).
"""

/// A command of `pinrender`: its help and what it does.
protocol Command {
    /// What `pinrender COMMAND --help` prints.
    static var help: String { get }
    /// Runs with the words after the command's name, which do not ask for help; returns
    /// the exit status.
    static func run(_ words: [String]) throws -> Int32
}

/// Prints a warning line on standard error.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("pinrender: warning: \(message)\n".utf8))
}

/// Ends the process for a job stuck past --timeout or --max-memory in a call that cannot be interrupted
/// (its temporary files already removed): the message, exit status 2. `_exit`, not `exit`:
/// other threads are still inside Poppler or qpdf, whose static objects `exit` would
/// destroy under them.
@Sendable func endOnTimeout(_ error: LimitError) -> Never {
    FileHandle.standardError.write(Data("pinrender: \(error)\n".utf8))
    _exit(2)
}

func main() -> Int32 {
    let words = Array(CommandLine.arguments.dropFirst())
    let commands: [String: any Command.Type] = [
        "render": RenderCommand.self, "preview": PreviewCommand.self, "devices": DevicesCommand.self,
        "diff": DiffCommand.self, "snapshot": SnapshotCommand.self, "cluster": ClusterCommand.self,
        "batch": BatchCommand.self, "serve": ServeCommand.self, "pins": PinsCommand.self,
    ]
    do {
        func command(_ name: String) throws -> any Command.Type {
            guard let command = commands[name] else { throw InputError.usage("unknown command \(name)") }
            return command
        }
        switch words.first {
        case nil, "--help", "-h":
            print(mainHelp)
            return words.isEmpty ? 2 : 0
        case "help":
            // `pinrender help render` is `pinrender render --help`.
            print(try words.dropFirst().first.map { try command($0).help } ?? mainHelp)
            return 0
        case "--version":
            print(versionLine)
            return 0
        case let name?:
            let command = try command(name)
            let rest = Array(words.dropFirst())
            if rest.contains("--help") || rest.contains("-h") {
                print(command.help)
                return 0
            }
            if rest.contains("--version") {
                print(versionLine)
                return 0
            }
            return try command.run(rest)
        }
    } catch {
        FileHandle.standardError.write(Data("pinrender: \(commandLineMessage(error))\n".utf8))
        return 2
    }
}

exit(main())
