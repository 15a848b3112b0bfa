import Foundation
import PinRender
import PinRenderCore

/// The version `pinrender --version` prints.
public let version = "0.1.0"
public let versionLine = "pinrender \(version)"

/// The date of this version, as the manual pages give it: change it with ``version``.
public let releaseDate = "2026-12-01"

/// The commands as `pinrender --help` lists them: the name, the rest of the command line,
/// what it does.
private let commandList = [
    ("render", "INPUT --pins PINS -o OUT [options]", "annotated PNG or PDF"),
    ("render", "INPUT --pins PINS -o OUT --device NAME [--zoom Z] [--focus ID]", "what one screen shows"),
    ("preview", "INPUT --pins PINS --devices LIST -o SHEET.png", "screens side by side"),
    ("draw", "LAYOUT.json [INPUT] -o OUT", "a layout file drawn again, the same bytes"),
    ("devices", "", "the screen presets"),
    ("diff", "EXPECTED ACTUAL [-o DIFF.png] [--json]", "compare renders (exit 1 when different)"),
    ("carry", "OLD NEW --pins PINS -o CARRIED.json [--report R]", "pins carried to a new revision"),
    ("snapshot", "MANIFEST.json [--record MODE]", "snapshot tests of render cases"),
    ("cluster", "PINS [--zoom Z] [--json]", "clusters per zoom"),
    ("batch", "MANIFEST.jsonl [--shard I/N]", "every line of a manifest, resumably"),
    ("import", "INPUT [--format pdf|xfdf|w3c] -o PINS.json", "other tools' comments as pins"),
    ("export", "PINS --format xfdf|w3c [--document DOC] -o OUT", "pins as XFDF or W3C annotations"),
    ("serve", "[--data DIR] [--db URI] [--listen HOST:PORT]", "the pin service: REST, live events, renders"),
    ("render-worker", "--db URI [--data DIR]", "renders of serve --db, on any machine"),
    ("pins", "add|edit|list|sync|watch --store FILE", "pins offline, synced with a server, live"),
]

/// `pinrender --help`, and the page pinrender(1).
let mainManual: Manual = {
    var manual = Manual(pinrender: nil, summary: "comment pins on PDF pages and images", synopsis: [
        "pinrender COMMAND [options]",
        "pinrender COMMAND --help",
        "pinrender --version",
    ], description: [
        .paragraph("""
            pinrender draws comment pins (markers, clusters, tooltips, reply threads) on PDF pages,
            PNG and JPEG images and blank canvases, as PNG or as PDF with real PDF comments. Each
            command has its own help (pinrender COMMAND --help, or man pinrender-COMMAND).
            """),
        .paragraph("serve, pins, and pins from a URL or a store are run by pinrender-net, installed beside pinrender."),
    ], sections: [
        Manual.Section(title: "COMMANDS", blocks: [.definitions(commandList.map { name, rest, summary in
            Manual.Definition("pinrender \(name)\(rest.isEmpty ? "" : " " + rest)", summary)
        }, column: 57)]),
    ], exitStatus: [
        Manual.Definition("0", "done"),
        Manual.Definition("2", "bad usage or bad input (one line on standard error, nothing written)"),
    ], examples: [
        Manual.Example("mkdir -p out"),
        Manual.Example("pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-few.json -o out/plan.png"),
    ])
    var listed = Set<String>()
    manual.seeAlso = commandList.map { "pinrender-" + $0.0 }.filter { listed.insert($0).inserted }
    return manual
}()

/// A command of `pinrender`: its manual and what it does.
public protocol Command {
    /// What `pinrender COMMAND --help` prints, and its pages.
    static var manual: Manual { get }
    /// Runs with the words after the command's name, which do not ask for help; returns
    /// the exit status.
    static func run(_ words: [String]) throws -> Int32
}

/// Prints a warning line on standard error.
public func warn(_ message: String) {
    FileHandle.standardError.write(Data("pinrender: warning: \(message)\n".utf8))
}

/// Ends the process for a job stuck past --timeout or --max-memory in a call that cannot be interrupted
/// (its temporary files already removed): the message, exit status 2. `_exit`, not `exit`:
/// other threads are still inside Poppler or qpdf, whose static objects `exit` would
/// destroy under them.
@Sendable public func endOnTimeout(_ error: LimitError) -> Never {
    FileHandle.standardError.write(Data("pinrender: \(error)\n".utf8))
    _exit(2)
}

/// The `pinrender` command line in one program: the commands it holds, and the program beside
/// it that runs the rest.
///
/// `pinrender` holds the commands that read and write files and links no network or database
/// library (a render starts faster and smaller without them); `pinrender-net`, built from the
/// same modules, holds them all. `pinrender` runs `pinrender-net` in its place (``Sibling``)
/// for `serve` and `pins`, and for a command whose parsed options take pins from a URL or a
/// store, so both take the same command lines.
public struct Program {
    /// The commands this program runs itself, by name.
    public var commands: [String: any Command.Type]
    /// The program that runs the rest; nil in that program.
    public var sibling: Sibling?

