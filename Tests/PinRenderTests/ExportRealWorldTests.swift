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
        var testDescription: String { name }
    }

    static let fixtures = [
        // Pins on a text field, a check box, a combo box (p1-p3, p8-p10), a link with a
        // border, a stamp, ink and a filled square, on a plain page and a rotated one: MuPDF
        // draws them above the fields too (small push buttons over the fields, see
        // `theOriginalAnnotationsKeepWorking`).
        Fixture(name: "annotations"),
        Fixture(name: "broken-content"),
        Fixture(name: "huge-number"),
        Fixture(name: "resources"),
        Fixture(name: "owner-rc4"),
        Fixture(name: "owner-aes128"),
        Fixture(name: "user-aes128", password: "user"),
    ]

    static func path(_ name: String) -> String { Support.path("Tests/Fixtures/realworld/\(name)") }

    /// Exports `input` with its pins; returns the export's path and scenes, and what was said on stderr.
    static func export(_ input: String, pins: String, password: String?, in dir: URL,
                       name: String = "export.pdf") throws -> (path: String, scenes: [Scene], stderr: String) {
        let out = dir.appendingPathComponent(name).path, layout = dir.appendingPathComponent(name + ".json").path
        let result = try Support.pinrender(["render", input, "--pins", pins, "-o", out, "--layout-json", layout]
                                           + (password.map { ["--password", $0] } ?? []))
        #expect(result.status == 0, "\(result.stderr)")
        struct Layout: Decodable { var pages: [Scene] }
        let scenes = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: URL(fileURLWithPath: layout))).pages
        return (out, scenes, result.stderr)
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
        let (out, scenes, _) = try Self.export(input, pins: pins, password: fixture.password, in: dir)
        let check = try Support.run("/usr/bin/qpdf", ["--check"] + (fixture.password.map { ["--password=\($0)"] } ?? []) + [out])
        #expect(check.status == 0, "qpdf --check: \(check.stdout) \(check.stderr)")
        // Same input, same bytes.
        let (again, _, _) = try Self.export(input, pins: pins, password: fixture.password, in: dir, name: "again.pdf")
        #expect(FileManager.default.contentsEqual(atPath: out, andPath: again), "two exports differ")
        try ExportPageCheck(input: input, export: out, password: fixture.password, scenes: scenes)
            .run(pins: Self.pins(pins), in: dir)
        // A page without form fields gets no field of ours (PyMuPDF: qpdf's JSON cannot hold a huge number).
        let count = """
            import sys, pymupdf
            document = pymupdf.open(sys.argv[1])
            document.authenticate(sys.argv[2])
            print(" ".join(str(len(list(page.widgets()))) for page in document))
            """
        let widgets = { (file: String) in
            try Support.run("/usr/bin/env", ["python3", "-c", count, file, fixture.password ?? ""]).stdout
                .split(separator: " ").map { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        for (old, new) in zip(try widgets(input), try widgets(out)) where old == 0 {
            #expect(new == 0, "\(fixture.name): a button on a page without fields")
        }
    }

    /// The page's annotations are all still there, in their order, with their /Rect; the
    /// fields are still the form's fields, with their names, values, rects and flags (PyMuPDF);
    /// the pins come after them, then the comments. Where a pin's marks lie on a field, a
    /// small read-only push button, one of the form's last fields, draws them: its /Rect
    /// within the bounds of those marks (grown to whole points), a pin on no field under no
    /// button.
    @Test func theOriginalAnnotationsKeepWorking() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = Self.path("annotations.pdf")
        let (out, scenes, _) = try Self.export(input, pins: Self.path("annotations.pins.json"), password: nil, in: dir)
        let before = try ReviewExportTests.Objects(pdf: input), after = try ReviewExportTests.Objects(pdf: out)
        var buttons: [String] = []
        for (page, (old, new)) in zip(before.pages, after.pages).enumerated() {
            let oldAnnots = (before.dict(old)["/Annots"] as? [String]) ?? []
            let newAnnots = (after.dict(new)["/Annots"] as? [String]) ?? []
            #expect(oldAnnots.count == 7 && newAnnots.count > oldAnnots.count)
            for (a, b) in zip(oldAnnots, newAnnots) {
                let x = before.dict(a), y = after.dict(b)
                #expect(x["/Subtype"] as? String == y["/Subtype"] as? String)
                #expect(x["/Rect"] as? [Double] == y["/Rect"] as? [Double], "\(x) became \(y)")
                #expect(x["/FT"] as? String == y["/FT"] as? String)
            }
            let ours = newAnnots.dropFirst(oldAnnots.count).map { after.dict($0) }
            #expect(ours.first?["/Subtype"] as? String == "/Watermark", "the pins are not the first annotation after the page's own")
            #expect(ours.first?["/F"] as? Int == 4 | 64 | 128 | 512, "Print, ReadOnly, Locked, LockedContents")
            // Then the buttons, then the comments and links.
            let raised = ours.dropFirst().prefix { $0["/Subtype"] as? String == "/Widget" }
            #expect(ours.dropFirst(1 + raised.count).allSatisfy { !["/Widget", "/Watermark"].contains($0["/Subtype"] as? String) })
            let geometry = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 612, height: 792),
                                        cropBox: page == 0 ? nil : CGRect(x: 20, y: 30, width: 570, height: 730),
                                        rotation: page == 0 ? .none : .quarter)
            let scene = scenes[page], strokes = scene.strokes
            let marks = (scene.markers.map { $0.bounds(strokes) } + scene.tooltips.map { $0.bounds(strokes) }).map(\.cgRect)
            let fieldRects = oldAnnots.map { before.dict($0) }.filter { $0["/Subtype"] as? String == "/Widget" }
                .map { rect(in: geometry, $0["/Rect"] as? [Double] ?? []) }
            let buttonRects = raised.map { rect(in: geometry, $0["/Rect"] as? [Double] ?? []) }
            for (button, box) in zip(raised, buttonRects) {
                #expect(button["/FT"] as? String == "/Btn" && button["/Ff"] as? Int == 65536 | 1 | 4,
                        "a read-only push button, not exported")
                #expect(button["/F"] as? Int == 4 | 64 | 128 | 512)
                #expect(ReviewExportTests.text(button["/T"]).hasPrefix("pinrender-pins-\(page + 1)-"))
                // Over one mark that lies on a field: its bounds, edges rounded out to whole points.
                #expect(marks.contains { mark in fieldRects.contains { $0.intersects(mark) }
                            && mark.insetBy(dx: -1, dy: -1).contains(box) && box.contains(mark.insetBy(dx: 0.01, dy: 0.01)) },
                        "page \(page + 1): button \(box) is not over one mark on a field")
            }
            // Every pin on a field (its marker's centre) is under a button.
            for marker in scene.markers where fieldRects.contains(where: { $0.contains(CGPoint(x: marker.x, y: marker.y)) }) {
                #expect(buttonRects.contains { $0.contains(CGPoint(x: marker.x, y: marker.y)) },
                        "page \(page + 1): pin \(marker.id) is on a field, under no button")
            }
            buttons += newAnnots.dropFirst(oldAnnots.count + 1).prefix(raised.count)
        }
        #expect(buttons.count >= 6)
        let fields = { (objects: ReviewExportTests.Objects) in
            objects.dict(objects.catalog["/AcroForm"])["/Fields"] as? [String] ?? []
        }
        let names = { (objects: ReviewExportTests.Objects) in fields(objects).map { ReviewExportTests.text(objects.dict($0)["/T"]) } }
        #expect(names(before).count == 6 && Array(names(after).prefix(6)) == names(before))
        #expect(Array(fields(after).dropFirst(6)) == buttons, "the buttons are not the form's last fields")
        // MuPDF reads the same fields, with the same values, rectangles and flags.
        let widgets = """
            import sys, pymupdf
            document = pymupdf.open(sys.argv[1])
            for page in document:
                for w in page.widgets():
                    print(w.field_name, w.field_type_string, w.field_value, w.field_flags,
                          document.xref_get_key(w.xref, "F")[1], [round(c, 2) for c in w.rect])
            """
        let list = { (file: String) in
            let result = try Support.run("/usr/bin/env", ["python3", "-c", widgets, file])
            #expect(result.status == 0, "\(file): \(result.stderr)")
            return result.stdout.split(separator: "\n")
        }
        let original = try list(input), exported = try list(out)
        #expect(original.count == 6 && exported.filter { !$0.hasPrefix("pinrender-pins-") } == original, "\(exported)")
        #expect(exported.filter { $0.hasPrefix("pinrender-pins-") }.allSatisfy { $0.contains(" Button ") },
                "\(exported)")
    }

    /// A rectangle `[x0 y0 x1 y1]` of PDF page space in content space.
    private func rect(in geometry: PageGeometry, _ v: [Double]) -> CGRect {
        guard v.count == 4 else { return .null }
        let a = geometry.contentPoint(fromPageSpace: CGPoint(x: v[0], y: v[1]))
        let b = geometry.contentPoint(fromPageSpace: CGPoint(x: v[2], y: v[3]))
        return CGRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// A form that sets /NeedAppearances: viewers redraw its fields, a push button as an
    /// empty one, so there are no buttons; the pins stay in the Watermark, drawn above the
    /// fields by Poppler, under them by MuPDF, and the export says so on stderr, naming the
    /// file and the page.
    @Test func aFormThatNeedsAppearancesGetsNoButtonsAndAWarning() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("needs.pdf").path, pins = Self.path("annotations.pins.json")
        let edit = """
            import sys, pymupdf
            document = pymupdf.open(sys.argv[1])
            form = document.xref_get_key(document.pdf_catalog(), "AcroForm")[1]
            document.xref_set_key(document.pdf_catalog(), "AcroForm", form[:-2] + " /NeedAppearances true >>")
            document.save(sys.argv[2])
            """
        let made = try Support.run("/usr/bin/env", ["python3", "-c", edit, Self.path("annotations.pdf"), input])
        #expect(made.status == 0, "\(made.stderr)")
        let (out, scenes, stderr) = try Self.export(input, pins: pins, password: nil, in: dir)
        let lines = stderr.split(separator: "\n").filter { $0.contains("NeedAppearances") }
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("needs.pdf") } && lines[0].contains("page 1"), "\(stderr)")
        let after = try ReviewExportTests.Objects(pdf: out)
        #expect(after.annotations("/Widget").count == 6 && after.annotations("/Watermark").count == 2)
        #expect(try Support.run("/usr/bin/qpdf", ["--check", out]).status == 0)
        try ExportPageCheck(input: input, export: out, scenes: scenes, covered: [.mupdf: ["p1", "p2", "p3", "p8", "p9", "p10"]])
            .run(pins: Self.pins(pins), in: dir)
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
            let (out, _, _) = try Self.export(input, pins: pins, password: password, in: dir)
            let (again, _, _) = try Self.export(input, pins: pins, password: password, in: dir, name: "again.pdf")
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
        let (export, _, _) = try Self.export(input, pins: pins, password: "owner", in: dir)
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
