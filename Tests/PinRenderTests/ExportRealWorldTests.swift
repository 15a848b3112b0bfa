import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// The review export on the kinds of PDF that broke it on real files (issue 14), from the
/// corpus `Tests/Fixtures/realworld/make_corpus.py` writes: every export checked with qpdf,
/// and with Poppler and MuPDF against its input (``ExportPageCheck``).
@Suite struct ExportRealWorldTests {
    struct Fixture: CustomTestStringConvertible, Sendable {
        var name: String
        var password: String?
        /// Pins MuPDF draws a form field over (it draws widgets after every other annotation).
        var coveredInMuPDF: Set<String> = []
        var testDescription: String { name }
    }

    static let fixtures = [
        // Pins on a text field, a check box, a combo box (p1-p3, p8-p10), a link with a
        // border, a stamp, ink and a filled square, on a plain page and a rotated one.
        Fixture(name: "annotations", coveredInMuPDF: ["p1", "p2", "p3", "p8", "p9", "p10"]),
        Fixture(name: "broken-content"),
        Fixture(name: "huge-number"),
        Fixture(name: "resources"),
        Fixture(name: "owner-rc4"),
        Fixture(name: "owner-aes128"),
        Fixture(name: "user-aes128", password: "user"),
    ]

    static func path(_ name: String) -> String { Support.path("Tests/Fixtures/realworld/\(name)") }

    /// Exports `input` with its pins; returns the export's path and scenes.
    static func export(_ input: String, pins: String, password: String?, in dir: URL,
                       name: String = "export.pdf") throws -> (path: String, scenes: [Scene]) {
        let out = dir.appendingPathComponent(name).path, layout = dir.appendingPathComponent(name + ".json").path
        let result = try Support.pinrender(["render", input, "--pins", pins, "-o", out, "--layout-json", layout]
                                           + (password.map { ["--password", $0] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        struct Layout: Decodable { var pages: [Scene] }
        let scenes = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: layout))).pages
        return (out, scenes)
    }

    static func pins(_ file: String) throws -> [(id: String, page: Int, u: Double, v: Double)] {
        struct Pins: Decodable { struct Pin: Decodable { var id: String; var page: Int; var relativeX: Double; var relativeY: Double }; var pins: [Pin] }
        return try JSONDecoder().decode(Pins.self, from: Data(contentsOf: URL(fileURLWithPath: file))).pins
            .map { ($0.id, $0.page, $0.relativeX, $0.relativeY) }
    }

