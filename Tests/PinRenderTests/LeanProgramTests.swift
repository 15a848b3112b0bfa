import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// `pinrender` links no network or database library and runs `pinrender-net`, from its own
/// folder, for what needs one: `serve`, `pins`, and pins from a URL or a store. (That these
/// work through `pinrender` is what the REST, sync and service tests show: they all run it.)
@Suite struct LeanProgramTests {
    /// The libraries a program asks the loader for (readelf's NEEDED entries).
    private func needed(_ program: String) throws -> [String] {
        try Support.tool("readelf", ["-d", program]).split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else {
                return nil
            }
            return String(line[line.index(after: open)..<close])
        }
    }

    private static let networkLibraries = ["libsoup", "libsqlite3", "libpq", "libcurl", "libFoundationNetworking"]

    @Test func pinrenderLinksNoNetworkOrDatabaseLibrary() throws {
        let lean = try needed(Support.binary)
        #expect(lean.contains { $0.hasPrefix("libpoppler-glib") }, "\(lean)")
        for library in Self.networkLibraries {
            #expect(!lean.contains { $0.hasPrefix(library) }, "pinrender needs \(library): \(lean)")
        }
        // The sibling holds them (and so this reading of readelf sees them where they are).
        let sibling = URL(fileURLWithPath: Support.binary).deletingLastPathComponent().appendingPathComponent("pinrender-net")
        let full = try needed(sibling.path)
        for library in ["libsoup", "libsqlite3", "libpq"] {
            #expect(full.contains { $0.hasPrefix(library) }, "pinrender-net lacks \(library): \(full)")
        }
    }

    /// No program links FoundationNetworking, and so libcurl (a fresh Debian machine has no
    /// libcurl to link): every HTTP request, the tests' own included, goes through
    /// PinPlatform's libsoup client. `ldd` lists every library the loader maps, those that
    /// other libraries need included; the test binary holds every test target.
    @Test func noProgramLinksCurl() throws {
        let folder = URL(fileURLWithPath: Support.binary).deletingLastPathComponent()
        let tests = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        for program in [Support.binary, folder.appendingPathComponent("pinrender-net").path, tests] {
            let loaded = try Support.tool("ldd", [program])
            #expect(loaded.contains("libsoup") || program == Support.binary, "\(program): \(loaded)")
            for library in ["libcurl", "libFoundationNetworking"] {
                #expect(!loaded.contains(library), "\(program) loads \(library): \(loaded)")
            }
        }
    }

    /// `pinrender` copied alone into a folder: what needs pinrender-net fails with one line
    /// naming it and where it was looked for, exit status 2, nothing written; the rest works.
    @Test func withoutItsSiblingOneClearLine() throws {
        let dir = try Support.scratch()
        let alone = dir.appendingPathComponent("pinrender").path
        try FileManager.default.copyItem(atPath: Support.binary, toPath: alone)
        let out = dir.appendingPathComponent("out.png").path
        let pins = try Support.pinsFile([(page: 1, u: 0.5, v: 0.5)], in: dir)
        let manifest = dir.appendingPathComponent("project.jsonl")
        try Data("""
            {"canvas": "40x30", "pins": "\(pins)", "output": "a.png"}
            {"canvas": "40x30", "pins": "https://example.invalid/pins", "output": "b.png"}

            """.utf8).write(to: manifest)
        let cases: [(arguments: [String], what: String)] = [
            (["serve", "--listen", "nowhere"], "serve"),
            (["serve", "--help"], "serve"),
            (["help", "pins"], "pins"),
            (["pins", "list", "--store", dir.appendingPathComponent("s.pins").path], "pins"),
            (["render", "--canvas", "40x30", "--pins", "https://user:secret@example.invalid/p?token=t", "-o", out],
             "--pins https://user:***@example.invalid/p"),
            (["render", "--canvas", "40x30", "--pins", "store:" + dir.appendingPathComponent("s.pins").path, "-o", out],
             "--pins store:"),
            (["preview", "--canvas", "40x30", "--pins", "http://example.invalid/p", "--devices", "iphone-se", "-o", out],
             "--pins http://example.invalid/p"),
            (["cluster", "http://example.invalid/p", "--json"], "--pins http://example.invalid/p"),
            (["batch", manifest.path], "--pins https://example.invalid/pins"),
        ]
        for (arguments, what) in cases {
            let run = try Support.run(alone, arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("pinrender: \(what)"), "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("pinrender-net") && run.stderr.contains(dir.appendingPathComponent("pinrender-net").path),
                    "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("secret") && !run.stderr.contains("token=t"), "\(run.stderr)")
            #expect(run.stdout.isEmpty, "\(arguments): \(run.stdout)")
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) wrote \(out)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("a.png").path), "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.pins").path), "\(arguments)")
        }
        // A render from files needs nothing beside it, even with an argument that looks like a URL.
        let run = try Support.run(alone, ["render", "--canvas", "40x30", "--pins", pins, "--content-id", "https://example.invalid/c",
                                          "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PixelBuffer(pngAt: out)
        #expect((image.width, image.height) == (40, 30))
    }

    /// The sibling answers through `pinrender` with the same arguments: its help, and a
    /// store's pins drawn by a render.
    @Test func handsOffWithTheSameArguments() throws {
        let help = try Support.pinrender(["serve", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("pinrender serve:"), "\(help.stderr)")
        let dir = try Support.scratch()
        let store = dir.appendingPathComponent("site.pins").path
        let add = try Support.pinrender(["pins", "add", "--store", store, "--content", "c", "--at", "0.5,0.5", "--text", "here"])
        #expect(add.status == 0, "\(add.stderr)")
        let out = dir.appendingPathComponent("store.png").path
        let run = try Support.pinrender(["render", "--canvas", "60x60", "--pins", "store:" + store, "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try PixelBuffer(pngAt: out).count(of: markerFill) > 0, "the store's pin is drawn")
    }
}
