import Foundation
import Testing

/// The reference pages (docs/reference) and the man pages are the program's own, made from
/// the data its `--help` prints: `pinrender help --markdown|--man [COMMAND]`.
@Suite struct ReferencePageTests {
    /// Every command, as `pinrender help --commands` names them (serve, pins and render-worker through pinrender-net).
    static func commands() throws -> [String] {
        let run = try Support.pinrender(["help", "--commands"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// docs/reference holds one page per command and one for pinrender, each what the program
    /// prints now (`make docs` after changing a help).
    @Test func theReferencePagesAreTheProgramsOwn() throws {
        let commands = try Self.commands()
        #expect(Set(commands) == ["render", "preview", "draw", "devices", "diff", "carry", "snapshot", "cluster", "batch", "import", "export", "serve", "pins",
                                  "render-worker"])
        let folder = Support.path("docs/reference")
        let pages = [nil] + commands.map(Optional.some)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }
        #expect(Set(files) == Set(pages.map { "pinrender\($0.map { "-" + $0 } ?? "").md" }), "make docs")
        for command in pages {
            let name = "pinrender\(command.map { "-" + $0 } ?? "").md"
            let run = try Support.pinrender(["help", "--markdown"] + [command].compactMap { $0 })
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let committed = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            #expect(committed == run.stdout, "docs/reference/\(name) is not what the program prints: make docs")
        }
    }

    /// Each man page has the sections of one and every option its --help lists.
    @Test func everyManPageHasTheSectionsAndTheOptionsOfTheHelp() throws {
        for command in try Self.commands() {
            let page = try Support.pinrender(["help", "--man", command])
            #expect(page.status == 0 && page.stderr.isEmpty, "\(command): \(page.stderr)")
            for line in [".TH PINRENDER\\-\(command.uppercased().replacingOccurrences(of: "-", with: "\\-")) 1", ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION",
                         ".SH \"EXIT STATUS\"", ".SH EXAMPLES", ".BR pinrender (1)"] {
                #expect(page.stdout.contains("\n" + line), "\(command): no \(line)")
            }
            let help = try Support.pinrender([command, "--help"])
            let options = help.stdout.split(separator: "\n").filter { $0.hasPrefix("  --") }.map { $0.split(separator: " ")[0] }
            for option in options {
                let term = "\\fB" + option.replacingOccurrences(of: "-", with: "\\-")
                #expect(page.stdout.contains(term), "\(command): \(option) is in --help, not in the man page")
            }
            #expect(command == "devices" || !options.isEmpty, "\(command): no option read from its help")
        }
        let main = try Support.pinrender(["help", "--man"])
        #expect(main.stdout.contains(".SH COMMANDS") && main.stdout.contains(".BR pinrender\\-serve (1),"), "\(main.stdout)")
    }

    /// The format flags go anywhere after help; anything else is refused with one line.
    @Test func helpTakesAFormatAndOneCommand() throws {
        let before = try Support.pinrender(["help", "--man", "pins"])
        let after = try Support.pinrender(["help", "pins", "--man"])
        #expect(before.status == 0 && before.stdout == after.stdout && before.stdout.hasPrefix(#".\" Generated"#))
        for words in [["help", "--roff", "render"], ["help", "--commands", "render"], ["help", "--man", "render", "diff"],
                      ["help", "--man", "--markdown"], ["help", "--man", "frobnicate"]] {
            let run = try Support.pinrender(words)
            #expect(run.status == 2 && run.stdout.isEmpty && run.stderr.split(separator: "\n").count == 1, "\(words): \(run.stderr)")
        }
    }
}