    /// The program beside this one (in the same folder) that runs what this one does not link.
    public struct Sibling {
        /// Its file name, e.g. `pinrender-net`.
        public var name: String
        /// The commands only it holds.
        public var commands: Set<String>

        public init(name: String, commands: Set<String>) {
            self.name = name
            self.commands = commands
        }
    }

    /// The commands that need only files: render, preview, draw, devices, diff, snapshot,
    /// cluster, batch, import, export and carry.
    public static var fileCommands: [String: any Command.Type] {
        ["render": RenderCommand.self, "preview": PreviewCommand.self, "draw": DrawCommand.self, "devices": DevicesCommand.self,
         "diff": DiffCommand.self, "snapshot": SnapshotCommand.self, "cluster": ClusterCommand.self,
         "batch": BatchCommand.self, "import": ImportCommand.self, "export": ExportCommand.self, "carry": CarryCommand.self]
    }

    /// - Parameters:
    ///   - commands: the commands it runs itself, by name.
    ///   - sibling: the program that runs the rest, nil in that program.
    public init(commands: [String: any Command.Type], sibling: Sibling?) {
        self.commands = commands
        self.sibling = sibling
    }

    /// Runs the command line `arguments` (the program's name first); returns the exit status.
    public func run(_ arguments: [String]) -> Int32 {
        AddressSpaceLimit.fitHeaps()
        let words = Array(arguments.dropFirst())
        do {
            if let sibling, let name = words.first == "help" ? words.dropFirst().first(where: { !$0.hasPrefix("-") }) : words.first,
               sibling.commands.contains(name) {
                return handOff(arguments, to: sibling, for: name)
            }
            switch words.first {
            case nil, "--help", "-h":
                print(mainManual.help)
                return words.isEmpty ? 2 : 0
            case "help":
                return try help(Array(words.dropFirst()))
            case "--version":
                print(versionLine)
                return 0
            case let name?:
                let command = try command(name)
                let rest = Array(words.dropFirst())
                if rest.contains("--help") || rest.contains("-h") {
                    print(command.manual.help)
                    return 0
                }
                if rest.contains("--version") {
                    print(versionLine)
                    return 0
                }
                return try command.run(rest)
            }
        } catch let error as RemotePinsUnavailable {
            if let sibling { return handOff(arguments, to: sibling, for: "--pins \(error.source)") }
            return fail(error)
        } catch {
            return fail(error)
        }
    }

    private func command(_ name: String) throws -> any Command.Type {
        guard let command = commands[name] else { throw InputError.usage("unknown command \(name)") }
        return command
    }

    /// `pinrender help [COMMAND]` is `pinrender [COMMAND] --help`. For `make docs` and
    /// `make install`: `--man` prints the page as roff, `--markdown` as Markdown, and
    /// `help --commands` the name of every command, one a line.
    private func help(_ words: [String]) throws -> Int32 {
        let flags = words.filter { $0.hasPrefix("-") }, names = words.filter { !$0.hasPrefix("-") }
        guard names.count <= 1, flags.count <= 1 else { throw InputError.usage("help takes one COMMAND") }
        if flags == ["--commands"] {
            guard names.isEmpty else { throw InputError.usage("help --commands takes no COMMAND") }
            print(Set(commands.keys).union(sibling?.commands ?? []).sorted().joined(separator: "\n"))
            return 0
        }
        let manual = try names.first.map { try command($0).manual } ?? mainManual
        switch flags.first {
        case nil: print(manual.help)
        case "--man": print(manual.roff, terminator: "")
        case "--markdown": print(manual.markdown, terminator: "")
        case let flag?: throw InputError.usage("help has no option \(flag): --man, --markdown or --commands")
        }
        return 0
    }

    /// This process's program file, symbolic links resolved: what the folders beside it are
    /// found from (`pinrender-net`, the installed samples).
    public static var executable: URL {
        URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    }

    /// Prints the one line of `error`; returns exit status 2.
    private func fail(_ error: any Error) -> Int32 {
        FileHandle.standardError.write(Data("pinrender: \(commandLineMessage(error))\n".utf8))
        return 2
    }

    /// Runs `sibling` in place of this process with the same arguments (`execv`: the same
    /// process id, standard streams and environment). Returns only when it cannot be run:
    /// exit status 2, after one line naming what needs it and where it was looked for.
    private func handOff(_ arguments: [String], to sibling: Sibling, for what: String) -> Int32 {
        let path = Self.executable.deletingLastPathComponent().appendingPathComponent(sibling.name).path
        let argv = arguments.map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        FileHandle.standardError.write(Data("""
            pinrender: \(what) is run by \(sibling.name), which should be beside pinrender, but \(path) cannot \
            be run (\(reason)): install both programs in the same folder\n
            """.utf8))
        return 2
    }
}
