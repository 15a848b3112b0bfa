import Foundation
import Testing

/// Bad input: exit status 2, one line naming the file and the field or index, nothing
/// written, an existing output left untouched.
@Suite struct BadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// Pins JSON text, or nil to use a valid pins file.
        var pins: String?
        /// Extra arguments; `{doc}` is the floor plan, `{bad}` a file with `badContent`.
        var arguments: [String]
        var badContent: String?
        /// Words the one-line message must contain.
        var mentions: [String]
        var description: String { name }
    }

    static let validPin = #"{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}"#

    static let cases: [Case] = [
        Case(name: "pins not JSON", pins: "{pins: oops", arguments: ["{doc}"], mentions: ["pins.json", "not valid JSON"]),
        Case(name: "pins wrong top level", pins: "\"hello\"", arguments: ["{doc}"], mentions: ["pins.json", "expected"]),
        Case(name: "coordinate out of range", pins: #"{"pins":[\#(validPin),{"id":"p2","contentId":"c","relativeX":1.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]}"#,
             arguments: ["{doc}"], mentions: ["pins.json", "pins[1].relativeX", "1.5"]),
        Case(name: "missing field", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]"#,
             arguments: ["{doc}"], mentions: ["pins[0].authorId", "missing"]),
        Case(name: "resolved as a number", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":1}]"#,
             arguments: ["{doc}"], mentions: ["pins[0].resolved"]),
        Case(name: "bad date", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"yesterday","text":"t","resolved":false}]"#,
             arguments: ["{doc}"], mentions: ["pins[0].createdAt", "ISO 8601"]),
        Case(name: "duplicate id", pins: "[\(validPin),\(validPin)]", arguments: ["{doc}"], mentions: ["pins[1].id", "duplicate"]),
        Case(name: "pin on a missing page", pins: #"[{"id":"p1","contentId":"c","page":9,"relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]"#,
             arguments: ["{doc}"], mentions: ["pins[0].page", "4 pages"]),
        Case(name: "page out of range", pins: nil, arguments: ["{doc}", "--page", "9"], mentions: ["floorplan.pdf", "page 9", "4 pages"]),
        Case(name: "text file named .pdf", pins: nil, arguments: ["{bad}"], badContent: "just some text\n", mentions: ["bad.pdf"]),
        Case(name: "truncated PDF", pins: nil, arguments: ["{bad}"], badContent: "%PDF-1.7\n1 0 obj\n<< /Type /Catalog", mentions: ["bad.pdf"]),
        Case(name: "empty document", pins: nil, arguments: ["{bad}"], badContent: "", mentions: ["bad.pdf", "empty"]),
        Case(name: "corrupt PNG", pins: nil, arguments: ["{bad}"], badContent: "\u{89}PNG\r\n\u{1A}\nbroken", mentions: ["bad.pdf"]),
        Case(name: "missing document", pins: nil, arguments: ["/nonexistent/plan.pdf"], mentions: ["/nonexistent/plan.pdf", "no such file"]),
        Case(name: "missing pins file", pins: nil, arguments: ["{doc}", "--pins", "/nonexistent/pins.json"], mentions: ["/nonexistent/pins.json"]),
        Case(name: "huge dpi", pins: nil, arguments: ["{doc}", "--dpi", "4000"], mentions: ["32767"]),
        Case(name: "unknown option", pins: nil, arguments: ["{doc}", "--frobnicate"], mentions: ["--frobnicate"]),
        Case(name: "bad tooltips mode", pins: nil, arguments: ["{doc}", "--tooltips", "some"], mentions: ["--tooltips"]),
        Case(name: "dpi on an image", pins: nil, arguments: [Support.path("samples/photo.jpg"), "--dpi", "100"], mentions: ["--dpi"]),
        Case(name: "pins not an array", pins: #"{"pins": {}}"#, arguments: ["{doc}"], mentions: ["pins.json", "\"pins\""]),
        Case(name: "pin not an object", pins: "[1]", arguments: ["{doc}"], mentions: ["pins[0]", "pin object"]),
        Case(name: "empty id", pins: #"[{"id":"","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]"#, arguments: ["{doc}"], mentions: ["pins[0].id", "empty"]),
        Case(name: "coordinate as text", pins: #"[{"id":"p1","contentId":"c","relativeX":"0.5","relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]"#, arguments: ["{doc}"], mentions: ["pins[0].relativeX", "a string"]),
        Case(name: "root without relativeY", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]"#, arguments: ["{doc}"], mentions: ["pins[0].relativeY", "missing"]),
        Case(name: "page zero", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false,"page":0}]"#, arguments: ["{doc}"], mentions: ["pins[0].page", "below 1"]),
        Case(name: "page not whole", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false,"page":1.5}]"#, arguments: ["{doc}"], mentions: ["pins[0].page", "whole number"]),
        Case(name: "missing createdAt", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","text":"t","resolved":false}]"#, arguments: ["{doc}"], mentions: ["pins[0].createdAt", "missing"]),
        Case(name: "null text", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":null,"resolved":false}]"#, arguments: ["{doc}"], mentions: ["pins[0].text", "missing"]),
        Case(name: "infinite coordinate", pins: #"[{"id":"p1","contentId":"c","relativeX":1e999,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]"#, arguments: ["{doc}"], mentions: ["pins[0].relativeX", "outside 0...1"]),
        Case(name: "negative number", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false,"number":-1}]"#, arguments: ["{doc}"], mentions: ["pins[0].number", "below 0"]),
        Case(name: "audio not an object", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false,"audio":"a.m4a"}]"#, arguments: ["{doc}"], mentions: ["pins[0].audio", "object"]),
        Case(name: "control character in a string", pins: "[{\"id\": \"a\u{01}b\"}]", arguments: ["{doc}"], mentions: ["pins.json", "control character", "line 1"]),
        Case(name: "trailing garbage", pins: "[] x", arguments: ["{doc}"], mentions: ["pins.json", "after the JSON value"]),
        Case(name: "empty pins file", pins: "", arguments: ["{doc}"], mentions: ["pins.json", "not valid JSON"]),
        Case(name: "nesting too deep", pins: String(repeating: "[", count: 1000), arguments: ["{doc}"], mentions: ["pins.json", "512"]),
        Case(name: "duplicate id far apart", pins: "[" + Array(repeating: validPin, count: 5).joined(separator: ",") + "]", arguments: ["{doc}"], mentions: ["pins[1].id"]),
        Case(name: "a directory as the document", pins: nil, arguments: ["/tmp"], mentions: ["/tmp", "directory"]),
        Case(name: "JPEG with a corrupt body", pins: nil, arguments: ["{bad}"], badContent: "\u{FF}\u{D8}\u{FF}\u{E0}garbage", mentions: ["bad.pdf"]),
        Case(name: "pixel limit", pins: nil, arguments: [Support.path("samples/photo.jpg"), "--max-pixels", "1000"], mentions: ["photo.jpg", "limit of 1000 pixels"]),
        Case(name: "unknown extension", pins: nil, arguments: ["{doc}", "-o", "{dir}/out.txt"], mentions: ["out.txt", ".png or .pdf"]),
        Case(name: "page zero option", pins: nil, arguments: ["{doc}", "--page", "0"], mentions: ["--page"]),
        Case(name: "backwards page range", pins: nil, arguments: ["{doc}", "--pages", "3-1"], mentions: ["--pages", "3-1"]),
        Case(name: "empty canvas", pins: nil, arguments: ["--canvas", "0x10"], mentions: ["--canvas"]),
        Case(name: "missing theme", pins: nil, arguments: ["{doc}", "--theme", "/nonexistent/theme.json"], mentions: ["/nonexistent/theme.json"]),
        Case(name: "missing output directory", pins: nil, arguments: ["{doc}", "-o", "/nonexistent-dir/out.png"], mentions: ["/nonexistent-dir", "does not exist"]),
        Case(name: "device with a PDF output", pins: nil, arguments: ["{doc}", "--device", "iphone-15", "-o", "{dir}/out.pdf"], mentions: ["--device"]),
        Case(name: "unknown device", pins: nil, arguments: ["{doc}", "--device", "nokia-3310"], mentions: ["nokia-3310"]),
        Case(name: "zoom without a device", pins: nil, arguments: ["{doc}", "--zoom", "2"], mentions: ["--device"]),
        Case(name: "option given twice", pins: nil, arguments: ["{doc}", "--dpi", "10", "--dpi", "20"], mentions: ["--dpi", "twice"]),
        Case(name: "page and pages", pins: nil, arguments: ["{doc}", "--page", "1", "--pages", "2"], mentions: ["--page", "--pages"]),
    ]

    @Test(arguments: cases)
    func exitsTwoWithOneLineAndWritesNothing(_ c: Case) throws {
        let dir = try Support.scratch()
        let pinsPath = dir.appendingPathComponent("pins.json").path
        try Data((c.pins ?? "[\(Self.validPin)]").utf8).write(to: URL(fileURLWithPath: pinsPath))
        let bad = dir.appendingPathComponent("bad.pdf").path
        if let content = c.badContent { try Data(content.utf8).write(to: URL(fileURLWithPath: bad)) }
        let out = dir.appendingPathComponent("out.png").path
        let previous = Data("previous good output".utf8)
        try previous.write(to: URL(fileURLWithPath: out))
        var arguments = ["render"] + c.arguments.map {
            $0.replacingOccurrences(of: "{doc}", with: Support.path("samples/floorplan.pdf"))
                .replacingOccurrences(of: "{bad}", with: bad)
                .replacingOccurrences(of: "{dir}", with: dir.path)
        }
        if !arguments.contains("--pins") { arguments += ["--pins", pinsPath] }
        if !arguments.contains("-o") { arguments += ["-o", out] }
        arguments += ["--layout-json", dir.appendingPathComponent("layout.json").path]
        let result = try Support.pinrender(arguments)
        #expect(result.status == 2, "\(c.name): status \(result.status), stderr \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(c.name): \(result.stderr)")
        for word in c.mentions {
            #expect(result.stderr.contains(word), "\(c.name): \"\(word)\" not in \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == previous, "\(c.name): the old output changed")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == (c.badContent == nil ? ["out.png", "pins.json"] : ["bad.pdf", "out.png", "pins.json"]),
                "\(c.name): left \(left)")
    }

    @Test func theCorpusIsLarge() {
        #expect(Self.cases.count >= 40)
    }

    @Test func encryptedAndEmptyPDFs() throws {
        let dir = try Support.scratch()
        let locked = dir.appendingPathComponent("locked.pdf").path
        _ = try Support.tool("qpdf", ["--encrypt", "secret", "owner", "256", "--", Support.path("samples/floorplan.pdf"), locked])
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.png").path
        let without = try Support.pinrender(["render", locked, "--pins", pins, "--page", "1", "-o", out])
        #expect(without.status == 2 && without.stderr.contains("locked.pdf") && without.stderr.contains("--password"), "\(without.stderr)")
        let wrong = try Support.pinrender(["render", locked, "--pins", pins, "--password", "nope", "-o", out])
        #expect(wrong.status == 2 && wrong.stderr.contains("password does not open it"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try Support.pinsrenderOK(["render", locked, "--pins", pins, "--password", "secret", "--page", "1", "--dpi", "20", "-o", out]))
        // A PDF without pages.
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]
        let empty = dir.appendingPathComponent("empty.pdf")
        try Support.writePDF(objects, to: empty)
        let none = try Support.pinrender(["render", empty.path, "--pins", pins, "-o", dir.appendingPathComponent("e.png").path])
        #expect(none.status == 2 && none.stderr.contains("empty.pdf"), "\(none.stderr)")
        // An image whose header claims 100000 x 100000 pixels is refused before decoding.
        let png = PNGBytes.file([("IHDR", [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 2, 0, 0, 0]),
                                 ("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]), ("IEND", [])])
        let huge = dir.appendingPathComponent("huge.png")
        try Data(png).write(to: huge)
        let refused = try Support.pinrender(["render", huge.path, "--pins", pins, "-o", dir.appendingPathComponent("h.png").path])
        #expect(refused.status == 2 && refused.stderr.contains("100000 x 100000") && refused.stderr.contains("32767"),
                "\(refused.stderr)")
    }

    /// Not errors: a megabyte of comment with control characters draws, cut to fit.
    @Test func hugeTextsAndControlCharactersDraw() throws {
        let dir = try Support.scratch()
        let text = String(repeating: "Очень длинный комментарий\t\u{07}with a bell and\r\nbreaks. ", count: 20_000)
        let pins: [[String: Any]] = [["id": "big", "contentId": "c", "relativeX": 0.5, "relativeY": 0.5, "authorId": "a",
                                      "createdAt": "2026-11-02T09:15:00Z", "text": text, "resolved": false]]
        let path = dir.appendingPathComponent("big.json")
        try JSONSerialization.data(withJSONObject: pins).write(to: path)
        #expect(try Data(contentsOf: path).count > 1_000_000)
        let json = dir.appendingPathComponent("layout.json").path
        #expect(try Support.pinsrenderOK(["render", "--canvas", "600x400", "--pins", path.path, "--tooltips", "all",
                                           "-o", dir.appendingPathComponent("big.png").path, "--layout-json", json]))
        let layout = try String(contentsOfFile: json, encoding: .utf8)
        #expect(layout.contains("\"pinId\" : \"big\""), "the tooltip was dropped")
        #expect(!layout.contains("\\u0007"), "a control character reached the drawing")
    }

    /// A full disk, played by a file size limit: a clear error, the old output kept, no
    /// temporary file left.
    @Test(arguments: ["png", "pdf"])
    func aFullDiskLeavesTheOldOutput(kind: String) throws {
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("out.\(kind)")
        try Data("old".utf8).write(to: out)
        let size = kind == "png" ? " --dpi 100" : ""
        let command = "ulimit -f 40; trap '' XFSZ; exec '\(Support.binary)' render '\(Support.path("samples/floorplan.pdf"))' "
            + "--pins '\(Support.path("samples/pins/floorplan-few.json"))' --page 1\(size) -o '\(out.path)'"
        let result = try Support.run("/bin/sh", ["-c", command])
        #expect(result.status == 2 && result.stderr.contains("out.\(kind): cannot write"), "\(result.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.\(kind)"])
    }

    @Test func outputOverTheInputIsRefused() throws {
        let dir = try Support.scratch()
        let copy = dir.appendingPathComponent("plan.pdf")
        try FileManager.default.copyItem(atPath: Support.path("samples/floorplan.pdf"), toPath: copy.path)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let before = try Data(contentsOf: copy)
        let result = try Support.pinrender(["render", copy.path, "--pins", pins, "-o", copy.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is the input"))
        #expect(try Data(contentsOf: copy) == before)
    }
}