    @Test(arguments: fixtures)
    func pinsAreVisibleAndThePageUnchanged(_ fixture: Fixture) throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = Self.path(fixture.name + ".pdf"), pins = Self.path(fixture.name + ".pins.json")
        let (out, scenes) = try Self.export(input, pins: pins, password: fixture.password, in: dir)
        let check = try Support.run("/usr/bin/qpdf", ["--check"] + (fixture.password.map { ["--password=\($0)"] } ?? []) + [out])
        #expect(check.status == 0, "qpdf --check: \(check.stdout) \(check.stderr)")
        // Same input, same bytes.
        let (again, _) = try Self.export(input, pins: pins, password: fixture.password, in: dir, name: "again.pdf")
        #expect(FileManager.default.contentsEqual(atPath: out, andPath: again), "two exports differ")
        try ExportPageCheck(input: input, export: out, password: fixture.password, scenes: scenes,
                            covered: [.mupdf: fixture.coveredInMuPDF])
            .run(pins: Self.pins(pins), in: dir)
    }

    /// The page's annotations are all still there, in their order, with their /Rect; the
    /// fields are still the form's fields; the pins come after them, then the comments.
    @Test func theOriginalAnnotationsKeepWorking() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = Self.path("annotations.pdf")
        let (out, _) = try Self.export(input, pins: Self.path("annotations.pins.json"), password: nil, in: dir)
        let before = try ReviewExportTests.Objects(pdf: input), after = try ReviewExportTests.Objects(pdf: out)
        for (old, new) in zip(before.pages, after.pages) {
            let oldAnnots = (before.dict(old)["/Annots"] as? [String]) ?? []
            let newAnnots = (after.dict(new)["/Annots"] as? [String]) ?? []
            #expect(oldAnnots.count == 7 && newAnnots.count > oldAnnots.count)
            for (a, b) in zip(oldAnnots, newAnnots) {
                let x = before.dict(a), y = after.dict(b)
                #expect(x["/Subtype"] as? String == y["/Subtype"] as? String)
                #expect(x["/Rect"] as? [Double] == y["/Rect"] as? [Double], "\(x) became \(y)")
                #expect(x["/FT"] as? String == y["/FT"] as? String)
            }
            let ours = newAnnots.dropFirst(oldAnnots.count).map { after.dict($0)["/Subtype"] as? String }
            #expect(ours.first == "/Watermark", "the pins are not the first annotation after the page's own: \(ours)")
            #expect(ours.dropFirst().allSatisfy { $0 != "/Watermark" })
            let overlay = after.dict(newAnnots[oldAnnots.count])
            #expect(overlay["/F"] as? Int == 4 | 64 | 128 | 512, "Print, ReadOnly, Locked, LockedContents")
        }
        let fields = { (objects: ReviewExportTests.Objects) in
            (objects.dict(objects.catalog["/AcroForm"])["/Fields"] as? [String] ?? []).map { objects.dict($0)["/T"] as? String }
        }
        #expect(fields(after) == fields(before) && fields(after).count == 6)
    }

    /// Encrypted inputs keep their encryption (method, permissions, passwords): R4 AES
    /// and RC4 from the corpus, and AES-256 (R6) made now, whose salts are random.
    @Test func encryptionIsKeptWithTheSameBytesEachTime() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let r6 = dir.appendingPathComponent("owner-aes256.pdf").path
        _ = try Support.tool("qpdf", [Self.path("resources.pdf"), r6, "--encrypt", "", "owner", "256",
                                      "--print=low", "--modify=none", "--"])
        let cases: [(String, String?)] = [(Self.path("owner-rc4.pdf"), nil), (Self.path("owner-aes128.pdf"), nil),
                                          (Self.path("user-aes128.pdf"), "user"), (r6, nil)]
        for (input, password) in cases {
            let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
            let (out, _) = try Self.export(input, pins: pins, password: password, in: dir)
            let (again, _) = try Self.export(input, pins: pins, password: password, in: dir, name: "again.pdf")
            #expect(FileManager.default.contentsEqual(atPath: out, andPath: again), "\(input): two exports differ")
            let show = { (file: String) in
                try Support.tool("qpdf", ["--show-encryption"] + (password.map { ["--password=\($0)"] } ?? []) + [file])
                    .split(separator: "\n").filter { !$0.hasPrefix("Supplied password") }
            }
            #expect(try show(out) == show(input), "\(input): the encryption changed")
            // A user password is still needed, and the owner password still unlocks it.
            if password != nil {
                #expect(try Support.run("/usr/bin/qpdf", ["--check", out]).status != 0, "opens without the password")
            }
            #expect(try Support.run("/usr/bin/qpdf", ["--check", "--password=owner", out]).status == 0)
            // The ID: the original's first half, then a digest of this file (not qpdf's fixed one).
            let bytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: out)), as: UTF8.self)
            #expect(bytes.contains("/ID [<") && !bytes.contains("><31415926535897932384626433832795>]"))
        }
    }

    /// A file with a user password: refused without it or with a wrong one (exit 2, nothing
    /// written); the owner password opens it too, and the export still asks for the user's.
    @Test func aUserPasswordIsNeededAndTheOwnersWorksToo() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = Self.path("user-aes128.pdf"), pins = Self.path("user-aes128.pins.json")
        let out = dir.appendingPathComponent("out.pdf").path
        for password in [nil, "wrong"] {
            let result = try Support.pinrender(["render", input, "--pins", pins, "-o", out] + (password.map { ["--password", $0] } ?? []))
            #expect(result.status == 2 && result.stderr.contains("user-aes128.pdf") && result.stderr.contains("password"),
                    "\(result.status): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let (export, _) = try Self.export(input, pins: pins, password: "owner", in: dir)
        #expect(try Support.run("/usr/bin/qpdf", ["--check", export]).status != 0, "opens without the password")
        #expect(try Support.run("/usr/bin/qpdf", ["--check", "--password=user", export]).status == 0)
    }

    /// Resources holding a 100,000-digit integer: qpdf cannot read that object and writes it as
    /// null, so the export's page loses its font. The export goes on, saying so on stderr.
    @Test func anObjectQpdfCannotReadIsNamedInAWarning() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let content = "BT /F1 24 Tf 72 700 Td (Original text) Tj ET\n"
        let input = dir.appendingPathComponent("integer.pdf")
        try Support.writePDF([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources 6 0 R >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Font << /F1 5 0 R >> /Huge \(String(repeating: "9", count: 100_000)) >>",
        ], to: input)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.pdf").path
        let result = try Support.pinrender(["render", input.path, "--pins", pins, "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let warning = result.stderr.split(separator: "\n").first { $0.contains("qpdf") }
        #expect(warning?.contains("integer.pdf") == true && warning?.contains("object 6") == true, "\(result.stderr.prefix(500))")
        #expect(result.stderr.count < 1000, "the warning quotes the whole number")
    }
}
